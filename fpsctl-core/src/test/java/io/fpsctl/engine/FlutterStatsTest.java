package io.fpsctl.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The flutter block worked by hand (docs/metrics.md 16). */
class FlutterStatsTest {

    private static FlutterFrame f(long n, long buildUs, long rasterUs) {
        return new FlutterFrame(n, 0, buildUs + rasterUs, buildUs, rasterUs, 0);
    }

    @Test
    void percentilesSharesAndTheWorseThreadAt120Hz() {
        FlutterStats s = new FlutterStats();
        // ten frames; at 120 Hz the budget is 8333 µs: builds over it: 9000, 12000 (2); rasters over it: 20000 (1)
        long[][] v = {{1000, 2000}, {2000, 3000}, {3000, 4000}, {4000, 5000}, {5000, 6000}, {6000, 7000},
            {7000, 8000}, {8000, 20000}, {9000, 1000}, {12000, 1500}};
        for (int i = 0; i < v.length; i++) {
            s.add(f(i + 1, v[i][0], v[i][1]));
        }
        s.add(f(3, 99_000, 99_000)); // a repeated event: not counted
        FlutterStats.Result r = s.result(8_333);
        assertEquals(10, r.frames());
        assertEquals(1, r.duplicates());
        // nearest rank of sorted builds 1..9, 12 ms: p50 = 5th = 5 ms, p90 = 9th = 9 ms, p99 = 10th = 12 ms
        assertEquals(5.0, r.buildP50(), 1e-9);
        assertEquals(9.0, r.buildP90(), 1e-9);
        assertEquals(12.0, r.buildP99(), 1e-9);
        // sorted rasters 1, 1.5, 2, 3, 4, 5, 6, 7, 8, 20 ms: p50 = 4, p90 = 8, p99 = 20
        assertEquals(4.0, r.rasterP50(), 1e-9);
        assertEquals(8.0, r.rasterP90(), 1e-9);
        assertEquals(20.0, r.rasterP99(), 1e-9);
        assertEquals(0.2, r.uiOverBudget(), 1e-9);
        assertEquals(0.1, r.rasterOverBudget(), 1e-9);
        assertEquals(0.3, r.jankyShare(), 1e-9);
        assertEquals("ui", r.worseThread());
        // one overlay window: 1e6 / max(12000, 16666.7) = 60 fps (UI: kOneFrameMS is a 60 Hz frame even at
        // 120 Hz), 1e6 / 20000 = 50 fps (raster)
        assertEquals(60.0, r.overlayUiFps(), 1e-9);
        assertEquals(50.0, r.overlayRasterFps(), 1e-9);
    }

    @Test
    void theBudgetIsTheRefreshPeriodNotSixteenMs() {
        FlutterStats s = new FlutterStats();
        s.add(f(1, 10_000, 1_000)); // 10 ms: over 8.33 ms (120 Hz), within 16.67 ms (60 Hz)
        assertEquals(1.0, s.result(8_333).uiOverBudget(), 1e-9);
        assertEquals(0.0, s.result(16_667).uiOverBudget(), 1e-9);
    }

    @Test
    void devToolsRuleTakesWholeMilliseconds() {
        // flutter_frame_model.dart isUiJanky: buildTime.inMilliseconds > 1000 / refreshRate
        FlutterStats s = new FlutterStats();
        s.add(f(1, 16_999, 1_000)); // 16 whole ms: not over 16.667 at 60 Hz
        s.add(f(2, 1_000, 17_000)); // 17 ms raster: over
        FlutterStats.Result at60 = s.result(16_667);
        assertEquals(0.0, at60.uiOverBudget(), 1e-9);
        assertEquals(0.5, at60.rasterOverBudget(), 1e-9);
        FlutterStats t = new FlutterStats();
        t.add(f(1, 8_999, 1_000)); // 8 whole ms: not over 8.333 at 120 Hz
        t.add(f(2, 9_000, 1_000)); // 9 ms: over
        assertEquals(0.5, t.result(8_333).uiOverBudget(), 1e-9);
        assertEquals(0.5, t.result(8_333).jankyShare(), 1e-9);
    }

    @Test
    void overlayWindowsOf120Frames() {
        FlutterStats s = new FlutterStats();
        for (int i = 1; i <= 240; i++) {
            s.add(f(i, i == 10 ? 50_000 : 4_000, i == 200 ? 25_000 : 4_000));
        }
        FlutterStats.Result r = s.result(16_667);
        // UI windows: [1..120] max 50 ms -> 20 fps, [121..240] max 4 ms -> capped at one frame: 60 fps
        assertEquals(20.0, r.overlayUiFpsWorst(), 1e-9);
        assertEquals(20.0, r.overlayUiFps(), 1e-9, "median of two windows is the lower (nearest rank)");
        // raster: [1..120] 60 fps, [121..240] 1e6/25000 = 40 fps
        assertEquals(40.0, r.overlayRasterFpsWorst(), 1e-9);
    }

    @Test
    void noFramesIsUnavailableNotZero() {
        assertNull(new FlutterStats().result(16_667));
    }

    @Test
    void aTieNamesUiPerFrameAndInTheSummary() {
        // docs/metrics.md 16 rules 4 and 9: the same tie rule for flutterBottleneck and worseThread
        assertEquals("ui", f(1, 5_000, 5_000).bottleneck());
        assertEquals("raster", f(1, 5_000, 5_001).bottleneck());
        FlutterStats s = new FlutterStats();
        s.add(f(1, 10_000, 1_000)); // UI over 8.333 ms
        s.add(f(2, 1_000, 10_000)); // raster over
        assertEquals("ui", s.result(8_333).worseThread());
        assertEquals("none", FlutterStats.worse(0, 0));
    }
}
