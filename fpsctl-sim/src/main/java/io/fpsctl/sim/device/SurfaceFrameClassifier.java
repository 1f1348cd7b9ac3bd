package io.fpsctl.sim.device;

/**
 * SurfaceFlinger's {@code SurfaceFrame::classifyJankLocked} and {@code SurfaceFrame::onPresent}, version by version
 * (frameworks/native {@code services/surfaceflinger/FrameTimeline/FrameTimeline.cpp} at android-12.0.0_r1,
 * android-12.1.0_r1, android-13.0.0_r1, android-14.0.0_r1/r25, android-14.0.0_r29, android-15.0.0_r1,
 * android-16.0.0_r2), with the thresholds of {@code JankClassificationThresholds} ({@code FrameTimeline.h}: present
 * 2 ms, deadline 0 ms; 16's {@code presentThresholdExtended} of 4 ms is behind the
 * {@code increase_missed_frame_jank_threshold} flag and not simulated). The simulated Android 14 is QPR2 or later
 * (android-14.0.0_r29+): {@code Dropped} exists and a dropped SurfaceFrame is classified.
 */
final class SurfaceFrameClassifier {

    /** {@code presentThreshold} (2 ms). */
    static final long PRESENT_THRESHOLD = 2_000_000L;

    /**
     * The classification's outcome as {@code SurfaceFrame::dump} prints it.
     *
     * @param jank            the {@code JankType} bitmask ({@link JankBits})
     * @param presentMetadata {@code On Time Present}, {@code Late Present}, {@code Early Present}, {@code Unknown Present}
     * @param finishMetadata  {@code On Time Finish}, {@code Late Finish}, {@code Unknown Finish}
     */
    record Verdict(int jank, String presentMetadata, String finishMetadata) {
    }

    private final AndroidVersion version;

    SurfaceFrameClassifier(AndroidVersion version) {
        this.version = version;
    }

    /** Whether this version prints {@code Dropped Frame} for dropped SurfaceFrames (android-14.0.0_r29+). */
    boolean classifiesDropped() {
        return version.major() >= 14;
    }

    /**
     * The verdict of one SurfaceFrame once its display frame was presented at {@code presentTime}.
     *
     * @param lastLatch the layer's previous latch time ({@code mLastLatchTime}, 0 when none)
     */
    Verdict classify(PredictionState prediction, boolean dropped, int displayJank, long periodNs, long lastLatch,
                     long expectedEnd, long expectedPresent, long actualEnd, long presentTime) {
        if (dropped && !classifiesDropped()) {
            // 12 … 14.0.0_r25: onPresent returns at once for a buffer that was not presented
            return new Verdict(JankBits.NONE, "Unknown Present", "Unknown Finish");
        }
        if (prediction == PredictionState.EXPIRED) {
            // 12/12L: "Cannot do any classification" -> Unknown; 13+: AppDeadlineMissed; r29+: Dropped if dropped
            int jank = version.major() == 12 ? JankBits.UNKNOWN
                    : dropped ? JankBits.DROPPED : JankBits.APP_DEADLINE_MISSED;
            return new Verdict(jank, "Unknown Present", "Unknown Finish");
        }
        if (prediction == PredictionState.NONE) {
            return new Verdict(JankBits.NONE, "Unknown Present", "Unknown Finish");
        }
        long presentDelta = presentTime - expectedPresent;
        long deltaToVsync = periodNs > 0 ? Math.abs(presentDelta) % periodNs : 0;
        boolean lateFinish = actualEnd - expectedEnd > 0;
        String present;
        if (Math.abs(presentDelta) > PRESENT_THRESHOLD) {
            present = presentDelta > 0 ? "Late Present" : "Early Present";
        } else {
            present = "On Time Present";
        }
        boolean vsyncMultiple = deltaToVsync < PRESENT_THRESHOLD || deltaToVsync >= periodNs - PRESENT_THRESHOLD;
        int jank = JankBits.NONE;
        if (present.equals("Early Present")) {
            jank = lateFinish ? JankBits.UNKNOWN : vsyncMultiple ? JankBits.SF_SCHEDULING : JankBits.PREDICTION_ERROR;
        } else if (present.equals("Late Present")) {
            if (lastLatch != 0 && expectedEnd <= lastLatch) {
                jank |= JankBits.BUFFER_STUFFING;
                lateFinish = lastLatch + periodNs <= actualEnd; // the deadline moves to a vsync after the latch
            }
            if (!lateFinish) {
                if (displayJank != JankBits.NONE) {
                    jank |= displayJank;
                } else if ((jank & JankBits.BUFFER_STUFFING) == 0) {
                    jank |= vsyncMultiple ? JankBits.SF_SCHEDULING : JankBits.PREDICTION_ERROR;
                }
            } else {
                jank |= JankBits.APP_DEADLINE_MISSED | displayJank;
            }
        }
        if (dropped) {
            jank = JankBits.DROPPED; // r29+: classified like the rest, then marked dropped
        }
        return new Verdict(jank, present, lateFinish ? "Late Finish" : "On Time Finish");
    }
}
