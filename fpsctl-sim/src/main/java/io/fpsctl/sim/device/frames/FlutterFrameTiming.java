package io.fpsctl.sim.device.frames;

/**
 * One Flutter frame as the engine times it: the five {@code FramePhase} timestamps of {@code dart:ui}'s
 * {@code FrameTiming} (vsyncStart, buildStart, buildFinish, rasterStart, rasterFinish; flutter/engine
 * {@code lib/ui/platform_dispatcher.dart FrameTiming}), here in device monotonic nanoseconds, plus the frame
 * number and the SurfaceFlinger present time of the buffer the raster thread queued for it (the frame the user
 * saw).
 *
 * @param number        {@code FrameTiming.frameNumber} (1, 2, … per engine)
 * @param actualPresent present-fence time of the frame's buffer on the SurfaceView layer
 */
public record FlutterFrameTiming(long number, long vsyncStart, long buildStart, long buildFinish, long rasterStart,
                                 long rasterFinish, long actualPresent) {

    /** {@code FrameTiming.buildDuration}: buildFinish − buildStart (the UI thread's part). */
    public long buildNs() {
        return buildFinish - buildStart;
    }

    /** {@code FrameTiming.rasterDuration}: rasterFinish − rasterStart (the raster thread's part). */
    public long rasterNs() {
        return rasterFinish - rasterStart;
    }

    /** {@code FrameTiming.vsyncOverhead}: buildStart − vsyncStart. */
    public long vsyncOverheadNs() {
        return buildStart - vsyncStart;
    }

    /** {@code FrameTiming.totalSpan}: rasterFinish − vsyncStart. */
    public long totalSpanNs() {
        return rasterFinish - vsyncStart;
    }
}
