package io.fpsctl.sink.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameTimelineJankType;
import io.fpsctl.engine.FrameTimelineVerdict;
import io.fpsctl.engine.RenderedFrame;
import io.fpsctl.engine.Source;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

/** Which frames a long run's page embeds and what the writer counts for it, worked out by hand. */
class ReportThinningTest {
    private static final long T = 16_666_667L;
    private static final long MS = 1_000_000L;
    private static final long T0 = 7_000_000_000L;
    private static final String WINDOW = "com.example/com.example.MainActivity";

    /** Vsync number, frame time in ms: 60 Hz, a frame that runs long pushes the next to the vsync after it ends. */
    private static final long[][] FRAMES = {{0, 10}, {1, 5}, {2, 12}, {3, 70}, {8, 3}, {9, 8}, {10, 14}, {11, 6},
        {12, 2}, {13, 200}, {25, 9}, {26, 11}};

    private static RenderedFrame frame(long vsync, long duration, long id) {
        long his = vsync + MS;
        long sq = vsync + duration - MS;
        return new RenderedFrame(WINDOW, 0, vsync, vsync, his, his, his, his, sq, sq, sq, sq, vsync + duration, 0, 0, T,
                id);
    }

    private static ReportFrames frames() {
        ReportFrames frames = new ReportFrames();
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), frames);
        engine.frameTimeline(new io.fpsctl.engine.FrameTimelineAttribution());
        engine.blockStart(WINDOW);
        for (int i = 0; i < FRAMES.length; i++) {
            engine.frame(frame(T0 + FRAMES[i][0] * T, FRAMES[i][1] * MS, 100 + i));
        }
        engine.blockEnd();
        engine.finish();
        // frame 0 on time; frame 1 (5 ms, drop level best) late by the app: the chart rings it, so it is kept
        frames.frameTimeline(0, new FrameTimelineVerdict(true, EnumSet.noneOf(FrameTimelineJankType.class), "Presented"));
        frames.frameTimeline(1, new FrameTimelineVerdict(true,
                EnumSet.of(FrameTimelineJankType.ofPrinted("App Deadline Missed")), "Presented"));
        return frames;
    }

    @Test
    void keepsEveryJankyAndRingedFrameAndTheExtremesOfEachColumn() {
        ReportFrames f = frames();
        assertEquals(12, f.size());
        ReportThinning thin = ReportThinning.of(f, T0, 8);
        // span: vsync 26 = 0.4333 s; at most 8 / 4 = 2 columns: 0.25 s (0.125 s would need 4)
        assertEquals((float) (26 * T / 1e9), thin.span());
        assertEquals(0.25, thin.columnS());
        // column 0 (vsyncs 0–14): best frames 10, 5, 12, 3, 8, 14, 6, 2 ms → shortest vsync 12 (index 8), longest
        // vsync 10 (index 6); janky: 70 ms (index 3, 4 vsyncs missed: normal) and 200 ms (index 9); ringed: index 1.
        // Column 1 (vsyncs 25, 26): both, the shortest and the longest.
        assertArrayEquals(new int[] {1, 3, 6, 8, 9, 10, 11}, thin.kept());
        assertEquals(12, thin.timed());
        long[] bins = new long[ReportThinning.LAST_BIN + 1];
        for (long[] fr : FRAMES) {
            bins[(int) (fr[1] * 2)]++; // 0.5 ms bins: 10 ms → bin 20, 200 ms → bin 400
        }
        assertArrayEquals(bins, thin.histogram());
    }

    @Test
    void aRunAtTheThresholdIsNotThinned() {
        assertNull(ReportThinning.of(frames(), T0, 12));
    }

    @Test
    void theGridIsThePowerOfTwoThatFitsTheColumns() {
        assertEquals(1.0, ReportThinning.columnS(36_000, 50_000)); // 10 hours: 36,001 columns of 1 s; of 0.5 s, 72,001
        assertEquals(0.25, ReportThinning.columnS(0.4333, 2));
        assertEquals(0x1p-20, ReportThinning.columnS(0, 1));
    }

    @Test
    void theWriterCountsTheDistributionAndVerdictsOverEveryFrame() throws Exception {
        java.io.StringWriter out = new java.io.StringWriter();
        com.fasterxml.jackson.databind.node.ObjectNode summary = new com.fasterxml.jackson.databind.ObjectMapper()
                .createObjectNode().put("refreshHz", 60);
        HtmlReport.write(java.util.List.of(new ReportRun("hand", "test", summary, null, frames(), null)),
                new HtmlReport.Options("t", null, 5).withThinAbove(8), out);
        String page = out.toString();
        int at = page.indexOf("\"thinned\":");
        String thinned = page.substring(at, page.indexOf('}', page.indexOf("\"ftCounts\"", at)) + 1);
        assertEquals("\"thinned\":{\"kept\":7,\"columnS\":0.25,\"span\":" + (double) (float) (26 * T / 1e9)
                + ",\"timed\":12,\"histogram\":[[4,1],[6,1],[10,1],[12,1],[16,1],[18,1],[20,1],[22,1],[24,1],[28,1],"
                + "[140,1],[400,1]],\"ftCounts\":{\"unattributed\":0,\"onTime\":1,\"app\":1,\"system\":0}", thinned);
        assertEquals("\"count\":12", page.substring(page.indexOf("\"count\":"), page.indexOf("\"count\":") + 10));
    }

    /**
     * A frame whose time is just below a grid edge in double but on it in float32 belongs to the upper column, as the
     * page reads it: 32,767.9995 s is 32,768.0 in float32 (one step below it is 1/512 s). Nine best frames (s, ms), a
     * threshold of 8: at most 2 columns of 32,768 s over a 36,000 s span. The page's column 0 is 0–4 s (shortest 5 ms
     * at 1 s, longest 10 ms at 0 s); its column 1 holds 32,767.9995 s (2 ms, the shortest) up to 36,000 s (8 ms, the
     * longest). Columns by double time would put the 2 ms frame in column 0 and keep 35,000 s (6 ms) instead.
     */
    @Test
    void aFrameJustBelowAnEdgeIsInTheColumnOfItsFloat32Time() {
        long[][] frames = {{0, 10}, {1_000_000, 5}, {2_000_000, 6}, {3_000_000, 7}, {4_000_000, 8},
            {32_767_999_500L, 2}, {35_000_000_000L, 6}, {35_001_000_000L, 7}, {36_000_000_000L, 8}}; // µs, ms
        ReportFrames f = new ReportFrames();
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), f);
        engine.blockStart(WINDOW);
        for (int i = 0; i < frames.length; i++) {
            engine.frame(frame(T0 + frames[i][0] * 1000, frames[i][1] * MS, 100 + i));
        }
        engine.blockEnd();
        engine.finish();
        assertEquals(9, f.size());
        assertEquals(32_768f, ReportThinning.pageTime(f, 5, T0), "float32 rounds 32,767.9995 s up onto the edge");
        ReportThinning thin = ReportThinning.of(f, T0, 8);
        assertEquals(32_768.0, thin.columnS());
        assertArrayEquals(new int[] {0, 1, 5, 8}, thin.kept());
    }

    /**
     * A run janky all along: 10 frames, all janky, threshold 8, so more janky frames (10) than half the threshold (4).
     * Every row is then thinned like best frames, on a grid of at most 8 / (2 × 7) columns: one. Frame times (ms)
     * 70, 68, 72, 69, 195, 71, 190, 200, 67, 70; 67–72 ms miss 4 vsyncs (normal), 190–200 ms miss 11 (middle).
     * Normal: the shortest is index 8 (67 ms), the longest index 2 (72 ms); middle: index 6 (190) and 7 (200).
     */
    @Test
    void aRunJankyAllAlongKeepsTheExtremesOfEveryLevelPerColumn() {
        long[] ms = {70, 68, 72, 69, 195, 71, 190, 200, 67, 70};
        ReportFrames f = new ReportFrames();
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), f);
        engine.blockStart(WINDOW);
        long vsync = 0;
        for (int i = 0; i < ms.length; i++) {
            engine.frame(frame(T0 + vsync * T, ms[i] * MS, 100 + i));
            vsync += (ms[i] * MS + T - 1) / T;
        }
        engine.blockEnd();
        engine.finish();
        assertEquals(10, f.size());
        for (int i = 0; i < ms.length; i++) {
            assertEquals(ms[i] >= 190 ? 2 : 1, f.level(i), "drop level of frame " + i);
        }
        ReportThinning thin = ReportThinning.of(f, T0, 8);
        assertTrue(thin.capped());
        assertArrayEquals(new int[] {2, 6, 7, 8}, thin.kept());
        assertEquals(10, thin.timed(), "the distribution still counts every frame");
        assertFalse(ReportThinning.of(frames(), T0, 8).capped(), "3 janky and ringed frames of 12: not capped");
    }
}
