package io.fpsctl.agent.report;

/**
 * Constants of the fpsctl agent stream protocol, version 1.1 ({@code docs/agent-protocol.md}, the contract both
 * sides follow).
 *
 * <p>The agent reports with {@code Instrumentation.sendStatus(STATUS_CODE, bundle)}, at most every
 * {@link #BATCH_PERIOD_MS}; the bundle has two keys: {@link #KEY_VERSION} = {@link #VERSION} and
 * {@link #KEY_PAYLOAD} = the batch: records separated by {@code '\n'}, fields by {@code '|'}.
 * Record types: {@code H} (hello, once), {@code F} (one rendered frame), {@code M} (slow main-thread message),
 * {@code E} (a problem, text), and since 1.1 {@code C} (a capability changed: which member was refused and why)
 * and {@code G} (a coverage gap: frames the agent could not report). A reader of major version 1 reads every
 * 1.x: it skips record types it does not know and fields after the ones it knows.
 */
public final class Protocol {
    /** Bundle key of the protocol version. */
    public static final String KEY_VERSION = "v";
    /** Protocol version this agent speaks. */
    public static final String VERSION = "1.1";
    /** Bundle key of the batch payload. */
    public static final String KEY_PAYLOAD = "fpsctl";
    /** {@code sendStatus} result code of a batch. */
    public static final int STATUS_CODE = 1;
    /** Minimum time between two batches. */
    public static final long BATCH_PERIOD_MS = 250;
    /** Result bundle key/value sent by {@code finish}. */
    public static final String KEY_RESULT = "stream";
    /** Result bundle value sent by {@code finish}. */
    public static final String RESULT_STOPPED = "fpsctl agent stopped";
    /** Broadcast action that makes the agent detach ({@code am broadcast -a … -p PACKAGE}). */
    public static final String ACTION_STOP = "io.fpsctl.agent.action.STOP";
    /** Broadcast fpsctl sends every {@link #ARG_HEARTBEAT_MS}; without it for 3 periods the agent detaches. */
    public static final String ACTION_HEARTBEAT = "io.fpsctl.agent.action.HEARTBEAT";
    /**
     * Permission the sender of {@link #ACTION_STOP} / {@link #ACTION_HEARTBEAT} must hold: {@code DUMP}, which the
     * shell user has (frameworks/base packages/Shell/AndroidManifest.xml, {@code <uses-permission
     * android:name="android.permission.DUMP"/>} under "Development tool permissions granted to the shell"; read in
     * the Android 10-era snapshot, present since the shell package exists) and an ordinary app cannot get
     * (protection level signature|privileged|development, frameworks/base core/res/AndroidManifest.xml), so no
     * other app can detach the agent or keep it alive.
     */
    public static final String SENDER_PERMISSION = "android.permission.DUMP";
    /** Instrumentation argument: heartbeat period in ms fpsctl promises; absent or 0 = no heartbeat watch. */
    public static final String ARG_HEARTBEAT_MS = "fpsctl.heartbeatMs";
    /** Heartbeats missed before the agent detaches by itself. */
    public static final int HEARTBEATS_MISSED = 3;
    /**
     * Most characters a batch payload holds; an {@code F} or {@code M} record that would pass it is dropped and
     * counted (frames in a {@code G} record). Why 100,000: {@code Parcel.writeString} sends a String as UTF-16, 2
     * bytes a char (frameworks/base core/java/android/os/Parcel.java writeString -> writeString16), and
     * {@code IInstrumentationWatcher.instrumentationStatus} is a synchronous binder call whose transaction must
     * fit the receiving process's binder buffer, about 1 MiB - 8 KiB shared by all of that process's calls in
     * flight (frameworks/native libs/binder/ProcessState.cpp BINDER_VM_SIZE = 1 MiB - 2 pages).
     * {@code Instrumentation.sendStatus} catches the RemoteException of a call that did not fit and sets
     * {@code mWatcher = null} (frameworks/base core/java/android/app/Instrumentation.java sendStatus, the same in
     * every release read, 7.x to 13), so one oversized batch would silently lose every later one. 100,000 chars
     * = 200,000 bytes plus the bundle's two keys: under a fifth of the buffer.
     */
    public static final int MAX_BATCH_CHARS = 100_000;
    /** Text of the {@code E} record in the agent's last batch. */
    public static final String DETACHED = "agent detached";
    /** Instrumentation argument: slow-message threshold in ms. */
    public static final String ARG_SLOW_MESSAGE_MS = "fpsctl.slowMessageMs";
    /** Default slow-message threshold in ms. */
    public static final long DEFAULT_SLOW_MESSAGE_MS = 100;

    /** {@code F.interaction} bit: a view was scrolling in this frame. */
    public static final int INTERACTION_SCROLLING = 1;
    /** {@code F.interaction} bit: a finger was down and had moved past touch slop. */
    public static final int INTERACTION_FINGER = 2;
    /** {@code F.interaction} bit: the main thread was idle before this frame. */
    public static final int INTERACTION_IDLE_BEFORE = 4;

    /** {@code F.flags} bit: FrameMetrics FIRST_DRAW_FRAME. */
    public static final int FLAG_FIRST_DRAW = 1;

    /** {@code F.flags} bit (1.1): the frame's time is approximate (API 24/25 without FrameInfo timestamps). */
    public static final int FLAG_TIME_APPROXIMATE = 2;

    /** {@code C.state} of a capability that works (again). */
    public static final String STATE_ON = "on";
    /** {@code C.state} of a capability that was refused or lost. */
    public static final String STATE_OFF = "off";
    /** {@code C.member} when no single framework member is involved. */
    public static final String NO_MEMBER = "-";

    /** Value of an unknown duration field. */
    public static final long UNKNOWN = -1;

    /** Separator of frames in an {@code M} stack (innermost first). */
    public static final String STACK_SEPARATOR = " <- ";

    /** Capability names as they appear in the {@code H} record. */
    public static final String CAP_CHOREOGRAPHER = "choreographer";
    /** Choreographer callback-queue head hooks (reflection). */
    public static final String CAP_CHOREOGRAPHER_QUEUES = "choreographer-queues";
    /** Looper message Printer. */
    public static final String CAP_LOOPER = "looper";
    /** Looper.mLogging readable: the agent chains to the app's Printer and restores it (1.1). */
    public static final String CAP_LOOPER_CHAIN = "looper-chain";
    /** API 24/25: FrameMetrics reports dated by their own FrameInfo vsync (only ever sent as {@code C|…|off}) (1.1). */
    public static final String CAP_FRAME_DATES = "frame-dates";
    /**
     * The agent as a whole (1.1): only ever sent as {@code C|agent|off|-|reason} when the agent's own code failed
     * outside one capability (install, the broadcast receiver) and it detached.
     */
    public static final String CAP_AGENT = "agent";
    /** Window FrameMetrics listener. */
    public static final String CAP_FRAMEMETRICS = "framemetrics";
    /** ViewTreeObserver scroll listener. */
    public static final String CAP_SCROLL = "scroll";
    /** Window.Callback touch wrapper. */
    public static final String CAP_TOUCH = "touch";

    private Protocol() {
    }
}
