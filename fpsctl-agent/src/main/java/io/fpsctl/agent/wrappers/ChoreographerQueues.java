package io.fpsctl.agent.wrappers;

import android.view.Choreographer;

import java.lang.reflect.Array;
import java.lang.reflect.Method;

/**
 * Reflective access to {@code Choreographer.mCallbackQueues}: inserts a one-shot callback at the head of a queue,
 * as Tencent Matrix does, so it runs first when that queue is processed in the next frame. Inserting does not
 * schedule a frame: the hooks ride on frames that happen anyway. Holds the Choreographer's own {@code mLock}
 * while inserting, as {@code Choreographer.postCallbackDelayedInternal} does (Choreographer.java,
 * android-7.0.0_r1 … android-16.0.0_r1) — never a substitute lock (Tencent/matrix#647). Every member is tried;
 * on Android 10+ an app targeting API 29+ is refused {@code mLock} unless {@code am instrument
 * --no-hidden-api-checks} turned the checks off for the process, and the refusal names the member.
 */
public final class ChoreographerQueues {
    /** Queue index of INPUT callbacks. */
    public static final int INPUT = 0;
    /** Queue index of ANIMATION callbacks. */
    public static final int ANIMATION = 1;

    private final Choreographer choreographer;
    private final Object lock;
    private final Object queues;
    private final Method addCallbackLocked;
    private final Method removeCallbacks;
    private final int traversal;

    private ChoreographerQueues(Choreographer choreographer, Object lock, Object queues, Method addCallbackLocked,
                                Method removeCallbacks, int traversal) {
        this.choreographer = choreographer;
        this.lock = lock;
        this.queues = queues;
        this.addCallbackLocked = addCallbackLocked;
        this.removeCallbacks = removeCallbacks;
        this.traversal = traversal;
    }

    /** Resolves the members of {@code choreographer} through {@code access}, or says which one was refused and why. */
    public static ChoreographerQueues open(Choreographer choreographer, MemberAccess access) throws HiddenApiException {
        Object lock = read(access, AgentMembers.CHOREOGRAPHER_LOCK, choreographer);
        if (lock == null) {
            throw new HiddenApiException(AgentMembers.CHOREOGRAPHER_LOCK, "null on this device");
        }
        Object queues = read(access, AgentMembers.CHOREOGRAPHER_QUEUES, choreographer);
        if (queues == null || !queues.getClass().isArray() || Array.getLength(queues) <= PlatformQuirks.traversalQueue()) {
            throw new HiddenApiException(AgentMembers.CHOREOGRAPHER_QUEUES, "unexpected shape on this device");
        }
        Method add = access.method(AgentMembers.QUEUE_ADD, long.class, Object.class, Object.class);
        Method remove;
        try {
            remove = access.method(AgentMembers.QUEUE_REMOVE, int.class, Runnable.class, Object.class);
        } catch (HiddenApiException e) {
            remove = null; // a queued hook then runs once more at the next frame and does nothing
        }
        return new ChoreographerQueues(choreographer, lock, queues, add, remove, PlatformQuirks.traversalQueue());
    }

    private static Object read(MemberAccess access, ReflectedMember member, Object target) throws HiddenApiException {
        try {
            return access.field(member).get(target);
        } catch (IllegalAccessException | RuntimeException e) {
            throw new HiddenApiException(member, e);
        }
    }

    /** Queue index of TRAVERSAL callbacks on this platform. */
    public int traversalQueue() {
        return traversal;
    }

    /**
     * Takes {@code action} out of queue {@code type} if it is still queued; false if the platform refused
     * {@code removeCallbacks} (the action then runs once more at the next frame). Choreographer's thread.
     */
    public boolean remove(int type, Runnable action) {
        if (removeCallbacks == null) {
            return false;
        }
        try {
            removeCallbacks.invoke(choreographer, type, action, null);
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
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
            throw new HiddenApiException(AgentMembers.QUEUE_ADD, e);
        }
    }
}
