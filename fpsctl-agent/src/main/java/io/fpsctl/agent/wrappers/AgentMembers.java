package io.fpsctl.agent.wrappers;

/**
 * Every non-SDK member the agent reflects on. Each is tried through {@link MemberAccess} and caught; a refusal
 * names the member in the capability record. Per-level annotations: {@code docs/agent-hidden-api.md}, checked
 * against android-all 7.0 → 16 by {@code HiddenApiTest}.
 */
public final class AgentMembers {
    /**
     * {@code Choreographer.mLock}: the lock {@code postCallbackDelayedInternal} and {@code doCallbacks} hold
     * around the queues (frameworks/base core/java/android/view/Choreographer.java, field {@code mLock},
     * android-7.0.0_r1 … android-16.0.0_r1). The agent holds this very lock, never a substitute
     * (Tencent/matrix#647: a substitute lock raced {@code CallbackRecord.run}).
     */
    public static final ReflectedMember CHOREOGRAPHER_LOCK =
            new ReflectedMember("android.view.Choreographer", "mLock", "Ljava/lang/Object;", false);
    /** {@code Choreographer.mCallbackQueues} (Choreographer.java, constructor fills one queue per callback type). */
    public static final ReflectedMember CHOREOGRAPHER_QUEUES = new ReflectedMember("android.view.Choreographer",
            "mCallbackQueues", "[Landroid/view/Choreographer$CallbackQueue;", false);
    /**
     * {@code Choreographer.CallbackQueue.addCallbackLocked(long dueTime, Object action, Object token)}
     * (Choreographer.java, inner class CallbackQueue): inserts sorted by due time, so -1 goes first.
     */
    public static final ReflectedMember QUEUE_ADD = new ReflectedMember("android.view.Choreographer$CallbackQueue",
            "addCallbackLocked", "(JLjava/lang/Object;Ljava/lang/Object;)V", true);
    /**
     * {@code Choreographer.removeCallbacks(int callbackType, Runnable action, Object token)} (public @hide;
     * Choreographer.java, takes {@code mLock} and calls {@code removeCallbacksLocked}): takes a queued head hook
     * out at detach.
     */
    public static final ReflectedMember QUEUE_REMOVE = new ReflectedMember("android.view.Choreographer",
            "removeCallbacks", "(ILjava/lang/Runnable;Ljava/lang/Object;)V", true);
    /** {@code Choreographer.getFrameTimeNanos()} (@hide; Choreographer.java): the frame being processed. */
    public static final ReflectedMember FRAME_TIME =
            new ReflectedMember("android.view.Choreographer", "getFrameTimeNanos", "()J", true);
    /** {@code Looper.mLogging} (frameworks/base core/java/android/os/Looper.java, read by {@code loop()}). */
    public static final ReflectedMember LOOPER_LOGGING =
            new ReflectedMember("android.os.Looper", "mLogging", "Landroid/util/Printer;", false);
    /**
     * {@code FrameMetrics.mTimingData}: HWUI's FrameInfo copied for the listener (frameworks/base
     * core/java/android/view/FrameMetrics.java, android-7.0.0_r1 / android-7.1.0_r7); read only on API 24/25,
     * where {@code getMetric} has no timestamp, for FrameInfo's IntendedVsync (index 1) and Vsync (index 2):
     * the indices {@code FrameMetrics.DURATIONS} pairs (1,5) = UNKNOWN_DELAY and (1,13) = TOTAL in those class
     * files ({@code HiddenApiTest} reads them), as in libs/hwui/FrameInfo.h {@code FrameInfoIndex}.
     */
    public static final ReflectedMember FRAMEMETRICS_TIMING_DATA =
            new ReflectedMember("android.view.FrameMetrics", "mTimingData", "[J", false);

    private static final ReflectedMember[] ALL = {CHOREOGRAPHER_LOCK, CHOREOGRAPHER_QUEUES, QUEUE_ADD, QUEUE_REMOVE,
        FRAME_TIME, LOOPER_LOGGING, FRAMEMETRICS_TIMING_DATA};

    private AgentMembers() {
    }

    /** All of them. */
    public static ReflectedMember[] all() {
        return ALL.clone();
    }
}
