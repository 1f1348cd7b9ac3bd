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

    TimelineDisplayFrame {
        surfaceFrames = List.copyOf(surfaceFrames);
    }

    /** SurfaceFlinger's {@code DisplayFrame::getBaseTime()}: its own and its SurfaceFrames' smallest time. */
    long baseTime() {
        long min = TimelineSurfaceFrame.minTime(expectedStart, actualStart, actualEnd, actualPresent);
        for (TimelineSurfaceFrame s : surfaceFrames) {
            long b = s.baseTime();
            if (b != 0) {
                min = Math.min(min, b);
            }
        }
        return min;
    }
}
