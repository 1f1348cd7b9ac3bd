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

    long baseTime() {
        long min = expectedStart;
        if (actualStart != 0) {
            min = Math.min(min, actualStart);
        }
        if (actualEnd != 0) {
            min = Math.min(min, actualEnd);
        }
        if (actualPresent != 0) {
            min = Math.min(min, actualEnd);
        }
        for (TimelineSurfaceFrame s : surfaceFrames) {
            long b = s.baseTime();
            if (b != 0) {
                min = Math.min(min, b);
            }
        }
        return min;
    }
}
