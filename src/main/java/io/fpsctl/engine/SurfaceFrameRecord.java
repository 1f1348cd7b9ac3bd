package io.fpsctl.engine;

import java.util.List;
import java.util.Objects;

/**
 * One SurfaceFrame block of a {@code dumpsys SurfaceFlinger --frametimeline} dump (FORMATS.md C.4), as printed:
 * the strings are kept verbatim so that unknown types survive to a warning.
 *
 * @param token        {@code Token:} — the same number as gfxinfo's {@code FrameTimelineVsyncId} (Android 12+)
 * @param layer        the layer name after {@code Layer - } (without the {@code [*]} mark)
 * @param ownerPid     {@code Owner Pid :}, −1 when the line was missing
 * @param layerId      {@code Layer ID :}, −1 when missing
 * @param buffer       {@code Is Buffer?: 1}
 * @param presentState {@code Presented}, {@code Dropped}, {@code Unknown} (or whatever was printed; empty when missing)
 * @param jankTypes    the comma-separated {@code Jank Type :} items, trimmed; empty for {@code None} or a missing line
 */
public record SurfaceFrameRecord(long token, String layer, int ownerPid, int layerId, boolean buffer,
                                 String presentState, List<String> jankTypes) {

    public SurfaceFrameRecord {
        Objects.requireNonNull(layer, "layer");
        Objects.requireNonNull(presentState, "presentState");
        jankTypes = List.copyOf(jankTypes);
    }

    /** {@code Present State : Dropped}. */
    public boolean dropped() {
        return presentState.equals("Dropped");
    }
}
