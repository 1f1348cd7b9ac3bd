package io.fpsctl.cli;

import static io.fpsctl.cli.ReportPages.JSON;
import static io.fpsctl.cli.ReportPages.PKG;
import static io.fpsctl.cli.ReportPages.assertFiguresEqual;
import static io.fpsctl.cli.ReportPages.errors;
import static io.fpsctl.cli.ReportPages.selfCheck;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.fpsctl.testing.Chromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report opened in a real browser (Debian's headless chromium; skipped when it is not installed): no
 * console error, every chart drew its data, and every figure the page prints equals summary.json.
 * <p>Here: a capture folder's report and the same run overlaid, a dump without frames, a zero-jank baseline; the
 * gate reports are in ReportGateBrowserTest, ReportCsvAndResourcesBrowserTest and ReportGateIterationsBrowserTest.
 *
 * <p>In real time through the command line, not on the stepped clock: each case is the command a user runs
 * ({@code capture}/{@code gate} with {@code --simulate}, {@code --report}, {@code --summary-out}, {@code report}) and
 * the page it writes, so the commands' options and files are checked with it. What the page is checked against is
 * that run's own summary.json, so how many frames a loaded machine lets the run read changes both sides alike, never
 * the comparison: the class runs beside other test JVMs.
 *
 * <p>{@code --allow-partial}: coverage is not what this class checks (the coverage classes do); beside other test JVMs
 * a poll that comes late can lose frames the device's buffers no longer hold (seen: 86 % of a 6 s capture measured,
 * exit 3), and the checks here compare the page and the video with that same run's files, whatever frames it holds.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("chromium")
@Tag("e2e")
class ReportBrowserTest {
    @TempDir
    static Path dir;
    static Path captureFolder;
    static Chromium chromium;

    @BeforeAll
    static void capture() throws Exception {
        Optional<Chromium> c = Chromium.find();
        assumeTrue(c.isPresent(), "chromium is not installed (apt-get install chromium): browser test skipped");
        chromium = c.get();
        Cli r = Cli.run("capture", PKG, "--allow-partial", "--simulate=jank", "--duration", "4s", "--out",
                dir.resolve("d").toString(),
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
        Cli b = Cli.run("gate", PKG, "--allow-partial", "--simulate=smooth", "--source", "gfxinfo", "--duration", "2s",
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
}
