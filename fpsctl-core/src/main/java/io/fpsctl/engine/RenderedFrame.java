package io.fpsctl.engine;

/**
 * A frame as HWUI records it ({@code dumpsys gfxinfo <pkg> framestats} row). Timestamps are ns; a
 * column the Android version does not print is 0. {@code frameDeadline} keeps INT64_MAX when the
 * platform printed it (unknown deadline); {@code frameInterval} is the already label-swap-corrected
 * vsync period of this frame (0 when absent). {@code frameTimelineVsyncId} is the {@code FrameTimelineVsyncId}
 * column (Android 12+, the Token of the frame's SurfaceFlinger FrameTimeline SurfaceFrame), 0 when absent.
 */
public record RenderedFrame(
        String window,
        long flags,
        long intendedVsync,
        long vsync,
        long handleInputStart,
        long animationStart,
        long performTraversalsStart,
        long drawStart,
        long syncQueued,
        long syncStart,
        long issueDrawCommandsStart,
        long swapBuffers,
        long frameCompleted,
        long gpuCompleted,
        long frameDeadline,
        long frameInterval,
        long frameTimelineVsyncId) implements Frame {

    /** A frame without a {@code FrameTimelineVsyncId} (Android ≤ 11, or not known). */
    public RenderedFrame(String window, long flags, long intendedVsync, long vsync, long handleInputStart,
                         long animationStart, long performTraversalsStart, long drawStart, long syncQueued,
                         long syncStart, long issueDrawCommandsStart, long swapBuffers, long frameCompleted,
                         long gpuCompleted, long frameDeadline, long frameInterval) {
        this(window, flags, intendedVsync, vsync, handleInputStart, animationStart, performTraversalsStart, drawStart,
                syncQueued, syncStart, issueDrawCommandsStart, swapBuffers, frameCompleted, gpuCompleted,
                frameDeadline, frameInterval, 0);
    }

    /** Flags bit: the first frame after a layout or visibility change. */
    public static final long FLAG_WINDOW_VISIBILITY_CHANGED = 1;
    /** Flags bit: produced by a RenderThread animation. */
    public static final long FLAG_RT_ANIMATION = 2;
    /** Flags bit: {@code lockHardwareCanvas} path. */
    public static final long FLAG_SURFACE_CANVAS = 4;
    /** Flags bit: RenderThread skipped drawing this frame. */
    public static final long FLAG_SKIPPED = 8;

    @Override
    public long time() {
        return intendedVsync;
    }

    /** docs/metrics.md 1: FrameCompleted and IntendedVsync are both set. */
    public boolean complete() {
        return frameCompleted > 0 && intendedVsync > 0;
    }
}
