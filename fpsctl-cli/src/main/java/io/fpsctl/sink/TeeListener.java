package io.fpsctl.sink;

import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.FrameTimelineVerdict;
import io.fpsctl.engine.LiveWindow;

/** An engine listener that passes everything on to two listeners (either may be null), first then second. */
public final class TeeListener implements FrameEngine.Listener {
    private final FrameEngine.Listener first;
    private final FrameEngine.Listener second;

    private TeeListener(FrameEngine.Listener first, FrameEngine.Listener second) {
        this.first = first;
        this.second = second;
    }

    /** Both listeners; just one of them when the other is null. */
    public static FrameEngine.Listener of(FrameEngine.Listener first, FrameEngine.Listener second) {
        if (first == null) {
            return second;
        }
        return second == null ? first : new TeeListener(first, second);
    }

    @Override
    public void frame(FrameResult result) {
        first.frame(result);
        second.frame(result);
    }

    @Override
    public void window(LiveWindow window) {
        if (first.wantsWindows()) {
            first.window(window);
        }
        if (second.wantsWindows()) {
            second.window(window);
        }
    }

    @Override
    public void overflow(String window) {
        first.overflow(window);
        second.overflow(window);
    }

    @Override
    public void frameTimeline(long sequence, FrameTimelineVerdict verdict) {
        first.frameTimeline(sequence, verdict);
        second.frameTimeline(sequence, verdict);
    }

    @Override
    public boolean wantsWindows() {
        return first.wantsWindows() || second.wantsWindows();
    }
}
