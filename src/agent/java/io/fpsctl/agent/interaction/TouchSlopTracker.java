package io.fpsctl.agent.interaction;

import android.view.MotionEvent;

/**
 * Follows the primary pointer: finger down, then moved farther than touch slop from where it went down,
 * until it goes up or the gesture is cancelled. Main thread only; no allocation per event.
 */
public final class TouchSlopTracker {
    private final InteractionState state;
    private final float slopSquared;
    private boolean down;
    private float downX;
    private float downY;

    /** @param state where the finger state goes; @param touchSlopPx {@code ViewConfiguration.getScaledTouchSlop()} */
    public TouchSlopTracker(InteractionState state, int touchSlopPx) {
        this.state = state;
        this.slopSquared = (float) touchSlopPx * touchSlopPx;
    }

    /** Feeds one event seen by the window. */
    public void onTouchEvent(MotionEvent event) {
        switch (event.getActionMasked()) {
            case MotionEvent.ACTION_DOWN:
                down = true;
                downX = event.getRawX();
                downY = event.getRawY();
                state.setFingerMoving(false);
                break;
            case MotionEvent.ACTION_MOVE:
                if (down && !state.isFingerMoving()) {
                    float dx = event.getRawX() - downX;
                    float dy = event.getRawY() - downY;
                    if (dx * dx + dy * dy > slopSquared) {
                        state.setFingerMoving(true);
                    }
                }
                break;
            case MotionEvent.ACTION_UP:
            case MotionEvent.ACTION_CANCEL:
                down = false;
                state.setFingerMoving(false);
                break;
            default:
                break;
        }
    }
}
