package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.testing.Chromium;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report opened in a real browser (Debian's headless chromium; skipped when it is not installed): no
 * console error, every chart drew its data, and every figure the page prints equals summary.json.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("chromium")
@Tag("e2e")
class ReportBrowserTest {
    private static final String PKG = "com.example.feed";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern FIGURE =
            Pattern.compile("<td[^>]*data-figure=\"([^\"]+)\" data-run=\"(\\d+)\"[^>]*>([^<]*)</td>");
    private static final Pattern SELF_CHECK = Pattern.compile("<pre id=\"selfcheck\">(.*?)</pre>", Pattern.DOTALL);

    @TempDir
    static Path dir;
    static Path captureFolder;
    static Chromium chromium;

    @BeforeAll
    static void capture() throws Exception {
        Optional<Chromium> c = Chromium.find();
        assumeTrue(c.isPresent(), "chromium is not installed (apt-get install chromium): browser test skipped");
        chromium = c.get();
        Cli r = Cli.run("capture", PKG, "--simulate=jank", "--duration", "4s", "--out", dir.resolve("d").toString(),
                "--report");
        assertEquals(0, r.exit, r.toString());
        try (Stream<Path> s = Files.list(dir.resolve("d"))) {
            captureFolder = s.filter(p -> !p.getFileName().toString().startsWith(".")) // not capture's .fpsctl.lock
                    .findFirst().orElseThrow().resolve(PKG);
        }
    }

    @Test
    void reportOfACaptureFolderDrawsEveryChartAndPrintsTheSummary() throws Exception {
        Path html = dir.resolve("r.html");
        Cli r = Cli.run("report", captureFolder.toString(), "-o", html.toString());
        assertEquals(0, r.exit, r.toString());
        String dom = chromium.dumpDom(html, Files.createTempDirectory(dir, "b"));
        JsonNode check = selfCheck(dom);
        assertEquals(List.of(), errors(check), "console errors");
        assertTrue(check.path("ready").asBoolean(), dom);
        long frames = Files.readAllLines(captureFolder.resolve("frames.csv")).size() - 1; // rows minus header
        assertTrue(frames > 100, "a 4 s capture has frames: " + frames);
        assertEquals(frames, check.path("frames").path(0).asLong(), "every frame reached the page");
        for (String chart : List.of("fps", "frames", "distribution")) {
            JsonNode c = check.path("charts").path(chart);
            assertTrue(c.path("draws").asInt() >= 1, chart + " was drawn: " + check);
            assertTrue(c.path("points").asInt() > 0, chart + " has data points: " + check);
            assertTrue(c.path("pixels").asInt() > 20, chart + " painted coloured pixels: " + check);
        }
        // the frame-time chart draws at most min and max per pixel column and level, never more than 2 per frame
        assertTrue(check.path("charts").path("frames").path("points").asLong() <= 2 * frames);

        JsonNode summary = JSON.readTree(captureFolder.resolve("summary.json").toFile());
        List<String> shown = assertFiguresEqual(dom, summary, 0);
        for (String key : List.of("fps", "spanFps", "jankPercent", "frameTimeMs.p50", "frameTimeMs.p90",
                "frameTimeMs.p99", "frameTimeMs.max", "dropLevels.best", "dropLevels.frozen", "droppedFrames",
                "stagesMs.draw", "mainCauses.none", "windows.0.fps", "frames")) {
            assertTrue(shown.contains(key), key + " is shown: " + shown);
        }
        // where and when, from summary.json's metadata (the simulated device: model Sim)
        JsonNode device = summary.get("device");
        assertEquals("Sim", device.get("model").asText());
        for (String cell : List.of("data-meta=\"device\">Sim (" + device.get("serial").asText() + ")</td>",
                "data-meta=\"android\">" + device.get("androidVersion").asText() + " (API " + device.get("sdk").asInt()
                        + ")</td>",
                "data-meta=\"build\">" + device.get("buildFingerprint").asText() + "</td>",
                "data-meta=\"started\">" + summary.get("startTime").asText() + "</td>",
                "data-meta=\"fpsctl\">" + summary.get("fpsctlVersion").asText() + "</td>")) {
            assertTrue(dom.contains(cell), cell + " in the Runs table");
        }
    }

    @Test
    void captureReportAndOverlaidRunsOpenCleanly() throws Exception {
        Path written = captureFolder.resolve("report.html");
        assertTrue(Files.isRegularFile(written), "capture --report wrote " + written);
        JsonNode own = selfCheck(chromium.dumpDom(written, Files.createTempDirectory(dir, "c")));
        assertEquals(List.of(), errors(own));
        assertTrue(own.path("charts").path("frames").path("points").asInt() > 0, own.toString());

        Path two = dir.resolve("two.html");
        Cli r = Cli.run("report", captureFolder.resolve("summary.json").toString(),
                captureFolder.resolve("frames.csv").toString(), "-o", two.toString());
        assertEquals(0, r.exit, r.toString());
        String dom = chromium.dumpDom(two, "#linear", Files.createTempDirectory(dir, "t")); // the linear axis
        JsonNode check = selfCheck(dom);
        assertEquals(List.of(), errors(check));
        assertEquals(2, check.path("runs").asInt());
        assertEquals(2, check.path("charts").path("fps").path("series").asInt(), "one fps line per run");
        int marked = 0;
        for (JsonNode ft : check.path("frameTimeline")) {
            marked += ft.isObject() ? 1 : 0;
        }
        assertEquals(10 + 2 * marked, check.path("charts").path("frames").path("series").asInt(),
                "5 drop levels per run, and app/system jank rings for a run with FrameTimeline verdicts");
        JsonNode summary = JSON.readTree(captureFolder.resolve("summary.json").toFile());
        assertFiguresEqual(dom, summary, 0);
        assertFiguresEqual(dom, summary, 1); // the CSV re-read gives the same summary
        assertTrue(dom.contains("unchanged"), "same run twice: verdicts are unchanged");
        assertTrue(!dom.contains(">regressed") && !dom.contains("improved<"), "no verdict other than unchanged");
    }

    /** A gfxinfo dump taken without framestats has no frames: the page must not call its coverage complete. */
    @Test
    void aFramelessDumpIsNotCalledCompletelyCovered() throws Exception {
        String dump = Files.readString(Path.of("examples/feed-android14-framestats.txt"));
        int from = dump.indexOf("---PROFILEDATA---");
        int to = dump.indexOf("---PROFILEDATA---", from + 1) + "---PROFILEDATA---".length();
        Path frameless = Files.writeString(dir.resolve("no-framestats.txt"), dump.substring(0, from)
                + dump.substring(to));
        Path html = dir.resolve("frameless.html");
        Cli r = Cli.run("report", frameless.toString(), "-o", html.toString());
        assertEquals(0, r.exit, r.toString());
        String dom = chromium.dumpDom(html, Files.createTempDirectory(dir, "n"));
        // (the page's own script holds every wording; the paragraph shown is the one marked data-coverage)
        assertTrue(dom.contains("data-coverage=\"0\">coverage: nothing to cover: no frames were read"), dom);
        assertTrue(!dom.contains("data-coverage=\"0\">coverage: complete"), dom);
    }

    /** docs/metrics.md section 8: jank from a baseline of 0 has no percentage, and regresses. */
    @Test
    void comparisonWithAZeroJankBaselineShowsTheRegression() throws Exception {
        Path base = dir.resolve("zero-base.json");
        Cli b = Cli.run("gate", PKG, "--simulate=smooth", "--source", "gfxinfo", "--duration", "2s",
                "--max-jank-percent", "100", "--summary-out", base.toString());
        assertEquals(0, b.exit, b.toString());
        assertEquals(0.0, JSON.readTree(base.toFile()).get("jankPercent").doubleValue(), "smooth has no jank");
        JsonNode cand = JSON.readTree(captureFolder.resolve("summary.json").toFile());
        double jank = cand.get("jankPercent").doubleValue();
        assertTrue(jank > 0, "4 s of the jank scenario hold janky frames");
        Path html = dir.resolve("zero.html");
        Cli r = Cli.run("report", base.toString(), captureFolder.resolve("summary.json").toString(), "-o",
                html.toString());
        assertEquals(0, r.exit, r.toString());
        String dom = chromium.dumpDom(html, Files.createTempDirectory(dir, "z"));
        assertEquals(List.of(), errors(selfCheck(dom)));
        // the janky % row: run 1 (0), run 2 (the capture's value as JSON holds it), then the verdict cell
        assertTrue(dom.contains("<td class=\"regressed\">from 0 to " + cand.get("jankPercent").asText()
                + " regressed</td>"), dom);
    }

    @Test
    void gateReportShowsTheThresholdsAndTheMeasuredSummary() throws Exception {
        Path html = dir.resolve("gate.html");
        Path saved = dir.resolve("gate-summary.json");
        Cli r = Cli.run("gate", PKG, "--simulate=jank", "--duration", "2s", "--min-fps", "1000",
                "--max-jank-percent", "100", "--summary-out", saved.toString(), "--report", html.toString());
        assertEquals(1, r.exit, "1000 fps cannot pass: " + r);
        String dom = chromium.dumpDom(html, Files.createTempDirectory(dir, "g"));
        JsonNode check = selfCheck(dom);
        assertEquals(List.of(), errors(check));
        assertTrue(check.path("charts").path("frames").path("points").asInt() > 0, check.toString());
        assertTrue(dom.contains(">&gt;= 1000.0 FAIL"), "the fps threshold is shown as failed beside fps");
        assertTrue(dom.contains(">&lt;= 100.00 PASS"), "the jank threshold is shown as passed");
        assertFiguresEqual(dom, JSON.readTree(saved.toFile()), 0);
    }

    /**
     * A gate on a simulated Android 14 where the system is at fault: the report's frame-time chart marks each frame
     * with its FrameTimeline verdict, and the frames it marks add up to summary.json's split.
     */
    @Test
    void gateReportMarksFramesByTheirFrameTimelineVerdict() throws Exception {
        Path html = dir.resolve("ft.html");
        Path saved = dir.resolve("ft-summary.json");
        Cli r = Cli.run("gate", PKG, "--simulate=system-jank", "--duration", "3s", "--min-fps", "1",
                "--summary-out", saved.toString(), "--report", html.toString());
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.contains("systemJankPercent") && r.out.contains("info"), "the split beside the check: " + r.out);
        String dom = chromium.dumpDom(html, Files.createTempDirectory(dir, "f"));
        JsonNode check = selfCheck(dom);
        assertEquals(List.of(), errors(check));
        JsonNode ft = JSON.readTree(saved.toFile()).path("frameTimeline");
        assertTrue(ft.path("systemJank").asLong() > 0, "the scenario has system jank: " + ft);
        JsonNode drawn = check.path("frameTimeline").path(0);
        assertEquals(ft.path("appJank").asLong(), drawn.path("app").asLong(), drawn + " vs " + ft);
        assertEquals(ft.path("systemJank").asLong(), drawn.path("system").asLong(), drawn + " vs " + ft);
        assertEquals(ft.path("unattributed").asLong(), drawn.path("unattributed").asLong(), drawn + " vs " + ft);
        assertEquals(ft.path("frames").asLong() - ft.path("appJank").asLong() - ft.path("systemJank").asLong(),
                drawn.path("onTime").asLong(), drawn + " vs " + ft);
        assertEquals(7, check.path("charts").path("frames").path("series").asInt(), "5 levels, app and system rings");
        assertTrue(dom.contains("system jank (FrameTimeline)"), "the legend names the rings");
        Matcher marked = Pattern.compile("data-ft-marked=\"system\" data-run=\"0\">(\\d+)<").matcher(dom);
        assertTrue(marked.find(), "the FrameTimeline table has the frames' count");
        assertEquals(ft.path("systemJank").asLong(), Long.parseLong(marked.group(1)));
        assertFiguresEqual(dom, JSON.readTree(saved.toFile()), 0);
    }

    /**
     * capture --report on a simulated Android 14 where both the app and the system miss frames: the report is made
     * from frames.csv, whose re-analysis hands the frames' verdicts to the chart; what it marks equals summary.json.
     */
    @Test
    void captureReportFromFramesCsvMarksTheSummarysSplit() throws Exception {
        Path out = dir.resolve("ftcap");
        Cli r = Cli.run("capture", PKG, "--simulate=system-jank", "--duration", "3s", "--out", out.toString(),
                "--report");
        assertEquals(0, r.exit, r.toString());
        Path folder;
        try (Stream<Path> s = Files.list(out)) {
            folder = s.filter(p -> !p.getFileName().toString().startsWith(".")) // not capture's .fpsctl.lock
                    .findFirst().orElseThrow().resolve(PKG);
        }
        JsonNode ft = JSON.readTree(folder.resolve("summary.json").toFile()).path("frameTimeline");
        assertTrue(ft.path("systemJank").asLong() > 0, "the scenario has system jank: " + ft);
        String dom = chromium.dumpDom(folder.resolve("report.html"), Files.createTempDirectory(dir, "fc"));
        JsonNode check = selfCheck(dom);
        assertEquals(List.of(), errors(check));
        JsonNode drawn = check.path("frameTimeline").path(0);
        assertEquals(ft.path("appJank").asLong(), drawn.path("app").asLong(), drawn + " vs " + ft);
        assertEquals(ft.path("systemJank").asLong(), drawn.path("system").asLong(), drawn + " vs " + ft);
        assertEquals(ft.path("unattributed").asLong(), drawn.path("unattributed").asLong(), drawn + " vs " + ft);
    }

    /**
     * Issue 25: the report charts every iteration of a gate run. A baseline run and a candidate run of 3 iterations
     * each (simulated, so their figures differ from iteration to iteration); the candidate's report:
     * <ul>
     * <li>charts the last iteration first, and its selector (driven by {@code #iteration=1}, which sets the
     * select element and fires its change event as a click does) re-charts the first: its frames, and every figure
     * on the page equal to that iteration's summary in {@code --summary-out};</li>
     * <li>shows each metric's spread across the iterations: median, min, max and each iteration's value, worked out
     * here from the iterations in {@code --summary-out} (median of 3 = the middle value once sorted);</li>
     * <li>shows each threshold with the median it judged (fps with 1 decimal, jank with 2) and PASS;</li>
     * <li>shows the verdicts against {@code --baseline}: with 3 + 3 iterations docs/metrics.md 8 gives no interval,
     * so the change is that of the medians, (medC − medB) / |medB| · 100, regressed or improved when beyond the
     * 10 % allowed on the worse or better side (a baseline of 0: regressed on any worse change, else unchanged).</li>
     * </ul>
     * {@code report base.json cand.json} draws both runs' iterations with a selector each, and the same verdicts.
     */
    @Test
    void gateReportChartsEveryIterationWithItsSpreadAndVerdicts() throws Exception {
        Path base = dir.resolve("it-base.json");
        Cli b = Cli.run("gate", PKG, "--simulate=jank", "--duration", "2s", "--iterations", "3", "--min-fps", "1",
                "--summary-out", base.toString());
        assertEquals(0, b.exit, b.toString());
        Path cand = dir.resolve("it-cand.json");
        Path html = dir.resolve("it.html");
        Cli r = Cli.run("gate", PKG, "--simulate=freeze", "--duration", "2s", "--iterations", "3", "--min-fps", "1",
                "--max-jank-percent", "100", "--baseline", base.toString(), "--max-regression", "10",
                "--summary-out", cand.toString(), "--report", html.toString());
        assertTrue(r.exit == 0 || r.exit == 1, r.toString());
        List<JsonNode> its = new ArrayList<>();
        JSON.readTree(cand.toFile()).path("iterations").forEach(its::add);
        List<JsonNode> baseIts = new ArrayList<>();
        JSON.readTree(base.toFile()).path("iterations").forEach(baseIts::add);
        assertEquals(3, its.size());
        assertTrue(!its.get(0).path("frames").equals(its.get(2).path("frames"))
                || !its.get(0).path("frameTimeMs").equals(its.get(2).path("frameTimeMs")),
                "the first and last iterations differ, so the switch is seen: " + its);

        // the last iteration is charted first
        String first = chromium.dumpDom(html, Files.createTempDirectory(dir, "i"));
        JsonNode check = selfCheck(first);
        assertEquals(List.of(), errors(check));
        assertEquals("[2]", check.path("selected").toString());
        assertEquals(its.get(2).path("frames").asLong(), check.path("frames").path(0).asLong(), check.toString());
        assertFiguresEqual(first, its.get(2), 0);

        // the selector switches to the first
        String dom = chromium.dumpDom(html, "#iteration=1", Files.createTempDirectory(dir, "i"));
        check = selfCheck(dom);
        assertEquals(List.of(), errors(check));
        assertEquals("[0]", check.path("selected").toString());
        JsonNode rendered = check.path("rendered");
        assertEquals(2, rendered.size(), "drawn for the last iteration, then again for the one selected: " + rendered);
        assertEquals(its.get(2).path("frames").asLong(), rendered.path(0).path("frames").path(0).asLong());
        assertEquals(its.get(0).path("frames").asLong(), rendered.path(1).path("frames").path(0).asLong());
        assertTrue(check.path("charts").path("frames").path("points").asInt() > 0, check.toString());
        assertFiguresEqual(dom, its.get(0), 0);

        // the spread, from the summaries by hand
        for (String metric : new String[] {"fps", "jankPercent", "frameTimeMs.p90", "frameTimeMs.p99", "timedFrames"}) {
            double[] v = its.stream().mapToDouble(n -> at(n, metric).doubleValue()).sorted().toArray();
            assertEquals(v[1], spread(dom, metric, 0, "median"), 1e-9, metric);
            assertEquals(v[0], spread(dom, metric, 0, "min"), 1e-9, metric);
            assertEquals(v[2], spread(dom, metric, 0, "max"), 1e-9, metric);
            for (int k = 0; k < 3; k++) {
                assertEquals(at(its.get(k), metric).doubleValue(), spread(dom, metric, 0, String.valueOf(k + 1)), 1e-9,
                        metric + " of iteration " + (k + 1));
            }
        }

        // the thresholds judged the medians
        double[] fps = its.stream().mapToDouble(n -> n.path("fps").doubleValue()).sorted().toArray();
        double[] jank = its.stream().mapToDouble(n -> n.path("jankPercent").doubleValue()).sorted().toArray();
        assertTrue(dom.contains("<tr data-check=\"fps\"><td>fps</td><td>&gt;= 1.0</td><td>"
                + String.format(java.util.Locale.ROOT, "%.1f", fps[1]) + "</td><td class=\"pass\">PASS</td>"), dom);
        assertTrue(dom.contains("<tr data-check=\"jankPercent\"><td>jankPercent</td><td>&lt;= 100.00</td><td>"
                + String.format(java.util.Locale.ROOT, "%.2f", jank[1]) + "</td><td class=\"pass\">PASS</td>"), dom);

        // the verdicts against --baseline, by hand (3 + 3: the medians against --max-regression 10 %)
        for (String metric : new String[] {"fps", "jankPercent", "frameTimeMs.p90", "frameTimeMs.p99"}) {
            assertVerdict(dom, 0, metric, baseIts, its, !metric.equals("fps"), 10, true);
        }

        // report of both runs: a selector each, and run 2 judged against run 1 the same way
        Path two = dir.resolve("it-two.html");
        Cli rr = Cli.run("report", base.toString(), cand.toString(), "-o", two.toString());
        assertEquals(0, rr.exit, rr.toString());
        String both = chromium.dumpDom(two, "#iteration=2", Files.createTempDirectory(dir, "i"));
        JsonNode bothCheck = selfCheck(both);
        assertEquals(List.of(), errors(bothCheck));
        assertEquals("[1,1]", bothCheck.path("selected").toString());
        assertFiguresEqual(both, baseIts.get(1), 0);
        assertFiguresEqual(both, its.get(1), 1);
        // report has no --max-regression here: its default, 5 % (docs/commands.md 8), not the gate's 10 %; the page
        // says which it used
        assertTrue(both.contains("judged against \u00b15 %"), "the report's threshold is stated");
        for (String metric : new String[] {"fps", "jankPercent", "frameTimeMs.p90", "frameTimeMs.p99"}) {
            assertVerdict(both, 1, metric, baseIts, its, !metric.equals("fps"), 5, false);
        }
    }

    /**
     * Issue 26 in the report: a live gate run reads the app's CPU per thread and memory per live window
     * (docs/metrics.md 13); the page charts them under the fps chart on the same time axis (the same x range), one
     * point per live window as the fps chart has, for the main thread, RenderThread and the whole app, and RSS.
     */
    @Test
    void gateReportChartsCpuPerThreadAndMemoryUnderTheFpsChart() throws Exception {
        Path html = dir.resolve("res.html");
        Path saved = dir.resolve("res.json");
        Cli r = Cli.run("gate", PKG, "--simulate=jank", "--source", "gfxinfo", "--duration", "5s", "--min-fps", "1",
                "--summary-out", saved.toString(), "--report", html.toString());
        assertEquals(0, r.exit, r.toString());
        JsonNode resources = JSON.readTree(saved.toFile()).path("resources");
        assertTrue(resources.isObject(), "the simulated run read resources: " + resources);
        String dom = chromium.dumpDom(html, Files.createTempDirectory(dir, "res"));
        JsonNode check = selfCheck(dom);
        assertEquals(List.of(), errors(check));
        JsonNode fps = check.path("charts").path("fps");
        JsonNode cpu = check.path("charts").path("cpu");
        JsonNode memory = check.path("charts").path("memory");
        assertTrue(cpu.path("series").asInt() >= 3, "app, main thread and RenderThread at least: " + cpu);
        assertTrue(cpu.path("pixels").asInt() > 0 && memory.path("pixels").asInt() > 0, check.toString());
        assertTrue(memory.path("points").asInt() > 0, memory.toString());
        assertEquals(fps.path("xRange").toString(), cpu.path("xRange").toString(), "one time axis");
        assertEquals(fps.path("xRange").toString(), memory.path("xRange").toString(), "one time axis");
        // one value per live window and series, at most: the windows are the fps chart's points
        assertTrue(cpu.path("points").asInt() <= cpu.path("series").asInt() * fps.path("points").asInt(), check.toString());
        assertTrue(dom.contains("CPU per thread") && dom.contains("RenderThread"), "titled and named");
    }

    private static BigDecimal at(JsonNode summary, String path) {
        JsonNode n = summary;
        for (String part : path.split("\\.")) {
            n = n.path(part);
        }
        assertTrue(n.isNumber(), path + " in " + summary);
        return n.decimalValue();
    }

    /** The page's spread cell of {@code metric}, run {@code run}, statistic {@code stat}. */
    private static double spread(String dom, String metric, int run, String stat) {
        Matcher m = Pattern.compile("data-spread=\"" + Pattern.quote(metric) + "\" data-run=\"" + run
                + "\" data-stat=\"" + stat + "\"[^>]*>([^<]*)<").matcher(dom);
        assertTrue(m.find(), "no spread cell " + metric + " " + stat);
        return Double.parseDouble(m.group(1));
    }

    /**
     * The verdict row of {@code metric}: its change in % and its verdict equal the medians rule worked out here, against
     * {@code maxRegression} % (the gate's {@code --max-regression}, or the report command's documented default).
     *
     * @param candidateInMemory true when the page judged the gate's in-memory candidate (unrounded) rather than the
     *                          JSON this test reads (rounded to the metric's decimals, docs/metrics.md 9); the
     *                          baseline is read from its file on both pages, so only the candidate can differ
     */
    private static void assertVerdict(String dom, int run, String metric, List<JsonNode> base, List<JsonNode> cand,
                                      boolean higherIsWorse, double maxRegression, boolean candidateInMemory) {
        double b = base.stream().mapToDouble(n -> at(n, metric).doubleValue()).sorted().toArray()[1];
        double c = cand.stream().mapToDouble(n -> at(n, metric).doubleValue()).sorted().toArray()[1];
        boolean worse = higherIsWorse ? c > b : c < b;
        String where = metric + " (run " + run + ", max regression " + maxRegression + " %): baseline median " + b
                + ", candidate median " + c;
        Set<String> verdicts;
        Matcher change = Pattern.compile("data-verdict=\"" + Pattern.quote(metric) + "\" data-run=\"" + run
                + "\" data-field=\"deltaPercent\"[^>]*>([^<]*)<").matcher(dom);
        assertTrue(change.find(), "no verdict row for " + metric);
        if (b == 0) {
            verdicts = Set.of(worse ? "regressed" : "unchanged");
            assertTrue(change.group(1).startsWith("from 0 to "), change.group(1));
        } else {
            double delta = (c - b) / Math.abs(b) * 100;
            // the gate's candidate median is unrounded, the JSON's rounded half up to the metric's decimals (fps one,
            // the others two: docs/metrics.md 9), so up to half a unit of the last decimal apart: up to
            // 100 · half / |b| % of change; the page prints the change to 2 decimals (0.005, and a little for binary)
            double half = candidateInMemory ? 0.5 * Math.pow(10, metric.equals("fps") ? -1 : -2) : 0;
            double spread = 100 * half / Math.abs(b);
            assertEquals(delta, Double.parseDouble(change.group(1).replace(" %", "")), spread + 0.006, where);
            // the verdict of every change the page may have judged: both when that range straddles the threshold
            verdicts = new java.util.TreeSet<>();
            for (double d : new double[] {delta - spread, delta + spread}) {
                verdicts.add(Math.abs(d) > maxRegression ? ((d > 0) == higherIsWorse ? "regressed" : "improved")
                        : "unchanged");
            }
        }
        Matcher v = Pattern.compile("data-verdict=\"" + Pattern.quote(metric) + "\" data-run=\"" + run
                + "\" data-field=\"verdict\"[^>]*>([^<]*)<").matcher(dom);
        assertTrue(v.find(), "no verdict cell for " + metric);
        assertTrue(verdicts.contains(v.group(1)), where + ": expected " + verdicts + " but was " + v.group(1));
    }

    /** Compares every figure of run {@code run} with the summary file; returns the keys compared. */
    private static List<String> assertFiguresEqual(String dom, JsonNode summary, int run) {
        Matcher m = FIGURE.matcher(dom);
        List<String> keys = new ArrayList<>();
        while (m.find()) {
            if (Integer.parseInt(m.group(2)) != run) {
                continue;
            }
            String key = m.group(1);
            String text = m.group(3).replace("&amp;", "&");
            JsonNode expected = summary;
            for (String part : key.split("\\.")) {
                expected = part.matches("\\d+") ? expected.path(Integer.parseInt(part)) : expected.path(part);
            }
            if (expected.isNull() || expected.isMissingNode()) {
                assertEquals("\u2014", text, key + " is absent in summary.json");
            } else if (expected.isNumber()) {
                assertEquals(0, expected.decimalValue().compareTo(new BigDecimal(text)),
                        key + ": page " + text + ", summary.json " + expected);
            } else {
                assertEquals(expected.asText(), text, key);
            }
            keys.add(key);
        }
        return keys;
    }

    private static JsonNode selfCheck(String dom) throws Exception {
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
