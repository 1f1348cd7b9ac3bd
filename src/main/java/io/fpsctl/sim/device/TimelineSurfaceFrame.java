package io.fpsctl.sim.device;

/**
 * One SurfaceFrame of the simulated FrameTimeline (SurfaceFlinger's {@code SurfaceFrame}): absolute
 * CLOCK_MONOTONIC times in ns, the jank as SurfaceFlinger's {@code JankType} bitmask ({@link JankBits}).
 *
 * @param token       the vsync id (= gfxinfo {@code FrameTimelineVsyncId} of the same frame)
 * @param layerKey    the truth files' logical layer key ({@code app}, {@code app-w1}, {@code surfaceview})
 * @param layerName   the layer's name as SurfaceFlinger prints it
 * @param layerId     the layer's sequence id
 * @param ownerPid    the app's pid
 * @param renderRate  scheduled rendering rate in fps
 * @param dropped     {@code Present State : Dropped} (else Presented)
 * @param dropTime    when it was dropped (0 unless dropped)
 * @param jank        JankType bitmask
 * @param latePresent Present Metadata: Late Present (else On Time Present; Unknown Present when dropped)
 * @param lateFinish  Finish Metadata: Late Finish (else On Time Finish; Unknown Finish when dropped)
 * @param lastLatch   the layer's last latch time
 */
record TimelineSurfaceFrame(long token, String layerKey, String layerName, int layerId, int ownerPid, int renderRate,
                            boolean dropped, long dropTime, int jank, boolean latePresent, boolean lateFinish,
                            long lastLatch, long expectedStart, long expectedEnd, long expectedPresent,
                            long actualStart, long actualEnd, long actualPresent) {

    /** SurfaceFlinger's {@code getBaseTime()} of this SurfaceFrame. */
    long baseTime() {
        return minTime(expectedStart, actualStart, actualEnd, actualPresent);
    }

    /**
     * SurfaceFlinger's {@code getMinTime} (predictions valid): the smallest of the expected start and the actual
     * times that are set — including its quirk of taking the end time when the present time is set.
     */
    static long minTime(long expectedStart, long actualStart, long actualEnd, long actualPresent) {
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
        return min;
    }
}
