package io.fpsctl.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.engine.FrameTimes;
import io.fpsctl.engine.Stage;
import io.fpsctl.engine.Summary;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryJsonReaderTest {

    private static Summary roundTrip(Summary s) throws IOException {
        StringWriter json = new StringWriter();
        SummaryJson.write(s, json, true);
        return SummaryJsonReader.read(new StringReader(json.toString()));
    }

    private static void assertRounded(Double expected, Double actual, int decimals, String what) {
        if (expected == null) {
            assertNull(actual, what);
        } else {
            assertEquals(Decimals.round(expected, decimals).doubleValue(), actual, 1e-9, what);
        }
    }

    /** Every value equal to what was printed (counts exact, rates 1 decimal, ms and % 2 decimals). */
    private static void assertSameAsPrinted(Summary e, Summary a) {
        assertEquals(e.source(), a.source());
        assertEquals(e.packageName(), a.packageName());
        assertEquals(e.name(), a.name());
        assertRounded(e.refreshHz(), a.refreshHz(), 1, "refreshHz");
        assertEquals(e.frames(), a.frames());
        assertEquals(e.timedFrames(), a.timedFrames());
        assertRounded(e.fps(), a.fps(), 1, "fps");
        assertRounded(e.spanFps(), a.spanFps(), 1, "spanFps");
        assertEquals(e.jankyFrames(), a.jankyFrames());
        assertRounded(e.jankPercent(), a.jankPercent(), 2, "jankPercent");
        assertEquals(e.droppedFrames(), a.droppedFrames());
        assertEquals(e.overflows(), a.overflows());
        assertArrayEquals(e.dropLevels(), a.dropLevels());
        FrameTimes et = e.frameTimeMs();
        FrameTimes at = a.frameTimeMs();
        if (et == null) {
            assertNull(at);
        } else {
            assertRounded(et.p50(), at.p50(), 2, "p50");
            assertRounded(et.p90(), at.p90(), 2, "p90");
            assertRounded(et.p95(), at.p95(), 2, "p95");
            assertRounded(et.p99(), at.p99(), 2, "p99");
            assertRounded(et.max(), at.max(), 2, "max");
            assertRounded(et.mean(), at.mean(), 2, "mean");
        }
        if (e.stagesMs() == null) {
            assertNull(a.stagesMs());
        } else {
            for (Stage s : Stage.all()) {
                assertRounded(e.stageMs(s), a.stageMs(s), 2, s.key());
            }
        }
        assertArrayEquals(e.mainCauses(), a.mainCauses());
        assertEquals(e.jank(), a.jank());
        assertEquals(e.bigJank(), a.bigJank());
        assertRounded(e.stutterPercent(), a.stutterPercent(), 2, "stutterPercent");
        assertEquals(e.worstCause(), a.worstCause());
        assertEquals(e.windows().size(), a.windows().size());
        for (int i = 0; i < e.windows().size(); i++) {
            assertSameAsPrinted(e.windows().get(i), a.windows().get(i));
        }
    }

    @Test
    void gfxinfoSummaryRoundTrips() throws IOException {
        EngineRun run = EngineRun.threeWindows();
        Summary s = run.engine.summary("com.example");
        assertTrue(s.mainCause("draw") > 0, "the capture has a slow, draw-bound frame");
        Summary back = roundTrip(s);
        assertSameAsPrinted(s, back);
        assertEquals(List.of(), back.warnings());
        assertEquals("com.example/com.example.MainActivity", back.windows().get(0).name());
    }

    @Test
    void surfaceFlingerSummaryRoundTrips() throws IOException {
        Summary s = EngineRun.surfaceFlingerWithBigJank();
        assertEquals(1L, s.bigJank());
        Summary back = roundTrip(s);
        assertSameAsPrinted(s, back);
        assertNull(back.stagesMs());
        assertNull(back.mainCauses());
    }

    @Test
    void anEmptyCaptureRoundTripsWithNullsAndItsWarning() throws IOException {
        Summary s = EngineRun.empty();
        Summary back = roundTrip(s);
        assertSameAsPrinted(s, back);
        assertNull(back.fps());
        assertNull(back.frameTimeMs());
        assertEquals(s.warnings(), back.warnings());
    }

    @Test
    void readsTheMetricsMdExampleAndIgnoresUnknownKeys() throws IOException {
        String json = """
                {"schemaVersion":1, "source":"gfxinfo", "package":"com.example", "refreshHz":120.0,
                 "frames":240, "timedFrames":236, "fps":117.9, "spanFps":112.4, "jankyFrames":3, "jankPercent":1.27,
                 "droppedFrames":5, "overflows":0,
                 "dropLevels":{"best":234,"normal":2,"middle":0,"high":0,"frozen":0},
                 "frameTimeMs":{"p50":5.12,"p90":6.31,"p95":7.02,"p99":9.40,"max":12.77,"mean":5.40},
                 "stagesMs":{"delay":0.61,"input":0.02,"animation":1.10,"layout":0.01,"draw":0.05,"sync":0.31,
                             "command":0.28,"swap":1.70,"gpu":2.10},
                 "mainCauses":{"none":1,"animation":0,"draw":2},
                 "jank":null, "bigJank":null, "stutterPercent":null, "addedLater":{"x":1},
                 "windows":[{"name":"com.example/com.example.MainActivity", "frames":240}]}
                """;
        Summary s = SummaryJsonReader.read(new StringReader(json));
        assertEquals(117.9, s.fps());
        assertEquals(1.27, s.jankPercent());
        assertEquals(6.31, s.frameTimeMs().p90());
        assertEquals(2, s.mainCause("draw"));
        assertEquals(2.10, s.stageMs(Stage.GPU));
        assertNull(s.bigJank());
        assertNull(s.worstCause());
        assertEquals(240, s.windows().get(0).frames());
        assertNull(s.windows().get(0).frameTimeMs(), "a window without frame times");
    }

    @Test
    void rejectsWhatIsNotOneSchema1Summary() {
        assertMessage("not JSON", "{\"schemaVersion\":1,");
        assertMessage("not JSON", "{\"schemaVersion\":1} trailing");
        assertMessage("holds 2 summaries", "[{},{}]");
        assertMessage("no schemaVersion", "{\"frames\":3}");
        assertMessage("schemaVersion 2 is not supported", "{\"schemaVersion\":2,\"source\":\"gfxinfo\"}");
        assertMessage("unknown source 'systrace'", "{\"schemaVersion\":1,\"source\":\"systrace\"}"); // perfetto is a source since docs/metrics.md 14
        assertMessage("'frames' must be a non-negative integer", "{\"schemaVersion\":1,\"source\":\"gfxinfo\","
                + "\"frames\":-1}");
        assertMessage("empty", "");
    }

    private static void assertMessage(String part, String json) {
        SummaryFormatException e = assertThrows(SummaryFormatException.class,
                () -> SummaryJsonReader.read(new StringReader(json)));
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    @Test
    void aGfxinfoSummaryWithoutMainCausesWritesBackAsNull() throws IOException {
        String json = """
                {"schemaVersion":1, "source":"gfxinfo", "package":"com.example", "frames":0, "timedFrames":0}
                """;
        Summary s = SummaryJsonReader.read(new StringReader(json));
        java.io.StringWriter out = new java.io.StringWriter();
        SummaryJson.write(s, out, false);
        assertTrue(out.toString().contains("\"mainCauses\":null"), out.toString());
    }

    @Test
    void aFileErrorNamesTheFile(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("baseline.json"), "[]");
        SummaryFormatException e = assertThrows(SummaryFormatException.class, () -> SummaryJsonReader.read(file));
        assertTrue(e.getMessage().startsWith(file + ": holds 0 summaries"), e.getMessage());
    }

    @Test
    void coverageGapsAreWrittenAndReadBackAndZeroWhenNone() throws IOException {
        io.fpsctl.engine.FrameEngine e = new io.fpsctl.engine.FrameEngine(io.fpsctl.engine.Source.GFXINFO,
                io.fpsctl.engine.EngineConfig.defaults());
        StringWriter none = new StringWriter();
        SummaryJson.write(e.summary("p"), none, false);
        assertTrue(none.toString().contains("\"coverageGaps\":0,\"coverageGapMs\":0.00"), none.toString());
        e.coverageGap(2_000_000_000L, 3_234_500_000L, "the device reconnected");   // 1 234 500 000 ns
        StringWriter json = new StringWriter();
        SummaryJson.write(e.summary("p"), json, false);
        assertTrue(json.toString().contains("\"coverageGaps\":1,\"coverageGapMs\":1234.50"), json.toString());
        Summary back = SummaryJsonReader.read(new StringReader(json.toString()));
        assertEquals(1, back.coverageGaps());
        assertEquals(1234.5, back.coverageGapMs(), 1e-9);
        assertTrue(back.warnings().contains("coverage gap of 1234.5 ms: the device reconnected"));
    }
}
