package io.fpsctl.agent.wrappers;

import android.view.Choreographer;

import java.lang.reflect.Method;

/** {@code Choreographer.getFrameTimeNanos()} (non-SDK, allowed for every targetSdk): the frame being processed. */
public final class ChoreographerFrameTime {
    private final Choreographer choreographer;
    private final Method getFrameTimeNanos;

    private ChoreographerFrameTime(Choreographer choreographer, Method getFrameTimeNanos) {
        this.choreographer = choreographer;
        this.getFrameTimeNanos = getFrameTimeNanos;
    }

    /** Resolves the method or says why it cannot be used. */
    public static ChoreographerFrameTime open(Choreographer choreographer, int targetSdk) throws HiddenApiException {
        return new ChoreographerFrameTime(choreographer, HiddenMembers.FRAME_TIME.method(targetSdk));
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
