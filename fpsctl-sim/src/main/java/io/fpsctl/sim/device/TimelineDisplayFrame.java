package io.fpsctl.sim.device;

import java.util.List;

/**
 * One DisplayFrame of the simulated FrameTimeline: SurfaceFlinger's own predictions and actuals for one
 * composition, its jank bitmask ({@link JankBits}) and the SurfaceFrames it presented (or dropped).
 */
record TimelineDisplayFrame(long periodNs, int jank, boolean latePresent, boolean lateFinish,
                            long expectedStart, long expectedEnd, long expectedPresent,
                            long actualStart, long actualEnd, long actualPresent,
                            List<TimelineSurfaceFrame> surfaceFrames) {

    /** {@code startThreshold} of {@code JankClassificationThresholds} (2 ms, {@code FrameTimeline.h} 12–16). */
    private static final long START_THRESHOLD = 2_000_000L;

    TimelineDisplayFrame {
        surfaceFrames = List.copyOf(surfaceFrames);
    }

    /**
     * {@code Start Metadata}: {@code DisplayFrame::classifyJank} sets {@code LateStart} / {@code EarlyStart} only when
     * the actual start is more than 2 ms off the predicted one; otherwise it stays at its initial
     * {@code UnknownStart} (FrameTimeline.h {@code mFrameStartMetadata = FrameStartMetadata::UnknownStart}): AOSP
     * never prints {@code On Time Start} (android-12.0.0_r1 … android-16.0.0_r2).
     */
    String startMetadata(boolean classified) {
        long delta = actualStart - expectedStart;
        if (!classified || Math.abs(delta) <= START_THRESHOLD) {
            return "Unknown Start";
        }
        return delta > 0 ? "Late Start" : "Early Start";
    }

    /** SurfaceFlinger's {@code DisplayFrame::getBaseTime()}: its own and its SurfaceFrames' smallest time. */
    long baseTime(AndroidVersion version) {
        long min = TimelineSurfaceFrame.minTime(version, true, expectedStart, actualStart, actualEnd, actualPresent);
        for (TimelineSurfaceFrame s : surfaceFrames) {
            long b = s.baseTime(version);
            if (b != 0) {
                min = Math.min(min, b);
            }
        }
        return min;
    }
}
