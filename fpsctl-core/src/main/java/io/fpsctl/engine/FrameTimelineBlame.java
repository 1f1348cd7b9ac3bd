package io.fpsctl.engine;

/**
 * Who a joined frame's FrameTimeline verdict blames (docs/metrics.md 10: nobody (on time, or buffer stuffing
 * alone), the app, the system, or nobody because the buffer was dropped (a newer one replaced it before it was
 * shown: counted apart, in {@code droppedBuffers}).
 */
public enum FrameTimelineBlame {
    NONE, APP, SYSTEM, DROPPED_BUFFER
}
