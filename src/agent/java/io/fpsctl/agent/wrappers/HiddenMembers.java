package io.fpsctl.agent.wrappers;

/**
 * Every non-SDK member the agent touches, with what the framework's class files say about it (read from
 * android-all 10 → 16; Android 7.0 → 9 carry no annotation and enforce nothing before 9). Checked by
 * {@code HiddenApiTest}; add a member here before reflecting on it.
 */
public final class HiddenMembers {
    /** {@code Choreographer.mLock}: {@code @UnsupportedAppUsage(maxTargetSdk = 28)} from Android 10. */
    public static final HiddenMember CHOREOGRAPHER_LOCK =
            new HiddenMember("android.view.Choreographer", "mLock", "Ljava/lang/Object;", false, 28);
    /** {@code Choreographer.mCallbackQueues}: {@code @UnsupportedAppUsage}, no limit. */
    public static final HiddenMember CHOREOGRAPHER_QUEUES = new HiddenMember("android.view.Choreographer",
            "mCallbackQueues", "[Landroid/view/Choreographer$CallbackQueue;", false, HiddenMember.NO_LIMIT);
    /** {@code Choreographer.CallbackQueue.addCallbackLocked(long, Object, Object)}: no limit. */
    public static final HiddenMember QUEUE_ADD = new HiddenMember("android.view.Choreographer$CallbackQueue",
            "addCallbackLocked", "(JLjava/lang/Object;Ljava/lang/Object;)V", true, HiddenMember.NO_LIMIT);
    /** {@code Choreographer.getFrameTimeNanos()}: no limit. */
    public static final HiddenMember FRAME_TIME = new HiddenMember("android.view.Choreographer",
            "getFrameTimeNanos", "()J", true, HiddenMember.NO_LIMIT);
    /** {@code Looper.mLogging}: no limit. */
    public static final HiddenMember LOOPER_LOGGING =
            new HiddenMember("android.os.Looper", "mLogging", "Landroid/util/Printer;", false, HiddenMember.NO_LIMIT);

    private static final HiddenMember[] ALL = {CHOREOGRAPHER_LOCK, CHOREOGRAPHER_QUEUES, QUEUE_ADD, FRAME_TIME,
        LOOPER_LOGGING};

    private HiddenMembers() {
    }

    /** All of them. */
    public static HiddenMember[] all() {
        return ALL.clone();
    }

}
