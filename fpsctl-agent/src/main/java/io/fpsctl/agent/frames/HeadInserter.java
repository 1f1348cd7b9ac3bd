package io.fpsctl.agent.frames;

import io.fpsctl.agent.wrappers.HiddenApiException;

/** Inserts callbacks at the head of Choreographer queues (see {@code wrappers.ChoreographerQueues}). */
public interface HeadInserter {
    /** Queue index of INPUT callbacks. */
    int INPUT = 0;
    /** Queue index of ANIMATION callbacks. */
    int ANIMATION = 1;

    /** Queue index of TRAVERSAL callbacks on this platform. */
    int traversalQueue();

    /** Adds a one-shot {@code action} at the head of queue {@code type}. */
    void addAtHead(int type, Runnable action) throws HiddenApiException;

    /** Takes {@code action} out of queue {@code type} if queued; false when the platform refused. */
    boolean remove(int type, Runnable action);

    /** The frame time of the frame being processed (valid inside a callback). */
    long frameTimeNanos();
}
