package io.fpsctl.agent.wrappers;

import android.view.Choreographer;

import java.lang.reflect.Array;
import java.lang.reflect.Method;

/**
 * Reflective access to {@code Choreographer.mCallbackQueues}: inserts a one-shot callback at the head of a queue,
 * as Tencent Matrix does, so it runs first when that queue is processed in the next frame. Inserting does not
 * schedule a frame: the hooks ride on frames that happen anyway. Needs {@code mLock}, which Android 10+ allows
 * only for apps targeting API 28 or lower: {@link #open} refuses otherwise, without touching it.
 */
public final class ChoreographerQueues {
    /** Queue index of INPUT callbacks. */
    public static final int INPUT = 0;
    /** Queue index of ANIMATION callbacks. */
    public static final int ANIMATION = 1;

    private final Object lock;
    private final Object queues;
    private final Method addCallbackLocked;
    private final int traversal;

    private ChoreographerQueues(Object lock, Object queues, Method addCallbackLocked, int traversal) {
        this.lock = lock;
        this.queues = queues;
        this.addCallbackLocked = addCallbackLocked;
        this.traversal = traversal;
    }

    /**
     * Resolves the hidden members of {@code choreographer} or says why not: refused by the framework's rules for
     * an app targeting {@code targetSdk}, or missing (an OEM framework with other members).
     */
    public static ChoreographerQueues open(Choreographer choreographer, int targetSdk) throws HiddenApiException {
        try {
            Object lock = HiddenMembers.CHOREOGRAPHER_LOCK.field(targetSdk).get(choreographer);
            Object queues = HiddenMembers.CHOREOGRAPHER_QUEUES.field(targetSdk).get(choreographer);
            if (queues == null || !queues.getClass().isArray() || Array.getLength(queues) < 3) {
                throw new HiddenApiException("Choreographer.mCallbackQueues has an unexpected shape on this device", null);
            }
            Method add = HiddenMembers.QUEUE_ADD.method(targetSdk, long.class, Object.class, Object.class);
            return new ChoreographerQueues(lock, queues, add, PlatformQuirks.traversalQueue());
        } catch (IllegalAccessException | RuntimeException e) {
            throw new HiddenApiException(e.getClass().getSimpleName() + " Choreographer queues", e);
        }
    }

    /** Queue index of TRAVERSAL callbacks on this platform. */
    public int traversalQueue() {
        return traversal;
    }

    /**
     * Adds {@code action} at the head of queue {@code type} (due time -1 sorts before every real callback).
     * Call on the Choreographer's thread.
     */
    public void addAtHead(int type, Runnable action) throws HiddenApiException {
        try {
            Object queue = Array.get(queues, type);
            synchronized (lock) {
                addCallbackLocked.invoke(queue, -1L, action, null);
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new HiddenApiException(e.getClass().getSimpleName() + " addCallbackLocked", e);
        }
    }
}
