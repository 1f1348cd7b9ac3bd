package io.fpsctl.engine;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.StringJoiner;

/**
 * What FrameTimeline says about one frame (docs/metrics.md section 10): its jank types, its present state, and whom it
 * blames. Immutable.
 *
 * @param attributed   false when no SurfaceFrame joined the frame
 * @param types        the frame's jank types (empty when on time or unattributed)
 * @param presentState {@code Presented}, {@code Dropped}, {@code Unknown} as printed; empty when unattributed
 * @param blame        app, system, a dropped buffer, or none ({@link #blameOf} for the rule)
 */
public record FrameTimelineVerdict(boolean attributed, Set<FrameTimelineJankType> types, String presentState,
                                   FrameTimelineBlame blame) {

    /** A frame no SurfaceFrame joined. */
    public static final FrameTimelineVerdict UNATTRIBUTED = new FrameTimelineVerdict(false,
            EnumSet.noneOf(FrameTimelineJankType.class), "", FrameTimelineBlame.NONE);

    public FrameTimelineVerdict {
        types = types.isEmpty() ? Collections.emptySet() : Collections.unmodifiableSet(EnumSet.copyOf(types));
        Objects.requireNonNull(blame, "blame");
    }

    /**
     * A verdict whose blame follows from its types alone ({@link #blameOf} without finish metadata or prediction
     * state: e.g. one read back from a frames CSV).
     */
    public FrameTimelineVerdict(boolean attributed, Set<FrameTimelineJankType> types, String presentState) {
        this(attributed, types, presentState, attributed ? blameOf(types, presentState, false, false)
                : FrameTimelineBlame.NONE);
    }

    /**
     * docs/metrics.md 10, from AOSP's {@code SurfaceFrame::classifyJankLocked} (frameworks/native
     * {@code services/surfaceflinger/FrameTimeline/FrameTimeline.cpp}, android-12.0.0_r1 … android-16.0.0_r2):
     * <ol>
     *   <li>a dropped buffer ({@code dropped}: {@code Dropped Frame}, printed from android-14.0.0_r29, or
     *       {@code Present State : Dropped}) blames nobody: {@link FrameTimelineBlame#DROPPED_BUFFER};</li>
     *   <li>{@code appDeadlineMissed} is the app's;</li>
     *   <li>{@code unknown} is the app's when the SurfaceFrame finished late ({@code Late Finish}: AOSP gives
     *       {@code Unknown} to a late finish presented early) or its predictions had expired (12/12L print
     *       {@code Unknown jank} where 13+ print {@code App Deadline Missed});</li>
     *   <li>any other type but {@code bufferStuffing} is the system's; {@code bufferStuffing} alone is nobody's.</li>
     * </ol>
     */
    public static FrameTimelineBlame blameOf(Set<FrameTimelineJankType> types, String presentState, boolean lateFinish,
                                             boolean predictionExpired) {
        if (types.contains(FrameTimelineJankType.DROPPED) || "Dropped".equals(presentState)) {
            return FrameTimelineBlame.DROPPED_BUFFER;
        }
        if (types.contains(FrameTimelineJankType.APP_DEADLINE_MISSED)) {
            return FrameTimelineBlame.APP;
        }
        if (types.contains(FrameTimelineJankType.UNKNOWN) && (lateFinish || predictionExpired)) {
            return FrameTimelineBlame.APP;
        }
        for (FrameTimelineJankType t : types) {
            if (t != FrameTimelineJankType.BUFFER_STUFFING) {
                return FrameTimelineBlame.SYSTEM;
            }
        }
        return FrameTimelineBlame.NONE;
    }

    /** The app was late (docs/metrics.md 10. */
    public boolean appJank() {
        return blame == FrameTimelineBlame.APP;
    }

    /** Janky, but not the app's (buffer stuffing alone and dropped buffers are neither). */
    public boolean systemJank() {
        return blame == FrameTimelineBlame.SYSTEM;
    }

    /** SurfaceFlinger dropped this frame's buffer (a newer one replaced it): neither app nor system jank. */
    public boolean droppedBuffer() {
        return blame == FrameTimelineBlame.DROPPED_BUFFER;
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
