package io.fpsctl.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Test helper: runs a real {@link FrameEngine} over synthetic frames and keeps what it produced (the summary, the
 * closed live windows, the overflows), so sink tests use engine output rather than hand-filled records.
 */
public final class EngineRun {
    public static final long HZ60 = 16_666_667L;
    public static final long MS = 1_000_000L;
    public static final long SEC = 1_000_000_000L;
    public static final String WINDOW = "com.example/com.example.MainActivity";
    public static final String LAYER = "SurfaceView[com.game/com.game.Main](BLAST)#12";
    public static final long T0 = 100 * SEC;

    public final FrameEngine engine;
    public final List<LiveWindow> windows = new ArrayList<>();
    public final List<String> overflows = new ArrayList<>();

    public EngineRun(Source source) {
        engine = new FrameEngine(source, EngineConfig.defaults(), new FrameEngine.Listener() {
            @Override
            public void window(LiveWindow w) {
                windows.add(w);
            }

            @Override
            public void overflow(String window) {
                overflows.add(window);
            }

            @Override
            public boolean wantsWindows() {
                return true;
            }
        });
    }

    public static EngineRun gfxinfo() {
        return new EngineRun(Source.GFXINFO);
    }

    public static EngineRun surfaceFlinger() {
        return new EngineRun(Source.SURFACEFLINGER);
    }

    /** One block (one dump of one window or layer). */
    public EngineRun block(String window, List<? extends Frame> frames) {
        engine.blockStart(window);
        frames.forEach(engine::frame);
        engine.blockEnd();
        return this;
    }

    /** Ends the capture (closes the last live window) and summarises it. */
    public Summary finish(String pkg) {
        engine.finish();
        return engine.summary(pkg);
    }

    /**
     * A rendered frame at {@code vsync} taking {@code durationNs}, its time spread as delay 5 %, input 5 %, animation
     * 10 %, layout 10 %, draw 40 %, sync 10 %, command 10 %, swap 10 %: draw is the main cause of a slow frame.
     */
    public static RenderedFrame frame(long vsync, long durationNs) {
        long d = durationNs;
        long his = vsync + d * 5 / 100;
        long as = his + d * 5 / 100;
        long pts = as + d * 10 / 100;
        long ds = pts + d * 10 / 100;
        long sq = ds + d * 40 / 100;
        long ss = sq;
        long idc = ss + d * 10 / 100;
        long sb = idc + d * 10 / 100;
        long fc = vsync + d;
        return new RenderedFrame(WINDOW, 0, vsync, vsync, his, as, pts, ds, sq, ss, idc, sb, fc, 0, 0, HZ60);
    }

    /** {@code n} frames of {@code durationNs}, one every {@code everyVsyncs} vsyncs from {@code start}. */
    public static List<RenderedFrame> frames(long start, int n, long durationNs, int everyVsyncs) {
        List<RenderedFrame> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            l.add(frame(start + (long) i * everyVsyncs * HZ60, durationNs));
        }
        return l;
    }

    /** A SurfaceFlinger present at {@code t0 + ms}. */
    public static PresentedFrame present(double ms) {
        long actual = T0 + Math.round(ms * 1e6);
        return new PresentedFrame(LAYER, actual - MS, actual, actual - 2 * MS, HZ60);
    }

    /** Presents at the given offsets in ms. */
    public static List<PresentedFrame> presents(double... ms) {
        List<PresentedFrame> l = new ArrayList<>();
        for (double m : ms) {
            l.add(present(m));
        }
        return l;
    }

    // ---- ready-made captures ----

    /** 60 smooth frames of 8 ms at 60 Hz: fps prints as 60.0 (59.99999880 exactly). */
    public static Summary smooth60() {
        return gfxinfo().block(WINDOW, frames(T0, 60, 8 * MS, 1)).finish("com.example");
    }

    /** 599 frames of 8 ms and one of 20 ms (one missed vsync): fps 59.9. */
    public static Summary fps599() {
        List<RenderedFrame> l = frames(T0, 599, 8 * MS, 1);
        l.add(frame(T0 + 599 * HZ60, 20 * MS));
        return gfxinfo().block(WINDOW, l).finish("com.example");
    }

    /** A capture in which nothing was rendered: every value is absent. */
    public static Summary empty() {
        return gfxinfo().block(WINDOW, List.of()).finish("com.example");
    }

    /**
     * Three live windows: window 0 has 59 frames of 8 ms and one of 51 ms (3 missed vsyncs, janky, draw-bound):
     * fps 57.1, jank 1.67 %; window 1 is idle; window 2 has 30 frames of 20 ms every other vsync (fps 30.0).
     */
    public static EngineRun threeWindows() {
        List<RenderedFrame> first = frames(T0, 59, 8 * MS, 1);
        first.add(frame(T0 + 59 * HZ60, 51 * MS));
        EngineRun run = gfxinfo().block(WINDOW, first).block(WINDOW, frames(T0 + 2 * SEC, 30, 20 * MS, 2));
        run.engine.finish();
        return run;
    }

    /**
     * SurfaceFlinger: presents every vsync, then a 150 ms gap (PerfDog jank and big jank, 8 missed vsyncs), then
     * presents every vsync again.
     */
    public static Summary surfaceFlingerWithBigJank() {
        List<PresentedFrame> l = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            l.add(present(i * 16.666667));
        }
        double after = 29 * 16.666667 + 150;
        for (int i = 0; i < 30; i++) {
            l.add(present(after + i * 16.666667));
        }
        return surfaceFlinger().block(LAYER, l).finish("com.game");
    }
}
