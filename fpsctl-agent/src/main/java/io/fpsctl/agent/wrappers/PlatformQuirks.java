package io.fpsctl.agent.wrappers;

import android.os.Build;

/**
 * Every platform difference the agent depends on, named in one place.
 *
 * <ul>
 *   <li>FrameMetrics exists from API 24 (N); INTENDED_VSYNC / VSYNC timestamps from 26 (O);
 *       GPU_DURATION and DEADLINE from 31 (S).</li>
 *   <li>Choreographer callback queues: INPUT=0, ANIMATION=1; API 29 (Q) inserted INSETS_ANIMATION=2 so
 *       TRAVERSAL moved from 2 to 3.</li>
 *   <li>Non-SDK interface rules (API 28+, P): nothing is predicted. Every member in {@link AgentMembers} is
 *       tried through {@link MemberAccess} and a refusal becomes a capability record naming the member; fpsctl
 *       starts the agent with {@code am instrument --no-hidden-api-checks} on API 28+ so the checks are off for
 *       the instrumented process (docs/agent-hidden-api.md).</li>
 *   <li>{@code Choreographer.doFrame} marks input, animation and traversal starts into FrameMetrics
 *       (INPUT_HANDLING, ANIMATION, LAYOUT_MEASURE + DRAW durations) from API 24: stage times without hidden API.</li>
 *   <li>{@code Looper.getQueue()}, {@code Looper.setMessageLogging} and the {@code ">>>>> Dispatching to "} /
 *       {@code "<<<<< Finished to "} Printer lines are stable since API 1.</li>
 * </ul>
 */
public final class PlatformQuirks {
    /** Prefix of the Printer line logged before a message is dispatched. */
    public static final String DISPATCH_PREFIX = ">>>>> Dispatching to ";
    /** Prefix of the Printer line logged after a message was dispatched. */
    public static final String FINISHED_PREFIX = "<<<<< Finished to ";

    private PlatformQuirks() {
    }

    /** The running API level. */
    public static int sdk() {
        return Build.VERSION.SDK_INT;
    }

    /** {@code Window.addOnFrameMetricsAvailableListener} exists. */
    public static boolean hasFrameMetrics() {
        return sdk() >= 24;
    }

    /** FrameMetrics INTENDED_VSYNC_TIMESTAMP and VSYNC_TIMESTAMP exist. */
    public static boolean hasFrameTimestamps() {
        return sdk() >= 26;
    }

    /** FrameMetrics GPU_DURATION and DEADLINE exist. */
    public static boolean hasGpuAndDeadline() {
        return sdk() >= 31;
    }

    /**
     * Index of Choreographer's TRAVERSAL queue (the hidden constant {@code CALLBACK_TRAVERSAL} is
     * {@code maxTargetSdk = 26}, so it is not read): 2 up to API 28, 3 from 29 (INSETS_ANIMATION came before it).
     */
    public static int traversalQueue() {
        return sdk() >= 29 ? 3 : 2;
    }
}
