package io.fpsctl.engine;

/**
 * One frame handed to the engine by a source. Times are CLOCK_MONOTONIC nanoseconds.
 *
 * <p>{@link RenderedFrame} comes from HWUI (a {@code framestats} row or an agent FrameMetrics record),
 * {@link PresentedFrame} from SurfaceFlinger {@code --latency}, {@link MeasuredFrame} from fpsctl's own
 * per-frame CSV, whose per-frame values were already derived once, {@link AgentFrame} from the on-device agent.
 */
public sealed interface Frame permits RenderedFrame, PresentedFrame, MeasuredFrame, AgentFrame {

    /** The window (gfxinfo) or layer (SurfaceFlinger) the frame belongs to. */
    String window();

    /** The frame's position on its own timeline: IntendedVsync (rendered) or actualPresent (presented). */
    long time();
}
