package io.fpsctl.agent.wrappers;

import android.view.Choreographer;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * Reflective access to {@code Choreographer.mCallbackQueues} (hidden): inserts a one-shot callback at the
 * head of a queue, as Tencent Matrix does, so it runs first when that queue is processed in the next frame.
 * Inserting does not schedule a frame: the hooks ride on frames that happen anyway.
 *
 * <p>Resolved once by {@link #open(Choreographer)}; every later call is guarded too.
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

    /** Resolves the hidden members of {@code choreographer} or says which one the platform refused. */
    public static ChoreographerQueues open(Choreographer choreographer) throws HiddenApiException {
        String step = "mLock";
        try {
            Field lockField = Choreographer.class.getDeclaredField("mLock");
            lockField.setAccessible(true);
            Object lock = lockField.get(choreographer);
            step = "mCallbackQueues";
            Field queuesField = Choreographer.class.getDeclaredField("mCallbackQueues");
            queuesField.setAccessible(true);
            Object queues = queuesField.get(choreographer);
            if (queues == null || !queues.getClass().isArray() || Array.getLength(queues) < 3) {
                throw new HiddenApiException("mCallbackQueues unexpected shape", null);
            }
            step = "addCallbackLocked";
            Class<?> queueClass = queues.getClass().getComponentType();
            Method add = queueClass.getDeclaredMethod("addCallbackLocked", long.class, Object.class, Object.class);
            add.setAccessible(true);
            int traversal = PlatformQuirks.fallbackTraversalQueue();
            try {
                Field t = Choreographer.class.getDeclaredField("CALLBACK_TRAVERSAL");
                t.setAccessible(true);
                traversal = t.getInt(null);
            } catch (ReflectiveOperationException | RuntimeException ignored) {
                // keep the per-API fallback (PlatformQuirks)
            }
            return new ChoreographerQueues(lock, queues, add, traversal);
        } catch (HiddenApiException e) {
            throw e;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw new HiddenApiException(e.getClass().getSimpleName() + " " + step, e);
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
