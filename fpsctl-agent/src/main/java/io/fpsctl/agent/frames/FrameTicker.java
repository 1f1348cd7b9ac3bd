package io.fpsctl.agent.frames;

import android.view.Choreographer;

/**
 * A {@link Choreographer.FrameCallback} re-posted every frame while the app renders, giving the interval
 * between consecutive doFrame calls. Each post wakes the main thread at the next vsync, so the ticker stops
 * after a frame in which nothing was drawn and starts again at the next draw ({@link #onRendered()}).
 * Main thread only.
 */
public final class FrameTicker implements Choreographer.FrameCallback {
    private final Choreographer choreographer;
    private final FrameTimeline timeline;
    private boolean posted;
    private boolean renderedSinceTick;
    private boolean tickedLastFrame;
    private boolean stopped;

    /** @param choreographer the main thread's; @param timeline receives ticks */
    public FrameTicker(Choreographer choreographer, FrameTimeline timeline) {
        this.choreographer = choreographer;
        this.timeline = timeline;
    }

    /** Something was drawn (ViewTreeObserver.OnDrawListener): keep ticking. */
    public void onRendered() {
        renderedSinceTick = true;
        if (!posted && !stopped) {
            posted = true;
            choreographer.postFrameCallback(this);
        }
    }

    /** Removes a pending tick and stops ticking (main thread). */
    public void stop() {
        stopped = true;
        if (posted) {
            choreographer.removeFrameCallback(this);
            posted = false;
        }
    }

    /** Whether a tick is pending. */
    public boolean isPosted() {
        return posted;
    }

    @Override
    public void doFrame(long frameTimeNanos) {
        posted = false;
        timeline.onTick(frameTimeNanos, tickedLastFrame);
        if (renderedSinceTick && !stopped) {
            renderedSinceTick = false;
            posted = true;
            tickedLastFrame = true;
            choreographer.postFrameCallback(this);
        } else {
            tickedLastFrame = false;
            timeline.onRenderingStopped();
        }
    }
}
