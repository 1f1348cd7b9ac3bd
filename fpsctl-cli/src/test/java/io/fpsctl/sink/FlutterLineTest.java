package io.fpsctl.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fpsctl.engine.FlutterFrame;
import io.fpsctl.engine.FlutterStats;
import org.junit.jupiter.api.Test;

/** watch's live Flutter line (docs/metrics.md 16 rule 10), worked by hand. */
class FlutterLineTest {

    /** Two frames at 60 Hz: builds 3 and 20 ms (the second over 16.667), rasters 5 and 4 ms. */
    private static FlutterStats.Result twoFrames() {
        FlutterStats s = new FlutterStats();
        s.add(new FlutterFrame(1, 0, 8_000, 3_000, 5_000, 0));
        s.add(new FlutterFrame(2, 16_667, 24_000, 20_000, 4_000, 0));
        return s.result(16_667);
    }

    @Test
    void aKnownRateNamesTheWorseThread() {
        // nearest rank p90 of 2 values = the 2nd: build 20 ms, raster 5 ms; UI over in 1 of 2 frames
        assertEquals(" uiP90Ms=20.00 rasterP90Ms=5.00 worseThread=ui", FlutterLine.plain(twoFrames()));
        assertEquals("flutter  ui p90 20.00  raster p90 5.00 ms  worse ui (50.0 % over)",
                FlutterLine.ansi(twoFrames(), false));
    }

    @Test
    void anUnknownRateNamesNoThread() {
        FlutterStats.Result r = twoFrames().budgetUnknown();
        assertEquals(" uiP90Ms=20.00 rasterP90Ms=5.00 worseThread=unavailable", FlutterLine.plain(r));
        assertEquals("flutter  ui p90 20.00  raster p90 5.00 ms  worse unavailable (refresh rate not read)",
                FlutterLine.ansi(r, false));
    }
}
