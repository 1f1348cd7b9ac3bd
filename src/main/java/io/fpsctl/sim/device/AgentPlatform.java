package io.fpsctl.sim.device;

/**
 * What the real on-device agent can do on one Android level for an app with one targetSdk, as the simulated agent
 * reports it (the same rules as the agent's {@code wrappers.HiddenMembers} / {@code PlatformQuirks}, restated here
 * because the simulator does not link the agent): FrameMetrics from API 24, its INTENDED_VSYNC / VSYNC timestamps
 * from 26 (before: the Choreographer frame time, i.e. the actual vsync), GPU and deadline from 31; the hidden
 * Choreographer queue hooks need {@code Choreographer.mLock}, {@code @UnsupportedAppUsage(maxTargetSdk = 28)}
 * from Android 10 and enforced from Android 9, so they work on API 24..27 or for apps targeting 28 or lower.
 *
 * @param sdk       device API level
 * @param targetSdk the app's targetSdkVersion
 */
record AgentPlatform(int sdk, int targetSdk) {

    boolean frameMetrics() {
        return sdk >= 24;
    }

    boolean frameTimestamps() {
        return sdk >= 26;
    }

    boolean gpuAndDeadline() {
        return sdk >= 31;
    }

    boolean queueHooks() {
        return sdk < 28 || targetSdk <= 28;
    }

    /** The {@code H} record's capability list, in the agent's order. */
    String capabilities() {
        return "looper,choreographer" + (queueHooks() ? ",choreographer-queues" : "")
                + (frameMetrics() ? ",framemetrics" : "") + ",scroll,touch";
    }

    /** The {@code E} records the agent sends at start (one per refused capability), each ending in '\n'. */
    String refusals() {
        StringBuilder b = new StringBuilder();
        if (!queueHooks()) {
            b.append("E|choreographer-queues: Choreographer.mLock is restricted to apps targeting API 28 or lower "
                    + "(this app targets ").append(targetSdk).append("); stage times come from FrameMetrics\n");
        }
        if (!frameMetrics()) {
            b.append("E|framemetrics: API ").append(sdk).append(" < 24\n");
        }
        return b.toString();
    }
}
