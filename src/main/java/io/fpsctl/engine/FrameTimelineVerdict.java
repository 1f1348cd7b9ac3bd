package io.fpsctl.engine;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.StringJoiner;

/**
 * What FrameTimeline says about one frame (docs/metrics.md 10): its jank types, its present state, and whom it
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
     * A verdict whose blame follows from its types and present state ({@link #blameOf}): a dump's SurfaceFrame, or
     * one read back from a frames CSV.
     */
    public FrameTimelineVerdict(boolean attributed, Set<FrameTimelineJankType> types, String presentState) {
        this(attributed, types, presentState, attributed ? blameOf(types, presentState) : FrameTimelineBlame.NONE);
    }

    /**
     * docs/metrics.md 10 rev 4 for a dump's (or a CSV's) SurfaceFrame: the jank tag ({@link #jankTag}) of the bitmask
     * of its printed types and its present state. {@code dropped} among {@code types} is left out of the bitmask
     * when the present state is {@code Dropped}: fpsctl adds that key for the present state itself (Android 12-13
     * print a dropped frame's jank as {@code None}; from 14 SurfaceFlinger sets it to exactly {@code Dropped}, whose
     * tag is the same), so the bitmask is the one SurfaceFlinger traced.
     */
    public static FrameTimelineBlame blameOf(Set<FrameTimelineJankType> types, String presentState) {
        boolean presentDropped = "Dropped".equals(presentState);
        EnumSet<FrameTimelineJankType> printed = types.isEmpty() ? EnumSet.noneOf(FrameTimelineJankType.class)
                : EnumSet.copyOf(types);
        if (presentDropped) {
            printed.remove(FrameTimelineJankType.DROPPED);
        }
        return jankTag(FrameTimelineJankType.bitsOf(printed), presentDropped);
    }

    /**
     * Perfetto's jank tag of a SurfaceFrame, exactly as trace_processor computes it
     * ({@code FrameTimelineEventParser::CalculateSurfaceFrameJankTag} with {@code SurfaceFrameJanky} and
     * {@code DisplayFrameJanky}, {@code src/trace_processor/importers/proto/frame_timeline_event_parser.cc},
     * google/perfetto v58.2), first rule that applies:
     * <ol>
     *   <li>{@code jank_type == JANK_UNSPECIFIED} → {@link FrameTimelineBlame#UNSPECIFIED};</li>
     *   <li>any of App Deadline Missed, App Resynced Jitter, Unknown → {@link FrameTimelineBlame#APP} (unless the
     *       bitmask is exactly None / Non Animating / Display not ON, which have none of these bits);</li>
     *   <li>any of SurfaceFlinger Scheduling, Prediction Error, Display HAL, SurfaceFlinger CPU / GPU Deadline
     *       Missed → {@link FrameTimelineBlame#SYSTEM};</li>
     *   <li>exactly Buffer Stuffing → {@link FrameTimelineBlame#BUFFER_STUFFING};</li>
     *   <li>exactly SurfaceFlinger Stuffing → {@link FrameTimelineBlame#SURFACE_FLINGER_STUFFING};</li>
     *   <li>present type Dropped (the present type, not the Dropped Frame bit) → {@link
     *       FrameTimelineBlame#DROPPED_BUFFER};</li>
     *   <li>exactly Non Animating, Display not ON or PowerModeChange in progress → {@link
     *       FrameTimelineBlame#NON_PERCEIVABLE};</li>
     *   <li>otherwise (None, and any other combination, e.g. Buffer Stuffing with Dropped Frame, or ModeChange in
     *       progress) → {@link FrameTimelineBlame#NONE}.</li>
     * </ol>
     *
     * @param jankType       the trace's {@code jank_type} bitmask (Perfetto's bits, {@link FrameTimelineJankType#bit})
     * @param presentDropped the present type is {@code PRESENT_DROPPED} (a present type outside 1–5 is no present type)
     */
    public static FrameTimelineBlame jankTag(int jankType, boolean presentDropped) {
        if (jankType == FrameTimelineJankType.BIT_UNSPECIFIED) {
            return FrameTimelineBlame.UNSPECIFIED;
        }
        if (surfaceFrameJanky(jankType)) {
            return FrameTimelineBlame.APP;
        }
        if (displayFrameJanky(jankType)) {
            return FrameTimelineBlame.SYSTEM;
        }
        if (jankType == FrameTimelineJankType.BUFFER_STUFFING.bit()) {
            return FrameTimelineBlame.BUFFER_STUFFING;
        }
        if (jankType == FrameTimelineJankType.SURFACE_FLINGER_STUFFING.bit()) {
            return FrameTimelineBlame.SURFACE_FLINGER_STUFFING;
        }
        if (presentDropped) {
            return FrameTimelineBlame.DROPPED_BUFFER;
        }
        if (jankType == FrameTimelineJankType.NON_ANIMATING.bit()
                || jankType == FrameTimelineJankType.DISPLAY_NOT_ON.bit()
                || jankType == FrameTimelineJankType.POWER_MODE_CHANGE.bit()) {
            return FrameTimelineBlame.NON_PERCEIVABLE;
        }
        return FrameTimelineBlame.NONE;
    }

    /** trace_processor's {@code SurfaceFrameJanky} (v58.2). */
    private static boolean surfaceFrameJanky(int jankType) {
        if (jankType == FrameTimelineJankType.BIT_NONE || jankType == FrameTimelineJankType.NON_ANIMATING.bit()
                || jankType == FrameTimelineJankType.DISPLAY_NOT_ON.bit()) {
            return false;
        }
        int mask = FrameTimelineJankType.APP_DEADLINE_MISSED.bit() | FrameTimelineJankType.APP_RESYNCED_JITTER.bit()
                | FrameTimelineJankType.UNKNOWN.bit();
        return (jankType & mask) != 0;
    }

    /** trace_processor's {@code DisplayFrameJanky} (v58.2). */
    private static boolean displayFrameJanky(int jankType) {
        if (jankType == FrameTimelineJankType.BIT_NONE || jankType == FrameTimelineJankType.NON_ANIMATING.bit()
                || jankType == FrameTimelineJankType.DISPLAY_NOT_ON.bit()) {
            return false;
        }
        int mask = FrameTimelineJankType.SURFACE_FLINGER_SCHEDULING.bit()
                | FrameTimelineJankType.PREDICTION_ERROR.bit() | FrameTimelineJankType.DISPLAY_HAL.bit()
                | FrameTimelineJankType.SURFACE_FLINGER_CPU.bit() | FrameTimelineJankType.SURFACE_FLINGER_GPU.bit();
        return (jankType & mask) != 0;
    }

    /** The app was late: Perfetto's "Self Jank" (docs/metrics.md 10 rev 4). */
    public boolean appJank() {
        return blame == FrameTimelineBlame.APP;
    }

    /** Janky, not the app's: Perfetto's "Other Jank" (docs/metrics.md 10 rev 4). */
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
