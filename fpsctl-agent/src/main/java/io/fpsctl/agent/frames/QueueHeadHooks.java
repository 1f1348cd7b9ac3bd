package io.fpsctl.agent.frames;

import io.fpsctl.agent.report.Capabilities;
import io.fpsctl.agent.report.Protocol;
import io.fpsctl.agent.wrappers.ChoreographerFrameTime;
import io.fpsctl.agent.wrappers.ChoreographerQueues;
import io.fpsctl.agent.wrappers.HiddenApiException;

/**
 * Matrix-style stage timing: a callback at the head of the INPUT queue; when it runs it puts callbacks at
 * the head of the ANIMATION and TRAVERSAL queues of the same frame; after the frame message ends the
 * INPUT hook is armed again. The hooks never schedule a frame. If the platform refuses once, the hooks
 * report a capability record naming the member and switch themselves off. Main thread only.
 */
public final class QueueHeadHooks {
    private final HeadInserter queues;
    private final FrameTimeline timeline;
    private final Capabilities capabilities;
    private boolean armed;
    private boolean failed;
    private boolean stopped;

    private final Runnable inputHead = new Runnable() {
        @Override
        public void run() {
            armed = false;
            if (stopped || capabilities.fault().failed()) {
                return;
            }
            try {
                timeline.onInputHead(queues.frameTimeNanos());
                add(HeadInserter.ANIMATION, animationHead);
                add(queues.traversalQueue(), traversalHead);
            } catch (RuntimeException | LinkageError e) {
                capabilities.fault().report(Protocol.CAP_CHOREOGRAPHER_QUEUES, e);
            }
        }
    };

    private final Runnable animationHead = new Runnable() {
        @Override
        public void run() {
            stageHead(false);
        }
    };

    private final Runnable traversalHead = new Runnable() {
        @Override
        public void run() {
            stageHead(true);
        }
    };

    /** Marks the ANIMATION or TRAVERSAL head; a failure of the agent's work is reported, never thrown into the app. */
    private void stageHead(boolean traversal) {
        if (stopped || capabilities.fault().failed()) {
            return;
        }
        try {
            long frameTime = queues.frameTimeNanos();
            if (traversal) {
                timeline.onTraversalHead(frameTime);
            } else {
                timeline.onAnimationHead(frameTime);
            }
        } catch (RuntimeException | LinkageError e) {
            capabilities.fault().report(Protocol.CAP_CHOREOGRAPHER_QUEUES, e);
        }
    }

    /** @param queues queue access; @param timeline receives the stage marks; @param capabilities refusals go here */
    public QueueHeadHooks(HeadInserter queues, FrameTimeline timeline, Capabilities capabilities) {
        this.queues = queues;
        this.timeline = timeline;
        this.capabilities = capabilities;
        timeline.setFrameEndListener(new Runnable() {
            @Override
            public void run() {
                arm();
            }
        });
    }

    /** Adapts the reflective wrappers of a Choreographer to {@link HeadInserter}. */
    public static HeadInserter forChoreographer(final ChoreographerQueues hidden, final ChoreographerFrameTime frameTime) {
        return new HeadInserter() {
            @Override
            public int traversalQueue() {
                return hidden.traversalQueue();
            }

            @Override
            public void addAtHead(int type, Runnable action) throws HiddenApiException {
                hidden.addAtHead(type, action);
            }

            @Override
            public boolean remove(int type, Runnable action) {
                return hidden.remove(type, action);
            }

            @Override
            public long frameTimeNanos() {
                return frameTime.nanos();
            }
        };
    }

    /** Puts the INPUT hook in place for the next frame, unless it already is or the platform refused. */
    public void arm() {
        if (!armed && !failed && !stopped) {
            armed = add(HeadInserter.INPUT, inputHead);
        }
    }

    /**
     * Stops re-arming and takes the queued hooks out (main thread); where the platform refuses the removal a hook
     * already queued runs once more at the next frame and does nothing.
     */
    public void stop() {
        stopped = true;
        timeline.setFrameEndListener(null);
        if (!failed) {
            queues.remove(HeadInserter.INPUT, inputHead);
            queues.remove(HeadInserter.ANIMATION, animationHead);
            queues.remove(queues.traversalQueue(), traversalHead);
        }
        armed = false;
    }

    /** Whether the platform refused the hooks. */
    public boolean failed() {
        return failed;
    }

    private boolean add(int type, Runnable action) {
        if (failed) {
            return false;
        }
        try {
            queues.addAtHead(type, action);
            return true;
        } catch (HiddenApiException e) {
            failed = true;
            capabilities.refused(Protocol.CAP_CHOREOGRAPHER_QUEUES, e, "stage times come from FrameMetrics");
            return false;
        }
    }
}
