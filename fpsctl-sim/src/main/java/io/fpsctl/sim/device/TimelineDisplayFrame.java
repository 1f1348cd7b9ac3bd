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

    /** {@code presentThreshold} of {@code JankClassificationThresholds} (2 ms, {@code FrameTimeline.h} 12–16). */
    private static final long PRESENT_THRESHOLD = 2_000_000L;

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

    /**
     * {@code Present Metadata} of a classified display frame: {@code DisplayFrame::classifyJank} sets
     * {@code LatePresent} / {@code EarlyPresent} when the actual present is more than {@code presentThreshold} after /
     * before the predicted one, else {@code OnTimePresent} (FrameTimeline.cpp, lineage-19.1 lines 908-913,
     * lineage-21.0 lines 989-994); the dump prints {@code toString(mFramePresentMetadata)} and the trace writes
     * {@code toProto(mFramePresentMetadata)} (lineage-19.1 line 1061, lineage-21.0 line 1214). An SurfaceFlinger
     * Scheduling frame presented a vsync early is therefore {@code Early Present}: that jank type is only given in
     * the {@code EarlyPresent} branch.
     */
    String presentMetadata() {
        long delta = actualPresent - expectedPresent;
        if (Math.abs(delta) <= PRESENT_THRESHOLD) {
            return "On Time Present";
        }
        return delta > 0 ? "Late Present" : "Early Present";
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
