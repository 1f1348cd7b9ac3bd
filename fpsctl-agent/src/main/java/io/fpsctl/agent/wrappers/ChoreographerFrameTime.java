package io.fpsctl.agent.wrappers;

import android.view.Choreographer;

import java.lang.reflect.Method;

/** {@code Choreographer.getFrameTimeNanos()} (non-SDK, tried through {@link MemberAccess}): the frame being processed. */
public final class ChoreographerFrameTime {
    private final Choreographer choreographer;
    private final Method getFrameTimeNanos;

    private ChoreographerFrameTime(Choreographer choreographer, Method getFrameTimeNanos) {
        this.choreographer = choreographer;
        this.getFrameTimeNanos = getFrameTimeNanos;
    }

    /** Resolves the method or says why it cannot be used. */
    public static ChoreographerFrameTime open(Choreographer choreographer, MemberAccess access) throws HiddenApiException {
        return new ChoreographerFrameTime(choreographer, access.method(AgentMembers.FRAME_TIME));
    }

    /** The frame time of the frame being processed (valid inside a Choreographer callback); 0 if it fails. */
    public long nanos() {
        try {
            return (Long) getFrameTimeNanos.invoke(choreographer);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return 0;
        }
    }
}
