package io.fpsctl.sink.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameTimelineJankType;
import io.fpsctl.engine.FrameTimelineVerdict;
import io.fpsctl.engine.RenderedFrame;
import io.fpsctl.engine.Source;
import io.fpsctl.format.SummaryJson;
import io.fpsctl.testing.Chromium;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long run's page (docs/report.md "Big captures") in a real browser, from 3,000 frames built by hand and a
 * threshold lowered to 1,000 so that they are thinned: the page says so and how many frames it holds, embeds every
 * janky and ringed frame, and prints the same numbers as the page of every frame (distribution, FrameTimeline
 * counts, span, figures). Every zoom of this run is finer than its 0.25 s grid on a 1,280 px page, so the chart shows
 * the kept frames only and says so; ReportThinningZoomBrowserTest#checkZooms compares each zoom with the page of
 * every frame (and ReportThinningZoomBrowserTest has zooms as wide as the grid).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("chromium")
@Tag("e2e")
class ReportThinningBrowserTest {
    private static final long T = 16_666_667L;
    private static final long MS = 1_000_000L;
    private static final long T0 = 9_000_000_000L;
    private static final int N = 3000;
    private static final String WINDOW = "com.example/com.example.MainActivity";
    private static final String ZOOMS = "#zoom=0:1000,3:7.5,10.2:10.9,20:20.05,0.3:40,52.9:60";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SELF_CHECK = Pattern.compile("<pre id=\"selfcheck\">(.*?)</pre>", Pattern.DOTALL);
    private static final Pattern FIGURE = Pattern.compile("<td[^>]*data-(?:figure|ft-marked)=\"[^\"]+\"[^>]*>[^<]*</td>");

    /** The hand-built run: page time (float32 s since the first frame), frame time ms, drop level, ring row or −1. */
    record Frame(float t, float d, int level, int ring) {
    }

    static final List<Frame> LIST = new ArrayList<>();
    static ReportFrames frames;
    static JsonNode summary;
    @TempDir
    static Path dir;
    static Chromium chromium;
    static String thinDom;
    static String fullDom;
    static String thinPage;

    /**
     * Frame i: 200 ms every 331st (11 vsyncs missed: middle), else 70 ms every 97th (4 missed: normal), else 2–14 ms
     * (best); each starts on the vsync after the last one ended. FrameTimeline: i % 50 = 25 app jank (the chart's
     * ring row 5), i % 200 = 113 system jank (row 6), i % 60 = 7 on time; no two rules meet.
     */
    @BeforeAll
    static void build() throws Exception {
        Optional<Chromium> c = Chromium.find();
        assumeTrue(c.isPresent(), "chromium is not installed (apt-get install chromium): browser test skipped");
        chromium = c.get();
        frames = handBuilt(N, LIST);
        summary = summaryOf(frames);
        thinPage = page(1000);
        Path thin = Files.writeString(dir.resolve("thin.html"), thinPage);
        Path full = Files.writeString(dir.resolve("full.html"), page(ReportThinning.THIN_ABOVE));
        thinDom = chromium.dumpDom(thin, ZOOMS, Files.createTempDirectory(dir, "t"));
        fullDom = chromium.dumpDom(full, ZOOMS, Files.createTempDirectory(dir, "f"));
    }


