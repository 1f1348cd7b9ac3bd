package io.fpsctl.sim.device;

/**
 * What the real on-device agent meets on one Android level for an app with one targetSdk, as the simulated agent
 * reports it (the simulator does not link the agent; the platform facts are the ones docs/agent-hidden-api.md
 * documents and HiddenApiTest checks against android-all): FrameMetrics from API 24, its INTENDED_VSYNC / VSYNC
 * timestamps from 26 (24/25: the FrameInfo vsync the agent reads from {@code FrameMetrics.mTimingData}), GPU and
 * deadline from 31. The Choreographer queue hooks need {@code Choreographer.mLock},
 * {@code @UnsupportedAppUsage(maxTargetSdk = 28)} from Android 10 (API 29): ART refuses it to an app targeting
 * 29+ unless {@code am instrument --no-hidden-api-checks} turned the checks off for the process.
 *
 * @param sdk                device API level
 * @param targetSdk          the app's targetSdkVersion
 * @param hiddenApiChecksOff whether {@code am instrument} ran with {@code --no-hidden-api-checks}
 */
record AgentPlatform(int sdk, int targetSdk, boolean hiddenApiChecksOff) {

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
        return sdk < 29 || targetSdk <= 28 || hiddenApiChecksOff;
    }

    /** The {@code H} record's capability list, in the agent's order. */
    String capabilities() {
        return "looper-chain,looper,choreographer" + (queueHooks() ? ",choreographer-queues" : "")
                + (frameMetrics() ? ",framemetrics" : "") + ",scroll,touch";
    }

    /**
     * The {@code C} records the agent sends at start (one per refused capability, naming the member), each ending
     * in '\n'; the refusal text has ART's shape (art/runtime/native/java_lang_Class.cc {@code Class_getDeclaredField}).
     */
    String refusals() {
        StringBuilder b = new StringBuilder();
        if (!queueHooks()) {
            b.append("C|choreographer-queues|off|Choreographer.mLock|NoSuchFieldException No field mLock in class "
                    + "Landroid/view/Choreographer; (declaration of 'android.view.Choreographer' appears in "
                    + "/system/framework/framework.jar); stage times come from FrameMetrics\n");
        }
        if (!frameMetrics()) {
            b.append("C|framemetrics|off|-|API ").append(sdk).append(" < 24\n");
        }
        return b.toString();
    }
}
