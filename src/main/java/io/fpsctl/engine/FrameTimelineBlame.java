package io.fpsctl.engine;

/**
 * Who a joined frame's FrameTimeline verdict blames: Perfetto's <em>jank tag</em> of a SurfaceFrame (docs/metrics.md
 * 10 rev 4; trace_processor's {@code CalculateSurfaceFrameJankTag}, {@code
 * src/trace_processor/importers/proto/frame_timeline_event_parser.cc}, google/perfetto v58.2). Only {@link #APP}
 * and {@link #SYSTEM} are jank.
 */
public enum FrameTimelineBlame {
    /** "No Jank": on time (and every combination of types the rules below do not name). */
    NONE("No Jank"),
    /** "Self Jank": App Deadline Missed, App Resynced Jitter or Unknown jank. */
    APP("Self Jank"),
    /** "Other Jank": SurfaceFlinger Scheduling / CPU / GPU, Prediction Error, Display HAL. */
    SYSTEM("Other Jank"),
    /** "Dropped Frame": present type Dropped — a newer buffer replaced this one before it was shown. */
    DROPPED_BUFFER("Dropped Frame"),
    /** "Buffer Stuffing" (the only type): the app queued ahead; latency, not a missed frame. */
    BUFFER_STUFFING("Buffer Stuffing"),
    /** "SurfaceFlinger Stuffing" (the only type): not a missed frame of the app's. */
    SURFACE_FLINGER_STUFFING("SurfaceFlinger Stuffing"),
    /** "Non-perceivable Jank": Non Animating, Display not ON or PowerModeChange in progress (the only type). */
    NON_PERCEIVABLE("Non-perceivable Jank"),
    /** "Unspecified": the trace gave no jank type; not judged. */
    UNSPECIFIED("Unspecified");

    private final String perfettoName;

    FrameTimelineBlame(String perfettoName) {
        this.perfettoName = perfettoName;
    }

    /** The {@code jank_tag} string trace_processor shows for this tag. */
    public String perfettoName() {
        return perfettoName;
    }
}