    /**
     * {@code n} hand-built frames into {@code list}, as the class comment says: 200 ms every 331st (11 vsyncs
     * missed: middle), else 70 ms every 97th (4 missed: normal), else 2–14 ms (best); each starts on the vsync after
     * the last one ended. FrameTimeline: i % 50 = 25 app jank (the chart's ring row 5), i % 200 = 113 system jank
     * (row 6), i % 60 = 7 on time; no two rules meet. The summary of the same run is kept for {@link #summaryOf}.
     */
    static ReportFrames handBuilt(int n, List<Frame> list) {
        ReportFrames out = new ReportFrames();
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), out);
        engine.frameTimeline(new io.fpsctl.engine.FrameTimelineAttribution());
        engine.blockStart(WINDOW);
        long vsync = 0;
        for (int i = 0; i < n; i++) {
            long d = i % 331 == 330 ? 200 : i % 97 == 96 ? 70 : 2 + (i * 37L) % 13;
            int level = d == 200 ? 2 : d == 70 ? 1 : 0;
            int ring = i % 50 == 25 ? 5 : i % 200 == 113 ? 6 : -1;
            list.add(new Frame((float) (vsync * T / 1e9), d, level, ring));
            long v = T0 + vsync * T;
            long his = v + MS;
            long sq = v + d * MS - MS;
            engine.frame(new RenderedFrame(WINDOW, 0, v, v, his, his, his, his, sq, sq, sq, sq, v + d * MS, 0, 0, T,
                    1000 + i));
            vsync += (d * MS + T - 1) / T; // the vsyncs it took
        }
        engine.blockEnd();
        engine.finish();
        for (int i = 0; i < n; i++) {
            if (i % 50 == 25) {
                out.frameTimeline(i, verdict("App Deadline Missed"));
            } else if (i % 200 == 113) {
                out.frameTimeline(i, verdict("Display HAL"));
            } else if (i % 60 == 7) {
                out.frameTimeline(i, new FrameTimelineVerdict(true, EnumSet.noneOf(FrameTimelineJankType.class),
                        "Presented"));
            }
        }
        SUMMARIES.put(out, engine);
        return out;
    }

    private static final java.util.Map<ReportFrames, FrameEngine> SUMMARIES = new java.util.IdentityHashMap<>();

    static JsonNode summaryOf(ReportFrames f) throws Exception {
        StringWriter s = new StringWriter();
        SummaryJson.write(SUMMARIES.get(f).summary("com.example"), null, s, false);
        return JSON.readTree(s.toString());
    }

    /** The page of one run of {@code f}, thinning runs of more than {@code thinAbove} frames. */
    static String page(ReportFrames f, JsonNode summaryJson, int thinAbove) throws Exception {
        Writer w = new StringWriter();
        HtmlReport.write(List.of(new ReportRun("hand-built", "test", summaryJson, null, f, null)),
                new HtmlReport.Options("thinning", null, 5).withThinAbove(thinAbove), w);
        return w.toString();
    }

    private static String page(int thinAbove) throws Exception {
        return page(frames, summary, thinAbove);
    }

    private static FrameTimelineVerdict verdict(String printed) {
        return new FrameTimelineVerdict(true, EnumSet.of(FrameTimelineJankType.ofPrinted(printed)), "Presented");
    }

    @Test
    void thePageSaysItIsThinnedAndHowManyFramesItHolds() throws Exception {
        JsonNode thin = selfCheck(thinDom);
        JsonNode full = selfCheck(fullDom);
        assertEquals(List.of(), errors(thin), "console errors");
        assertEquals(List.of(), errors(full), "console errors");
        assertTrue(full.path("thinned").path(0).isNull(), "3,000 frames are under the default threshold");
        JsonNode th = thin.path("thinned").path(0);
        assertEquals(N, th.path("count").asInt());
        int kept = th.path("kept").asInt();
        assertTrue(kept > 100 && kept < N / 3, "thinned: " + th);
        assertEquals(0.25, th.path("columnS").asDouble(), "53.7 s in at most 1,000 / 4 columns: 0.25 s each");
        String text = "this page holds " + String.format(java.util.Locale.ROOT, "%,d", kept) + " of its 3,000 frames";
        Matcher said = Pattern.compile("<p [^>]*data-thinned=\"0\">([^<]*)</p>").matcher(thinDom);
        assertTrue(said.find() && said.group(1).contains(text), text);
        assertTrue(!fullDom.contains("data-thinned=\"0\""), "a short run says nothing of thinning");
        assertEquals(N, thin.path("frames").path(0).asInt(), "the frame count is the run's, not the kept set's");
    }

    @Test
    void everyJankyAndRingedFrameIsEmbedded() throws Exception {
        JsonNode f = JSON.readTree(thinPage.substring(thinPage.indexOf("{\"title\""), thinPage.indexOf("</script>",
                thinPage.indexOf("{\"title\"")))).path("runs").path(0).path("iterations").path(0).path("frames");
        FloatBuf t = new FloatBuf(f.path("t").asText());
        FloatBuf d = new FloatBuf(f.path("d").asText());
        byte[] l = Base64.getDecoder().decode(f.path("l").asText());
        byte[] ft = Base64.getDecoder().decode(f.path("ft").asText());
        Set<String> embedded = new HashSet<>();
        for (int i = 0; i < l.length; i++) {
            embedded.add(t.get(i) + "/" + d.get(i) + "/" + l[i] + "/" + (ft[i] >= 3 ? ft[i] + 2 : -1));
        }
        int janky = 0;
        for (Frame fr : LIST) {
            if (fr.level() > 0 || fr.ring() >= 0) {
                janky++;
                assertTrue(embedded.contains(fr.t() + "/" + fr.d() + "/" + fr.level() + "/" + fr.ring()),
                        "embedded: " + fr);
            }
        }
        assertEquals(9 + 30 + 60 + 15 - 1, janky, "9 of 200 ms, 30 of 70 ms, 60 app and 15 system jank; frame 775"
                + " (70 ms) is app jank too");
    }

    @Test
    void itPrintsTheSameNumbersAsThePageOfEveryFrame() throws Exception {
        JsonNode thin = selfCheck(thinDom);
        JsonNode full = selfCheck(fullDom);
        assertEquals(full.path("distribution"), thin.path("distribution"), "the distribution's bins and shares");
        JsonNode shares = thin.path("distribution").path(1);
        assertEquals((9.0 + 30) / N * 100, shares.path(shares.size() - 1).asDouble(), 1e-12,
                "the last bin (from 4 × T = 66.5 ms): the 9 frames of 200 ms and the 30 of 70 ms");
        assertEquals(full.path("frameTimeline"), thin.path("frameTimeline"));
        JsonNode counts = thin.path("frameTimeline").path(0);
        assertEquals(60, counts.path("app").asInt());
        assertEquals(15, counts.path("system").asInt());
        assertEquals(50, counts.path("onTime").asInt());
        assertEquals(0, counts.path("unattributed").asInt());
        assertEquals(full.path("rendered"), thin.path("rendered"), "frames and span");
        assertEquals(LIST.get(N - 1).t(), (float) thin.path("rendered").path(0).path("spans").path(0).asDouble());
        List<String> cells = cells(thinDom);
        assertTrue(cells.size() > 40, "figures: " + cells);
        assertEquals(cells(fullDom), cells);
    }

    @Test
    void everyZoomDrawsOnlyWhatIsInViewAndNoLessThanTheKeptFrames() throws Exception {
        // 3,000 frames and at most 250 grid columns: every zoom of a 1,280 px page is finer than the grid
        int coarse = ReportThinningZoomBrowserTest.checkZooms(selfCheck(thinDom), selfCheck(fullDom), LIST, 0.25);
        assertEquals(0, coarse, "zooms as wide as the grid");
    }

    private static final class FloatBuf {
        private final ByteBuffer b;

        FloatBuf(String base64) {
            b = ByteBuffer.wrap(Base64.getDecoder().decode(base64)).order(ByteOrder.LITTLE_ENDIAN);
        }

        float get(int i) {
            return b.getFloat(4 * i);
        }
    }

    private static List<String> cells(String dom) {
        List<String> out = new ArrayList<>();
        Matcher m = FIGURE.matcher(dom);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    static JsonNode selfCheck(String dom) throws Exception {
        Matcher m = SELF_CHECK.matcher(dom);
        assertTrue(m.find(), "the page wrote its self-check (did its script run?)");
        return JSON.readTree(m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"));
    }

    private static List<String> errors(JsonNode check) {
        List<String> e = new ArrayList<>();
        check.path("errors").forEach(n -> e.add(n.asText()));
        return e;
    }
}
