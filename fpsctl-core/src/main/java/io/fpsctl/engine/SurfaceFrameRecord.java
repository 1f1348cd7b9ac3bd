package io.fpsctl.engine;

import java.util.List;
import java.util.Objects;

/**
 * One SurfaceFrame block of a {@code dumpsys SurfaceFlinger --frametimeline} dump (docs/formats.md 5.3), as printed by
 * {@code SurfaceFrame::dump} (frameworks/native {@code services/surfaceflinger/FrameTimeline/FrameTimeline.cpp},
 * the same at android-12.0.0_r1 … android-16.0.0_r2): the strings are kept verbatim so that unknown types survive to
 * a warning.
 *
 * @param token           {@code Token:} — the same number as gfxinfo's {@code FrameTimelineVsyncId} (Android 12+);
 *                        −1 for a transaction without a vsync id ({@code Prediction State : None})
 * @param layer           the name after {@code Layer - } (without the {@code [*]} mark), as printed: SurfaceFlinger's
 *                        {@code mDebugName}, {@code "TX - " + <layer name>} for BLAST/BufferState layers
 * @param ownerPid        {@code Owner Pid :}, −1 when the line was missing
 * @param layerId         {@code Layer ID :}, −1 when missing
 * @param buffer          {@code Is Buffer?: 1} (0 for a transaction without a buffer)
 * @param presentState    {@code Presented}, {@code Dropped}, {@code Unknown} (or whatever was printed; empty when missing)
 * @param jankTypes       the comma-separated {@code Jank Type :} items, trimmed; empty for {@code None} or a missing line
 * @param predictionState {@code Valid}, {@code Expired}, {@code None} as printed (empty when missing)
 * @param finishMetadata  {@code On Time Finish}, {@code Late Finish}, {@code Unknown Finish} as printed (empty when
 *                        missing)
 */
public record SurfaceFrameRecord(long token, String layer, int ownerPid, int layerId, boolean buffer,
                                 String presentState, List<String> jankTypes, String predictionState,
                                 String finishMetadata) {

    /**
     * What SurfaceFlinger puts before a BLAST/BufferState layer's name to name its SurfaceFrames:
     * {@code const std::string mTransactionName{"TX - " + mName};} ({@code Layer.h}, android-12.0.0_r1 …
     * android-16.0.0_r2), passed to {@code createSurfaceFrameForBuffer} and {@code createSurfaceFrameForTransaction}
     * in {@code Layer.cpp}. The legacy {@code BufferQueueLayer} of 12/13 passes the plain {@code mName}
     * ({@code BufferQueueLayer.cpp}).
     */
    public static final String TRANSACTION_PREFIX = "TX - ";

    public SurfaceFrameRecord {
        Objects.requireNonNull(layer, "layer");
        Objects.requireNonNull(presentState, "presentState");
        Objects.requireNonNull(predictionState, "predictionState");
        Objects.requireNonNull(finishMetadata, "finishMetadata");
        jankTypes = List.copyOf(jankTypes);
    }

    /** A SurfaceFrame with valid predictions and no finish metadata (tests, and dumps that lack the lines). */
    public SurfaceFrameRecord(long token, String layer, int ownerPid, int layerId, boolean buffer,
                              String presentState, List<String> jankTypes) {
        this(token, layer, ownerPid, layerId, buffer, presentState, jankTypes, "Valid", "");
    }

    /** {@code Present State : Dropped}. */
    public boolean dropped() {
        return presentState.equals("Dropped");
    }

    /** The layer's own name: {@link #layer()} without the {@code TX - } prefix of BLAST/BufferState SurfaceFrames. */
    public String layerName() {
        return withoutTransactionPrefix(layer);
    }

    /** {@code Prediction State : Expired}: the token's predictions were evicted before the frame came. */
    public boolean predictionExpired() {
        return predictionState.equals("Expired");
    }

    /** {@code Prediction State : None} or {@code Token: -1}: a transaction without a vsync id; it joins nothing. */
    public boolean withoutToken() {
        return token < 0 || predictionState.equals("None");
    }

    /** {@code Finish Metadata: Late Finish}. */
    public boolean lateFinish() {
        return finishMetadata.equals("Late Finish");
    }

    /** {@code name} without a leading {@link #TRANSACTION_PREFIX}. */
    public static String withoutTransactionPrefix(String name) {
        return name.startsWith(TRANSACTION_PREFIX) ? name.substring(TRANSACTION_PREFIX.length()) : name;
    }
}
