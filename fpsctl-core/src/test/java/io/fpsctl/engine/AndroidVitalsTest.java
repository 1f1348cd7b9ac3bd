package io.fpsctl.engine;

import static io.fpsctl.engine.Frames.HZ60;
import static io.fpsctl.engine.Frames.frame;
import static io.fpsctl.engine.Frames.present;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/metrics.md section 6: Android vitals computed locally; expected values worked out by hand below. */
class AndroidVitalsTest {
    private static final String A = "com.example/com.example.MainActivity";
    private static final String B = "com.example/com.example.DetailActivity";
    private static final String L = "SurfaceView[com.game/com.game.Main](BLAST)#12";

    private static void block(FrameEngine e, String window, List<? extends Frame> frames) {
        e.blockStart(window);
        frames.forEach(e::frame);
        e.blockEnd();
    }

    /** Frames 2 s apart in {@code window}, with the given durations in ns; flags per frame (0 = timed). */
    private static List<RenderedFrame> frames(String window, long start, long[] durations, long[] flags) {
        List<RenderedFrame> l = new ArrayList<>();
        for (int i = 0; i < durations.length; i++) {
            l.add(frame(window, start + i * 2_000_000_000L, durations[i], HZ60, flags[i]));
        }
        return l;
    }

    @Test
    void gfxinfoCountsSlowAbove16MsAndFrozenAbove700MsOverCountedFrames() {
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
        // window A, 6 frames: 8 ms, 16 ms exactly (not slow), 16 ms + 1 ns (slow), 17 ms (slow),
        // 15.9 ms, 700 ms exactly (slow, not frozen)
        block(e, A, frames(A, 1_000_000_000L,
                new long[] {8_000_000, 16_000_000, 16_000_001, 17_000_000, 15_900_000, 700_000_000},
                new long[] {0, 0, 0, 0, 0, 0}));
        // window B, 4 frames: 700 ms + 1 ns (slow, frozen), 800 ms with a flag (counted, not timed: slow,
        // frozen), 5 ms, 33 ms (slow)
        block(e, B, frames(B, 100_000_000_000L, new long[] {700_000_001, 800_000_000, 5_000_000, 33_000_000},
                new long[] {0, 1, 0, 0}));
        Summary s = e.summary("com.example");
        assertEquals(10, s.frames());
        assertEquals(9, s.timedFrames());
        AndroidVitals v = s.androidVitals();
        assertNotNull(v);
        // slow: 16 ms + 1 ns, 17, 700, 700 + 1 ns, 800, 33 = 6 of 10 counted; frozen: 700 + 1 ns, 800 = 2 of 10
        assertEquals(60.0, v.slowFramesPercent(), 1e-9);
        assertEquals(20.0, v.frozenFramesPercent(), 1e-9);
        assertNull(v.slowSession20Percent(), "SurfaceFlinger key is null for gfxinfo");
        assertNull(v.slowSession30Percent(), "SurfaceFlinger key is null for gfxinfo");

        AndroidVitals a = window(s, A).androidVitals();
        assertEquals(3 * 100.0 / 6, a.slowFramesPercent(), 1e-9); // 16 ms + 1 ns, 17, 700
        assertEquals(0.0, a.frozenFramesPercent(), 1e-9);
        AndroidVitals b = window(s, B).androidVitals();
        assertEquals(75.0, b.slowFramesPercent(), 1e-9); // 700 + 1 ns, 800, 33 of 4
        assertEquals(50.0, b.frozenFramesPercent(), 1e-9); // 700 + 1 ns, 800 of 4
    }

    @Test
    void surfaceFlingerCountsGapsAbove50And34MsOverJudgedFrames() {
        FrameEngine e = new FrameEngine(Source.SURFACEFLINGER, EngineConfig.defaults());
        long t0 = 5_000_000_000L;
        // presents (ms from t0): 0 (segment start, not judged), then gaps 16.666667, 34 exactly, 35, 50 exactly,
        // 51, 16.666667
        double[] at = {0, 16.666667, 50.666667, 85.666667, 135.666667, 186.666667, 203.333334};
        List<PresentedFrame> l = new ArrayList<>();
        for (double ms : at) {
            l.add(present(L, t0 + Math.round(ms * 1e6), HZ60));
        }
        block(e, L, l);
        Summary s = e.summary("com.game");
        assertEquals(6, s.timedFrames());
        AndroidVitals v = s.androidVitals();
        // > 34 ms: 35, 50, 51 = 3 of 6 judged; > 50 ms: 51 = 1 of 6
        assertEquals(50.0, v.slowSession30Percent(), 1e-9);
        assertEquals(100.0 / 6, v.slowSession20Percent(), 1e-9);
        assertNull(v.slowFramesPercent(), "gfxinfo key is null for SurfaceFlinger");
        assertNull(v.frozenFramesPercent(), "gfxinfo key is null for SurfaceFlinger");
        assertEquals(50.0, window(s, L).androidVitals().slowSession30Percent(), 1e-9);
    }

    @Test
    void zeroFramesGiveNullPercentagesNotZero() {
        FrameEngine g = new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
        block(g, A, List.of());
        AndroidVitals v = g.summary("p").androidVitals();
        assertNotNull(v, "the object is present");
        assertNull(v.slowFramesPercent());
        assertNull(v.frozenFramesPercent());

        FrameEngine sf = new FrameEngine(Source.SURFACEFLINGER, EngineConfig.defaults());
        block(sf, L, List.of(present(L, 5_000_000_000L, HZ60))); // one present: a segment start, nothing judged
        AndroidVitals w = sf.summary("p").androidVitals();
        assertNull(w.slowSession20Percent());
        assertNull(w.slowSession30Percent());
    }

    private static Summary window(Summary s, String name) {
        return s.windows().stream().filter(w -> name.equals(w.name())).findFirst().orElseThrow();
    }
}
