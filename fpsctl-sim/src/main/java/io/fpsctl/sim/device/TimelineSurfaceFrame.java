package io.fpsctl.sim.device;

/**
 * One SurfaceFrame of the simulated FrameTimeline (SurfaceFlinger's {@code SurfaceFrame}): absolute CLOCK_MONOTONIC
 * times in ns (0 = not set), the jank as SurfaceFlinger's {@code JankType} bitmask ({@link JankBits}), classified by
 * {@link SurfaceFrameClassifier}.
 *
 * @param token           the vsync id (= gfxinfo {@code FrameTimelineVsyncId} of the same frame), −1 without one
 * @param layerKey        the truth files' logical layer key ({@code app}, {@code app-w1}, {@code surfaceview}, …)
 * @param debugName       what {@code Layer - } prints: SurfaceFlinger's {@code mDebugName}, {@code "TX - "} + the
 *                        layer's name for BLAST/BufferState layers ({@code Layer.h mTransactionName})
 * @param layerId         the layer's sequence id
 * @param ownerPid        the app's pid
 * @param buffer          {@code Is Buffer?: 1} (0: a transaction without a buffer)
 * @param prediction      {@code Prediction State}; with {@code Expired} and {@code None} the expected times are 0
 * @param dropped         {@code Present State : Dropped} (else Presented)
 * @param dropTime        when it was dropped (0 unless dropped)
 * @param verdict         jank and present / finish metadata once its display frame is presented
 * @param lastLatch       the layer's previous latch time ({@code mLastLatchTime}), 0 when none
 */
record TimelineSurfaceFrame(long token, String layerKey, String debugName, int layerId, int ownerPid, boolean buffer,
                            PredictionState prediction, boolean dropped, long dropTime,
                            SurfaceFrameClassifier.Verdict verdict, long lastLatch, long expectedStart,
                            long expectedEnd, long expectedPresent, long actualStart, long actualEnd,
                            long actualPresent) {

    int jank() {
        return verdict.jank();
    }

    /** SurfaceFlinger's {@code SurfaceFrame::getBaseTime()} on {@code version}. */
    long baseTime(AndroidVersion version) {
        return minTime(version, prediction == PredictionState.VALID, expectedStart, actualStart, actualEnd,
                actualPresent);
    }

    /**
     * SurfaceFlinger's {@code getMinTime} ({@code FrameTimeline.cpp}): the expected start when the predictions are
     * valid, and the actual times that are set; on 12/13 (android-12.0.0_r1, android-13.0.0_r1) with the quirk of
     * taking the end time when the present time is set, fixed from android-14.0.0_r1. {@link Long#MAX_VALUE} when
     * nothing is set.
     */
    static long minTime(AndroidVersion version, boolean predictionsValid, long expectedStart, long actualStart,
                        long actualEnd, long actualPresent) {
        long min = predictionsValid ? expectedStart : Long.MAX_VALUE;
        if (actualStart != 0) {
            min = Math.min(min, actualStart);
        }
        if (actualEnd != 0) {
            min = Math.min(min, actualEnd);
        }
        if (actualPresent != 0) {
            min = Math.min(min, version.major() <= 13 ? actualEnd : actualPresent);
        }
        return min;
    }
}
