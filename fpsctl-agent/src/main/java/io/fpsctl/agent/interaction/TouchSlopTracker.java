package io.fpsctl.agent.interaction;

import android.view.MotionEvent;
import android.view.VelocityTracker;

/**
 * Follows the primary pointer: finger down, then moved farther than touch slop from where it went down,
 * until it goes up or the gesture is cancelled; a drag that ends at fling velocity starts a fling (Compose lists
 * scroll without {@code View.onScrollChanged}, so this is how their scrolling is seen). Main thread only; no
 * allocation per event (one VelocityTracker per window).
 */
public final class TouchSlopTracker {
    private final InteractionState state;
    private final float slopSquared;
    private final float minFlingVelocity;
    private VelocityTracker velocity;
    private boolean down;
    private float downX;
    private float downY;

    /**
     * @param state where the finger state goes; @param touchSlopPx {@code ViewConfiguration.getScaledTouchSlop()};
     * @param minFlingVelocityPxPerS {@code ViewConfiguration.getScaledMinimumFlingVelocity()}
     */
    public TouchSlopTracker(InteractionState state, int touchSlopPx, int minFlingVelocityPxPerS) {
        this.state = state;
        this.slopSquared = (float) touchSlopPx * touchSlopPx;
        this.minFlingVelocity = minFlingVelocityPxPerS;
    }

    /** Feeds one event seen by the window. */
    public void onTouchEvent(MotionEvent event) {
        switch (event.getActionMasked()) {
            case MotionEvent.ACTION_DOWN:
                down = true;
                downX = event.getRawX();
                downY = event.getRawY();
                state.setFingerMoving(false);
                state.setFlinging(false);
                if (velocity == null) {
                    velocity = VelocityTracker.obtain();
                }
                velocity.clear();
                velocity.addMovement(event);
                break;
            case MotionEvent.ACTION_MOVE:
                if (velocity != null) {
                    velocity.addMovement(event);
                }
                if (down && !state.isFingerMoving()) {
                    float dx = event.getRawX() - downX;
                    float dy = event.getRawY() - downY;
                    if (dx * dx + dy * dy > slopSquared) {
                        state.setFingerMoving(true);
                    }
                }
                break;
            case MotionEvent.ACTION_UP:
                if (velocity != null && state.isFingerMoving()) {
                    velocity.addMovement(event);
                    velocity.computeCurrentVelocity(1000);
                    float vx = velocity.getXVelocity();
                    float vy = velocity.getYVelocity();
                    state.setFlinging(vx * vx + vy * vy >= minFlingVelocity * minFlingVelocity);
                }
                down = false;
                state.setFingerMoving(false);
                break;
            case MotionEvent.ACTION_CANCEL:
                down = false;
                state.setFingerMoving(false);
                break;
            default:
                break;
        }
    }
}
