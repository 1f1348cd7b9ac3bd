package io.fpsctl.sink.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.fpsctl.sink.report.ReportThinningBrowserTest.Frame;
import io.fpsctl.testing.Chromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long run's frame-time chart against the page of every frame at the same zoom (docs/report.md "Big captures"),
 * in a real browser: 9,000 frames built by hand (ReportThinningBrowserTest's rules) and a threshold of 8,000, so the
 * grid (0.125 s, 1,289 columns over 161 s) is finer than a pixel column at the widest zoom and coarser zoomed in.
 * At every zoom no dot lies outside the range shown and no frame outside it is drawn; as wide as the grid, each
 * pixel column holds the shortest and longest frame of every frame in it; finer, the page says it shows the kept
 * frames only and draws them where the page of every frame draws them; a click on a janky dot finds its frame.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("chromium")
@Tag("e2e")
class ReportThinningZoomBrowserTest {
    private static final int N = 9000;
    private static final String ZOOMS = "#zoom=0:1000,0.3:150.7,20:20.05,10.1:12.3,10.1:10.3,20.1:20.6,3:60,"
            + "95.3:96.1,100:190";

    @TempDir
    static Path dir;

    @Test
    void everyZoomMatchesThePageOfEveryFrame() throws Exception {
        Optional<Chromium> c = Chromium.find();
        assumeTrue(c.isPresent(), "chromium is not installed (apt-get install chromium): browser test skipped");
        List<Frame> list = new ArrayList<>();
        ReportFrames frames = ReportThinningBrowserTest.handBuilt(N, list);
        JsonNode summary = ReportThinningBrowserTest.summaryOf(frames);
        Path thin = Files.writeString(dir.resolve("thin.html"), ReportThinningBrowserTest.page(frames, summary, 8000));
        String fullPage = ReportThinningBrowserTest.page(frames, summary, ReportThinning.THIN_ABOVE);
        Path full = Files.writeString(dir.resolve("full.html"), fullPage);
        // the rings as the page of every frame holds them: the engine's FrameTimeline join decides which of the
        // hand-built verdicts land (in this long list, not all of them), not this test
        JsonNode embedded = new com.fasterxml.jackson.databind.ObjectMapper().readTree(fullPage.substring(
                fullPage.indexOf("{\"title\""), fullPage.indexOf("</script>", fullPage.indexOf("{\"title\""))))
                .path("runs").path(0).path("iterations").path(0).path("frames");
        byte[] ft = java.util.Base64.getDecoder().decode(embedded.path("ft").asText());
        assertEquals(N, ft.length);
        int rings = 0;
        for (int i = 0; i < N; i++) {
            Frame fr = list.get(i);
            list.set(i, new Frame(fr.t(), fr.d(), fr.level(), ft[i] >= 3 ? ft[i] + 2 : -1));
            rings += ft[i] >= 3 ? 1 : 0;
        }
        assertTrue(rings > 20, "ringed frames: " + rings);
        JsonNode thinCheck = ReportThinningBrowserTest.selfCheck(c.get().dumpDom(thin, ZOOMS,
                Files.createTempDirectory(dir, "t")));
        JsonNode fullCheck = ReportThinningBrowserTest.selfCheck(c.get().dumpDom(full, ZOOMS,
                Files.createTempDirectory(dir, "f")));
        // the span: 161.07 s; at most 8,000 / 4 = 2,000 columns → 0.125 s (1,289 columns; 0.0625 s needs 2,578)
        assertEquals(0.125, thinCheck.path("thinned").path(0).path("columnS").asDouble());
        int coarse = checkZooms(thinCheck, fullCheck, list, 0.125);
        assertTrue(coarse >= 2 && coarse < 9, "zooms as wide as the grid (0:1000, 0.3:150.7; not 3:60): " + coarse);
    }

    /**
     * A run janky all along (3,000 frames, each 67–72 ms or 194–200 ms, threshold 1,000; about 366 s, so at most 71
     * columns: 8 s each): the page holds at most the
     * threshold's number of frames, says that every level is thinned, draws no dot outside the range shown, and
     * prints the distribution of every frame.
     */
    @Test
    void aRunJankyAllAlongStaysSmallAndSaysSo() throws Exception {
        Optional<Chromium> c = Chromium.find();
        assumeTrue(c.isPresent(), "chromium is not installed (apt-get install chromium): browser test skipped");
        ReportFrames frames = new ReportFrames();
        io.fpsctl.engine.FrameEngine engine = new io.fpsctl.engine.FrameEngine(io.fpsctl.engine.Source.GFXINFO,
                io.fpsctl.engine.EngineConfig.defaults(), frames);
        String window = "com.example/com.example.MainActivity";
        long t = 16_666_667L;
        engine.blockStart(window);
        long vsync = 0;
        for (int i = 0; i < 3000; i++) {
            long d = (i % 3 == 0 ? 200 - i % 7 : 67 + i % 6) * 1_000_000L;
            long v = 9_000_000_000L + vsync * t;
            long his = v + 1_000_000L;
            long sq = v + d - 1_000_000L;
            engine.frame(new io.fpsctl.engine.RenderedFrame(window, 0, v, v, his, his, his, his, sq, sq, sq, sq, v + d,
                    0, 0, t, 1000 + i));
            vsync += (d + t - 1) / t;
        }
        engine.blockEnd();
        engine.finish();
        java.io.StringWriter sw = new java.io.StringWriter();
        io.fpsctl.format.SummaryJson.write(engine.summary("com.example"), null, sw, false);
        JsonNode summary = new com.fasterxml.jackson.databind.ObjectMapper().readTree(sw.toString());
        String zooms = "#zoom=0:1000,100:101";
        JsonNode thin = ReportThinningBrowserTest.selfCheck(c.get().dumpDom(Files.writeString(dir.resolve("j.html"),
                ReportThinningBrowserTest.page(frames, summary, 1000)), zooms, Files.createTempDirectory(dir, "j")));
        JsonNode full = ReportThinningBrowserTest.selfCheck(c.get().dumpDom(Files.writeString(dir.resolve("jf.html"),
                ReportThinningBrowserTest.page(frames, summary, ReportThinning.THIN_ABOVE)), zooms,
                Files.createTempDirectory(dir, "jf")));
        JsonNode th = thin.path("thinned").path(0);
        assertTrue(th.path("capped").asBoolean(), "every frame is janky: " + th);
        assertTrue(th.path("kept").asInt() <= 1000, "kept: " + th);
        assertEquals(3000, th.path("count").asInt());
        assertEquals(full.path("distribution"), thin.path("distribution"));
        for (int z = 0; z < 2; z++) {
            JsonNode zt = thin.path("zoomTest").path(z);
            allInView(zt, "all janky, zoom " + z);
            clicksFindTheirFrame(zt, "all janky, zoom " + z);
            assertTrue(zt.path("keptOnlyNote").asBoolean(), "an 8 s grid: every zoom here is finer");
        }
        String dom = c.get().dumpDom(dir.resolve("j.html"), Files.createTempDirectory(dir, "jd"));
        java.util.regex.Matcher said = java.util.regex.Pattern.compile("<p [^>]*data-thinned=\"0\">([^<]*)</p>")
                .matcher(dom);
        assertTrue(said.find(), "the note");
        assertTrue(said.group(1).contains("too many are janky to hold them all, so of every drop level and"
                + " FrameTimeline ring it holds the shortest and the longest of each 8 s"), said.group(1));
    }

    /**
     * Checks every zoom of the thinned page's self-check against the page of every frame's at the same zoom and
     * against the hand-built {@code list}; returns how many zooms were as wide as the grid.
     */
    static int checkZooms(JsonNode thinCheck, JsonNode fullCheck, List<Frame> list, double columnS) {
        JsonNode thin = thinCheck.path("zoomTest");
        JsonNode full = fullCheck.path("zoomTest");
        assertTrue(thin.size() > 0 && thin.size() == full.size(), "zooms: " + thin.size() + " and " + full.size());
        int coarse = 0;
        for (int z = 0; z < thin.size(); z++) {
            JsonNode t = thin.path(z);
            JsonNode f = full.path(z);
            String where = "zoom " + f.path("range") + " (thinned: " + t.path("range") + ")";
            allInView(t, where + " thinned");
            allInView(f, where + " every frame");
            clicksFindTheirFrame(t, where + " thinned");
            clicksFindTheirFrame(f, where + " every frame");
            double min = t.path("range").path(0).asDouble();
            double max = t.path("range").path(1).asDouble();
            double fMin = f.path("range").path(0).asDouble();
            double fMax = f.path("range").path(1).asDouble();
            double pixel = (fMax - fMin) / f.path("columns").asInt();
            boolean keptOnly = pixel < columnS;
            assertEquals(keptOnly, t.path("keptOnly").asBoolean(), where + ": kept frames only");
            assertEquals(keptOnly, t.path("keptOnlyNote").asBoolean(), where + ": the page says it shows the kept "
                    + "frames only exactly when it does");
            assertFalse(f.path("keptOnly").asBoolean(), where + ": the page of every frame");
            if (keptOnly) {
                assertEquals(f.path("range"), t.path("range"), where + ": the same range");
                assertEquals(f.path("x0"), t.path("x0"));
                assertEquals(f.path("width"), t.path("width"));
                assertEquals(f.path("columns"), t.path("columns"));
                for (int row = 1; row < 7; row++) {
                    assertEquals(f.path("rows").path(row), t.path("rows").path(row),
                            where + ": every janky and ringed frame, where the page of every frame draws it (row "
                                    + row + ")");
                }
                JsonNode tb = t.path("rows").path(0);
                JsonNode fb = f.path("rows").path(0);
                for (int b = 0; 2 * b < tb.size(); b++) {
                    if (tb.path(2 * b).isNull()) {
                        continue;
                    }
                    assertFalse(fb.path(2 * b).isNull(), where + " column " + b + ": a frame the full page lacks");
                    double tLo = tb.path(2 * b).asDouble();
                    double tHi = tb.path(2 * b + 1).isNull() ? tLo : tb.path(2 * b + 1).asDouble();
                    double fLo = fb.path(2 * b).asDouble();
                    double fHi = fb.path(2 * b + 1).isNull() ? fLo : fb.path(2 * b + 1).asDouble();
                    assertTrue(fLo <= tLo && tHi <= fHi, where + " column " + b + ": kept " + tLo + "–" + tHi
                            + " within every frame's " + fLo + "–" + fHi);
                }
                continue;
            }
            coarse++;
            // as wide as the grid: the range widens to whole grid columns, by less than one pixel column a side
            assertEquals(0, Math.IEEEremainder(min, columnS), 0, where + ": starts on the grid");
            assertEquals(0, Math.IEEEremainder(max, columnS), 0, where + ": ends on the grid");
            assertTrue(min <= fMin && fMin - min < columnS, where + ": starts at most one grid column earlier");
            assertTrue(max >= fMax && max - fMax < 2 * pixel + columnS, where + ": ends less than two pixel columns"
                    + " later");
            double x0 = t.path("x0").asDouble();
            double w = t.path("width").asDouble();
            int columns = t.path("columns").asInt();
            assertEquals(min, x0, where + ": the columns start where the range does");
            assertEquals(max, x0 + columns * w, 1e-9, where + ": the columns end where the range does");
            JsonNode rows = t.path("rows");
            assertEquals(7, rows.size(), "5 drop levels and 2 rings");
            for (int row = 0; row < 7; row++) {
                for (int b = 0; b < columns; b++) {
                    float lo = Float.POSITIVE_INFINITY;
                    float hi = Float.NEGATIVE_INFINITY;
                    for (Frame fr : list) {
                        boolean in = row < 5 ? fr.level() == row : fr.ring() == row;
                        if (in && fr.t() >= x0 + b * w && fr.t() < x0 + (b + 1) * w) {
                            lo = Math.min(lo, fr.d());
                            hi = Math.max(hi, fr.d());
                        }
                    }
                    JsonNode pLo = rows.path(row).path(2 * b);
                    JsonNode pHi = rows.path(row).path(2 * b + 1);
                    String at = where + " row " + row + " column " + b;
                    if (lo == Float.POSITIVE_INFINITY) {
                        assertTrue(pLo.isNull() && pHi.isNull(), at + ": no frame, drawn " + pLo + " " + pHi);
                        continue;
                    }
                    assertEquals(lo, (float) pLo.asDouble(), at + " shortest of every frame");
                    if (hi == lo) {
                        assertTrue(pHi.isNull(), at + ": one value");
                    } else {
                        assertEquals(hi, (float) pHi.asDouble(), at + " longest of every frame");
                    }
                }
            }
        }
        return coarse;
    }

    /** No dot outside the range shown (the x of each drawn point, every row). */
    private static void allInView(JsonNode z, String where) {
        double min = z.path("range").path(0).asDouble();
        double max = z.path("range").path(1).asDouble();
        double x0 = z.path("x0").asDouble();
        double w = z.path("width").asDouble();
        for (JsonNode row : z.path("rows")) {
            for (int j = 0; j < row.size(); j++) {
                if (row.path(j).isNull()) {
                    continue;
                }
                double x = x0 + (j / 2 + (j % 2 == 0 ? 0.25 : 0.75)) * w;
                assertTrue(x >= min && x <= max, where + ": a dot at " + x + " s, outside the range shown");
            }
        }
    }

    /** A click on each janky dot finds a frame of that dot's frame time, within that dot's pixel column. */
    private static void clicksFindTheirFrame(JsonNode z, String where) {
        double w = z.path("width").asDouble();
        for (JsonNode h : z.path("hits")) {
            assertNotNull(h.path("t").isNull() ? null : h, where + ": a click on the dot " + h + " found no frame");
            assertEquals(h.path("d").asDouble(), h.path("frame").asDouble(), where + ": the dot's frame " + h);
            assertTrue(Math.abs(h.path("t").asDouble() - h.path("x").asDouble()) <= w, where + ": the dot " + h
                    + " is drawn within its pixel column of its frame");
        }
    }
}
