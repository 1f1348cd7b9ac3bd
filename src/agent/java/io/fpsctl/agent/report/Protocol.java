package io.fpsctl.agent.report;

/**
 * Constants of the fpsctl agent stream protocol, version 1 (see {@code agent-protocol.md}, the shared contract).
 *
 * <p>The agent reports with {@code Instrumentation.sendStatus(STATUS_CODE, bundle)}, at most every
 * {@link #BATCH_PERIOD_MS}; the bundle has exactly two keys: {@link #KEY_VERSION} = {@link #VERSION} and
 * {@link #KEY_PAYLOAD} = the batch: records separated by {@code '\n'}, fields by {@code '|'}.
 * Record types: {@code H} (hello, once), {@code F} (one rendered frame), {@code M} (slow main-thread message),
 * {@code E} (a capability the platform refused). The run ends with result {@code stream=fpsctl agent stopped}.
 */
public final class Protocol {
    /** Bundle key of the protocol version. */
    public static final String KEY_VERSION = "v";
    /** Protocol version this agent speaks. */
    public static final String VERSION = "1";
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
    /** Window FrameMetrics listener. */
    public static final String CAP_FRAMEMETRICS = "framemetrics";
    /** ViewTreeObserver scroll listener. */
    public static final String CAP_SCROLL = "scroll";
    /** Window.Callback touch wrapper. */
    public static final String CAP_TOUCH = "touch";

    private Protocol() {
    }
}
