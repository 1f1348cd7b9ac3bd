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
 * <p>Here: a capture's report made from frames.csv marks the summary's FrameTimeline split, and a gate's report charts
 * CPU per thread and memory under the fps chart (split from ReportBrowserTest, then from ReportGateBrowserTest).
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
class ReportCsvAndResourcesBrowserTest {
    @TempDir
    static Path dir;
    static Chromium chromium;

    @BeforeAll
    static void findChromium() {
        Optional<Chromium> c = Chromium.find();
        assumeTrue(c.isPresent(), "chromium is not installed (apt-get install chromium): browser test skipped");
        chromium = c.get();
    }

    /**
     * capture --report on a simulated Android 14 where both the app and the system miss frames: the report is made
     * from frames.csv, whose re-analysis hands the frames' verdicts to the chart; what it marks equals summary.json.
     */
    @Test
    void captureReportFromFramesCsvMarksTheSummarysSplit() throws Exception {
        Path out = dir.resolve("ftcap");
        Cli r = Cli.run("capture", PKG, "--allow-partial", "--simulate=system-jank", "--duration", "3s", "--out",
                out.toString(),
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
     * Issue 26 in the report: a live gate run reads the app's CPU per thread and memory per live window
     * (docs/metrics.md 13); the page charts them under the fps chart on the same time axis (the same x range), one
     * point per live window as the fps chart has, for the main thread, RenderThread and the whole app, and RSS.
     */
    @Test
    void gateReportChartsCpuPerThreadAndMemoryUnderTheFpsChart() throws Exception {
        Path html = dir.resolve("res.html");
        Path saved = dir.resolve("res.json");
        Cli r = Cli.run("gate", PKG, "--allow-partial", "--simulate=jank", "--source", "gfxinfo", "--duration", "5s",
                "--min-fps", "1",
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
}
