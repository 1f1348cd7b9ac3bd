package io.fpsctl.sim.device;

/**
 * A SurfaceFrame's {@code PredictionState} as {@code toString(PredictionState)} prints it (frameworks/native
 * {@code services/surfaceflinger/FrameTimeline/FrameTimeline.cpp}, android-12.0.0_r1 … android-16.0.0_r2):
 * {@code FrameTimeline::createSurfaceFrameForToken} makes it {@code None} for a transaction without a vsync id
 * ({@code FrameTimelineInfo::INVALID_VSYNC_ID}, printed {@code Token: -1}), {@code Valid} when the
 * {@code TokenManager} still holds the token's predictions, {@code Expired} when it evicted them (it keeps the last
 * {@code kMaxTokens} = 500 tokens, {@code FrameTimeline.h}).
 */
enum PredictionState {
    VALID("Valid"), EXPIRED("Expired"), NONE("None");

    private final String printed;

    PredictionState(String printed) {
        this.printed = printed;
    }

    /** What {@code SurfaceFrame::dump} prints after {@code Prediction State : }. */
    String printed() {
        return printed;
    }
}
