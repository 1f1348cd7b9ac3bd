package io.fpsctl.agent.interaction;

import io.fpsctl.agent.report.Protocol;

/**
 * What the user is doing right now: whether a view scrolled since the last frame, whether a finger is down
 * and has moved past touch slop. Written on the main thread, read once per frame at frame end.
 */
public final class InteractionState {
    private volatile boolean scrolled;
    private volatile boolean fingerMoving;

    /** A view reported a scroll change. */
    public void onScrolled() {
        scrolled = true;
    }

    /** Whether a finger is down and moved past slop. */
    public void setFingerMoving(boolean moving) {
        fingerMoving = moving;
    }

    /** Whether a finger is down and moved past slop. */
    public boolean isFingerMoving() {
        return fingerMoving;
    }

    /**
     * The {@code F.interaction} bits {@link Protocol#INTERACTION_SCROLLING} and {@link Protocol#INTERACTION_FINGER}
     * for the frame just finished; clears the scroll flag for the next frame.
     */
    public int takeFrameBits() {
        int bits = 0;
        if (scrolled) {
            bits |= Protocol.INTERACTION_SCROLLING;
            scrolled = false;
        }
        if (fingerMoving) {
            bits |= Protocol.INTERACTION_FINGER;
        }
        return bits;
    }
}
