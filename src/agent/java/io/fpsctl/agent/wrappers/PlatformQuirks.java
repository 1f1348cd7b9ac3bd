package io.fpsctl.agent.wrappers;

import android.os.Build;

/**
 * Every platform difference the agent depends on, named in one place.
 *
 * <ul>
 *   <li>FrameMetrics exists from API 24 (N); INTENDED_VSYNC / VSYNC timestamps from 26 (O);
 *       GPU_DURATION and DEADLINE from 31 (S).</li>
 *   <li>Choreographer callback queues: INPUT=0, ANIMATION=1; API 29 (Q) inserted INSETS_ANIMATION=2 so
 *       TRAVERSAL moved from 2 to 3 (read from the hidden constant when possible).</li>
 *   <li>Hidden-API enforcement (API 28+, P) may refuse {@code Choreographer.mCallbackQueues},
 *       {@code CallbackQueue.addCallbackLocked} and {@code Looper.mLogging}; the agent reports an {@code E}
 *       record and carries on.</li>
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

    /** Index of Choreographer's TRAVERSAL queue when the hidden constant cannot be read. */
    public static int fallbackTraversalQueue() {
        return sdk() >= 29 ? 3 : 2;
    }
}
