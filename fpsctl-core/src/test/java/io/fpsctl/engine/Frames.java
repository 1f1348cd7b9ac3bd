package io.fpsctl.engine;

/** Test helper: readable construction of rendered frames. */
final class Frames {
    static final long HZ60 = 16_666_667L;
    static final long HZ90 = 11_111_111L;
    static final long HZ120 = 8_333_333L;

    private Frames() {
    }

    /**
     * A frame starting at {@code vsync} taking {@code durationNs}, with its time spread over the stages as
     * delay 5 %, input 5 %, animation 10 %, layout 10 %, draw 20 %, sync 10 %, command 20 %, swap 20 %.
     */
    static RenderedFrame frame(String window, long vsync, long durationNs, long interval) {
        return frame(window, vsync, durationNs, interval, 0);
    }

    static RenderedFrame frame(String window, long vsync, long durationNs, long interval, long flags) {
        long d = durationNs;
        long his = vsync + d * 5 / 100;
        long as = his + d * 5 / 100;
        long pts = as + d * 10 / 100;
        long ds = pts + d * 10 / 100;
        long sq = ds + d * 20 / 100;
        long ss = sq;
        long idc = ss + d * 10 / 100;
        long sb = idc + d * 20 / 100;
        long fc = vsync + d;
        return new RenderedFrame(window, flags, vsync, vsync, his, as, pts, ds, sq, ss, idc, sb, fc, 0, 0, interval);
    }

    /** A frame with explicit deadline and GPU completion (Android 12+ jank rule). */
    static RenderedFrame withGpu(RenderedFrame f, long gpuCompleted, long deadline) {
        return new RenderedFrame(f.window(), f.flags(), f.intendedVsync(), f.vsync(), f.handleInputStart(),
                f.animationStart(), f.performTraversalsStart(), f.drawStart(), f.syncQueued(), f.syncStart(),
                f.issueDrawCommandsStart(), f.swapBuffers(), f.frameCompleted(), gpuCompleted, deadline,
                f.frameInterval());
    }

    static PresentedFrame present(String layer, long actual, long period) {
        return new PresentedFrame(layer, actual - 1_000_000, actual, actual - 2_000_000, period);
    }

    /** A gfxinfo engine that computes live windows and adds each closed one to {@code into}. */
    static FrameEngine windowed(java.util.List<LiveWindow> into) {
        return new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), new FrameEngine.Listener() {
            @Override
            public void window(LiveWindow w) {
                into.add(w);
            }

            @Override
            public boolean wantsWindows() {
                return true;
            }
        });
    }
}
