package io.fpsctl.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.engine.FlutterFrame;
import io.fpsctl.engine.FlutterStats;
import io.fpsctl.engine.Summary;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** summary.json's {@code flutter} object (docs/metrics.md 16 rule 4): written as worked by hand, read back, refused. */
class FlutterJsonTest {

    /** Four frames at 120 Hz (budget 8333 µs), worked by hand below. */
    private static FlutterStats.Result fourFrames() {
        FlutterStats s = new FlutterStats();
        long[][] v = {{2_000, 3_000}, {9_500, 4_000}, {3_000, 12_000}, {4_000, 5_000}};
        for (int i = 0; i < v.length; i++) {
            s.add(new FlutterFrame(i + 1, 1_000_000L * i, v[i][0] + v[i][1], v[i][0], v[i][1], 0));
        }
        return s.result(8_333);
    }

    private static String json(Summary s) throws IOException {
        StringWriter w = new StringWriter();
        SummaryJson.write(s, w, false);
        return w.toString();
    }

    @Test
    void theBlockIsWrittenAsWorkedByHand() throws IOException {
        String text = json(EngineRun.smooth60().withFlutter(fourFrames()));
        // builds sorted 2, 3, 4, 9.5 ms: nearest rank p50 = 2nd = 3, p90 = 4th = 9.5, p99 = 9.5; rasters sorted 3, 4,
        // 5, 12: p50 = 4, p90 = p99 = 12. Over 8.333 ms in whole ms (DevTools): build 9 (frame 2), raster 12
        // (frame 3): 1 of 4 each, janky 2 of 4; equal shares name "ui" (raster only when its share is larger).
        // Overlay (one window, capped at a 60 Hz frame): UI 1e6/16666.7 = 60.0, raster 1e6/12000 = 83.3 -> capped
        // 60.0 too.
        String expected = "\"flutter\":{\"frames\":4,\"budgetMs\":8.333,"
                + "\"buildMs\":{\"p50\":3.000,\"p90\":9.500,\"p99\":9.500},"
                + "\"rasterMs\":{\"p50\":4.000,\"p90\":12.000,\"p99\":12.000},"
                + "\"uiOverBudget\":0.2500,\"rasterOverBudget\":0.2500,\"jankyShare\":0.5000,\"worseThread\":\"ui\","
                + "\"overlayFps\":{\"ui\":60.0,\"raster\":60.0},\"overlayFpsLowest\":{\"ui\":60.0,\"raster\":60.0},"
                + "\"duplicates\":0}";
        assertTrue(text.contains(expected), text);
        FlutterStats.Result back = SummaryJsonReader.read(new StringReader(text)).flutter();
        assertEquals(4, back.frames());
        assertEquals(9.5, back.buildP90(), 1e-9);
        assertEquals(12.0, back.rasterP99(), 1e-9);
        assertEquals(0.5, back.jankyShare(), 1e-9);
        assertEquals("ui", back.worseThread());
    }

    @Test
    void withoutASplitTheKeyIsNull() throws IOException {
        String text = json(EngineRun.smooth60());
        assertTrue(text.contains("\"flutter\":null"), text);
        assertNull(SummaryJsonReader.read(new StringReader(text)).flutter());
    }

    @Test
    void impossibleBlocksAreRefusedNamingTheKey() throws IOException {
        String good = json(EngineRun.smooth60().withFlutter(fourFrames()));
        String[][] cases = {
            {"\"frames\":4,\"budgetMs\"", "\"frames\":0,\"budgetMs\"", "'flutter.frames' must be 1 or more"},
            {"\"uiOverBudget\":0.2500", "\"uiOverBudget\":1.5", "'flutter.uiOverBudget' is a share"},
            {"\"p50\":3.000,\"p90\":9.500", "\"p50\":30.000,\"p90\":9.500", "p50 <= p90 <= p99"},
            {"\"worseThread\":\"ui\"", "\"worseThread\":\"none\"", "'flutter.worseThread' must be \"ui\", \"raster\" or \"none\" as the shares"},
            {"\"overlayFps\":{\"ui\":60.0", "\"overlayFps\":{\"ui\":\"60\"", "flutter.overlayFps."},
        };
        for (String[] c : cases) {
            assertTrue(good.contains(c[0]), c[0]);
            String bad = good.replace(c[0], c[1]);
            SummaryFormatException e = assertThrows(SummaryFormatException.class,
                    () -> SummaryJsonReader.read(new StringReader(bad)), c[1]);
            assertTrue(e.getMessage().contains(c[2]), e.getMessage());
        }
    }
}
