package io.fpsctl.agent.frames;

import io.fpsctl.agent.time.Clock;
import io.fpsctl.agent.interaction.InteractionState;
import io.fpsctl.agent.report.Protocol;

/**
 * The main thread's view of the frame being produced. Choreographer hooks mark the start of the INPUT,
 * ANIMATION and TRAVERSAL queues and the frame callback's tick; the Looper monitor closes the frame when
 * the message that ran it finishes, and then the frame's facts go to the {@link FrameStageTable}.
 * Also counts messages that were not frames, for the "idle before this frame" bit. Main thread only.
 */
public final class FrameTimeline {
    private final Clock clock;
    private final FrameStageTable table;
    private final InteractionState interaction;
    private Runnable frameEndListener;

    private boolean inFrame;
    private long vsync;
    private long inputStart;
    private long animationStart;
    private long traversalStart;
    private long interval;
    private boolean idleBefore;
    private int busyMessages;
    private long lastTickVsync;

    /** @param clock time source; @param table where finished frames go; @param interaction per-frame user state */
    public FrameTimeline(Clock clock, FrameStageTable table, InteractionState interaction) {
        this.clock = clock;
        this.table = table;
        this.interaction = interaction;
    }

    /** Called after each frame is closed (the queue hooks re-arm themselves here). */
    public void setFrameEndListener(Runnable listener) {
        this.frameEndListener = listener;
    }

    /** Head of the INPUT queue ran for the frame at {@code vsyncNs}. */
    public void onInputHead(long vsyncNs) {
        begin(vsyncNs);
        inputStart = clock.nanoTime();
    }

    /** Head of the ANIMATION queue ran. */
    public void onAnimationHead(long vsyncNs) {
        begin(vsyncNs);
        animationStart = clock.nanoTime();
    }

    /** Head of the TRAVERSAL queue ran. */
    public void onTraversalHead(long vsyncNs) {
        begin(vsyncNs);
        traversalStart = clock.nanoTime();
    }

    /** The frame callback ticked for {@code vsyncNs}; {@code continuous} if it also ticked the previous frame. */
    public void onTick(long vsyncNs, boolean continuous) {
        begin(vsyncNs);
        if (continuous && lastTickVsync > 0 && vsyncNs > lastTickVsync) {
            interval = vsyncNs - lastTickVsync;
        }
        lastTickVsync = vsyncNs;
    }

    /** The frame callback saw a frame in which nothing was drawn: a touch-detected fling is over. */
    public void onRenderingStopped() {
        interaction.onRenderingStopped();
    }

    /** Whether a frame is open (started in the message being dispatched). */
    public boolean inFrame() {
        return inFrame;
    }

    /** Whether the open frame's INPUT stage was marked by the queue-head hook (stage timing works). */
    public boolean inputStageMarked() {
        return inFrame && inputStart > 0;
    }

    /** A main-thread message finished; closes the frame it ran, or counts it as main-thread work. */
    public void onMessageEnd() {
        if (!inFrame) {
            busyMessages++;
            return;
        }
        long end = clock.nanoTime();
        long chInput = span(inputStart, animationStart);
        long chAnimation = span(animationStart, traversalStart);
        long chTraversal = span(traversalStart, end);
        int bits = interaction.takeFrameBits() | (idleBefore ? Protocol.INTERACTION_IDLE_BEFORE : 0);
        table.commit(vsync, chInput, chAnimation, chTraversal, interval, bits);
        inFrame = false;
        if (frameEndListener != null) {
            frameEndListener.run();
        }
    }

    private void begin(long vsyncNs) {
        if (inFrame) {
            return;
        }
        inFrame = true;
        vsync = vsyncNs;
        inputStart = 0;
        animationStart = 0;
        traversalStart = 0;
        interval = Protocol.UNKNOWN;
        idleBefore = busyMessages == 0;
        busyMessages = 0;
    }

    private static long span(long from, long to) {
        return from > 0 && to >= from ? to - from : Protocol.UNKNOWN;
    }
}
