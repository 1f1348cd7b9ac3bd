package io.fpsctl.engine;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.StringJoiner;

/**
 * What FrameTimeline says about one frame (METRICS.md section 9): its jank types, its present state, and whether
 * it is app or system jank. Immutable.
 *
 * @param attributed   false when no SurfaceFrame joined the frame
 * @param types        the frame's jank types (empty when on time or unattributed)
 * @param presentState {@code Presented}, {@code Dropped}, {@code Unknown} as printed; empty when unattributed
 */
public record FrameTimelineVerdict(boolean attributed, Set<FrameTimelineJankType> types, String presentState) {

    /** A frame no SurfaceFrame joined. */
    public static final FrameTimelineVerdict UNATTRIBUTED =
            new FrameTimelineVerdict(false, EnumSet.noneOf(FrameTimelineJankType.class), "");

    public FrameTimelineVerdict {
        types = types.isEmpty() ? Collections.emptySet() : Collections.unmodifiableSet(EnumSet.copyOf(types));
    }

    /** The app was late: the types include {@code appDeadlineMissed}. */
    public boolean appJank() {
        return types.contains(FrameTimelineJankType.APP_DEADLINE_MISSED);
    }

    /**
     * Not app jank, but a type other than {@code bufferStuffing} is present (buffer stuffing alone is extra
     * latency, not a missed frame).
     */
    public boolean systemJank() {
        if (appJank()) {
            return false;
        }
        for (FrameTimelineJankType t : types) {
            if (t != FrameTimelineJankType.BUFFER_STUFFING) {
                return true;
            }
        }
        return false;
    }

    /** App or system jank. */
    public boolean janky() {
        return appJank() || systemJank();
    }

    /** The CSV {@code jankTypes} cell: the keys joined with {@code |}, empty when on time or unattributed. */
    public String jankTypesColumn() {
        StringJoiner j = new StringJoiner("|");
        for (FrameTimelineJankType t : FrameTimelineJankType.values()) {
            if (types.contains(t)) {
                j.add(t.key());
            }
        }
        return j.toString();
    }
}
