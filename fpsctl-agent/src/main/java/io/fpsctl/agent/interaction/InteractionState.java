package io.fpsctl.agent.interaction;

import io.fpsctl.agent.report.Protocol;

/**
 * What the user is doing right now: whether a view scrolled since the last frame, whether a finger is down
 * and has moved past touch slop. Written on the main thread, read once per frame at frame end.
 */
public final class InteractionState {
    private volatile boolean scrolled;
    private volatile boolean fingerMoving;
    private volatile boolean flinging;

    /** A view reported a scroll change. */
    public void onScrolled() {
        scrolled = true;
    }

    /** Whether a finger is down and moved past slop. */
    public void setFingerMoving(boolean moving) {
        fingerMoving = moving;
    }

    /** A drag ended fast enough to fling: the content goes on moving until rendering stops or a finger lands. */
    public void setFlinging(boolean on) {
        flinging = on;
    }

    /** Whether a touch-detected fling is running. */
    public boolean isFlinging() {
        return flinging;
    }

    /** Nothing was drawn in a frame: a fling, if any, is over. */
    public void onRenderingStopped() {
        flinging = false;
    }

    /** Whether a finger is down and moved past slop. */
    public boolean isFingerMoving() {
        return fingerMoving;
    }

    /**
     * The {@code F.interaction} bits {@link Protocol#INTERACTION_SCROLLING} and {@link Protocol#INTERACTION_FINGER}
     * for the frame just finished; clears the scroll flag for the next frame. Scrolling (docs/metrics.md 3 is a
     * view's {@code onScrollChanged} or, for UIs that scroll through draw only (Jetpack Compose), a drag past
     * touch slop or the fling after it.
     */
    public int takeFrameBits() {
        int bits = 0;
        if (scrolled || fingerMoving || flinging) {
            bits |= Protocol.INTERACTION_SCROLLING;
            scrolled = false;
        }
        if (fingerMoving) {
            bits |= Protocol.INTERACTION_FINGER;
        }
        return bits;
    }
}
