package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.sink.report.HtmlReport;
import io.fpsctl.testing.Chromium;
import io.fpsctl.testing.ChromiumPage;
import io.fpsctl.testing.FfmpegFrames;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long run's thinned page (docs/report.md "Big captures") still seeks the screen recording to the picture of each
 * frame it holds: the capture of ScreenRecordRenderedFramesEndToEndTest's case, reported with the threshold lowered
 * to 100 frames, then each kept frame sought as a click on it does ({@code #seek-test-frames}); the picture shown is
 * the one the simulator's truth says showed that frame.
 *
 * <p>Beside other test JVMs: the page seeks in headless chromium in real time ({@code ChromiumPage}: no virtual-time
 * budget that could run out while the decoder answers) and the test waits, bounded, for the page's own "done"; the
 * capture goes through the simulator's adb in real time because the recording is a device process fpsctl starts,
 * stops with SIGINT and pulls (the in-process stepped device runs each shell command to its end before the next).
 *
 * <p>{@code --allow-partial}: coverage is not what this class checks (the coverage classes do); beside other test JVMs
 * a poll that comes late can lose frames the device's buffers no longer hold (seen: 86 % of a 6 s capture measured,
 * exit 3), and the checks here compare the page and the video with that same run's files, whatever frames it holds.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
@Tag("chromium")
@Tag("e2e")
class ScreenRecordThinnedReportTest {
    private static final String PKG = "com.example.feed";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SELF_CHECK = Pattern.compile("<pre id=\"selfcheck\">(.*?)</pre>", Pattern.DOTALL);

    @Test
    void keptFramesSeekToThePictureThatShowsThem(@TempDir Path dir) throws Exception {
        assumeTrue(FfmpegFrames.available(), "ffmpeg is not installed (apt-get install ffmpeg): skipped");
        Chromium chromium = Chromium.find().orElse(null);
        assumeTrue(chromium != null, "chromium is not installed (apt-get install chromium): skipped");
        Path truth = dir.resolve("t.txt");
        Path out = dir.resolve("out");
        try (Simulator s = Simulator.start(new Simulator.Config(Scenarios.byName("jank"),
                new SimOptions(AndroidVersion.of(14), 60, 11, PKG), 0, truth, false, null, 0))) {
            Cli r = Cli.run("capture", PKG, "--allow-partial", "--connect", s.serial(), "--source", "gfxinfo",
                    "--duration", "6s",
                    "--out", out.toString(), "--record");
            assertEquals(0, r.exit, r.toString());
        }
        Path folder;
        try (Stream<Path> s = Files.list(out)) {
            folder = s.filter(p -> !p.getFileName().toString().startsWith(".")).findFirst().orElseThrow().resolve(PKG);
        }
        Path html = folder.resolve("thinned.html");
        try (Writer w = Files.newBufferedWriter(html)) {
            HtmlReport.write(List.of(ReportInputs.load(folder, EngineConfig.defaults())),
                    new HtmlReport.Options("thinned", null, 5, null, null, folder).withThinAbove(100), w);
        }
        JsonNode file = JSON.readTree(folder.resolve("video.json").toFile()).get("files").get(0);
        List<FfmpegFrames.Frame> decoded = FfmpegFrames.all(folder.resolve(file.get("file").asText()));

        // the truth: IntendedVsync -> SwapBuffers (the framestats block), SwapBuffers -> the number shown
        List<String> stats = Files.readAllLines(truth);
        List<String> head = List.of(stats.stream().filter(l -> l.startsWith("Flags,")).findFirst().orElseThrow()
                .split(","));
        int intended = head.indexOf("IntendedVsync");
        int swap = head.indexOf("SwapBuffers");
        Map<Long, Long> swapOf = new HashMap<>();
        for (String l : stats) {
            if (!l.isEmpty() && Character.isDigit(l.charAt(0))) {
                String[] v = l.split(",");
                swapOf.put(Long.parseLong(v[intended]), Long.parseLong(v[swap]));
            }
        }
        List<String> latency = Files.readAllLines(truth.resolveSibling("t.app.latency"));
        Map<Long, Integer> numberOf = new HashMap<>();
        for (int n = 1; n < latency.size(); n++) {
            numberOf.put(Long.parseLong(latency.get(n).split("\t")[0]), n);
        }
        List<String> rows = Files.readAllLines(folder.resolve("frames.csv"));
        int vsyncColumn = List.of(rows.get(0).split(",", -1)).indexOf("intendedVsyncNs");
        long origin = rows.stream().skip(1).mapToLong(l -> Long.parseLong(l.split(",", -1)[vsyncColumn])).min()
                .orElseThrow();

        String dom = ChromiumPage.domWhen(chromium, html, "#seek-test-frames", Files.createTempDirectory(dir, "b"),
                "window.fpsctlReport.video && window.fpsctlReport.video.testDone", Duration.ofSeconds(120));
        Matcher m = SELF_CHECK.matcher(dom);
        assertTrue(m.find(), "the page wrote its self-check");
        JsonNode check = JSON.readTree(m.group(1).replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">")
                .replace("&amp;", "&"));
        assertEquals(0, check.path("errors").size(), check.path("errors").toString());
        JsonNode thinned = check.path("thinned").path(0);
        assertEquals(rows.size() - 1, thinned.path("count").asInt(), "frames.csv's rows: " + thinned);
        assertTrue(thinned.path("kept").asInt() < thinned.path("count").asInt() / 2, "thinned: " + thinned);
        JsonNode v = check.get("video");
        assertEquals(true, v.path("testDone").asBoolean(), check.toString());
        int checked = 0;
        int beforeVideo = 0;
        for (JsonNode seek : v.get("tested")) {
            String why = seek.get("why").asText();
            if (!why.contains(" at ")) {
                continue; // the click and the buttons
            }
            // the page's time is float32 seconds since the first frame: within a µs for 6 s
            long at = origin + Math.round(Double.parseDouble(why.substring(why.indexOf(" at ") + 4)) * 1e9);
            Long frame = swapOf.keySet().stream().filter(k -> Math.abs(k - at) <= 1_000_000L).findFirst().orElse(null);
            assertNotNull(frame, why + " is a frame of the truth");
            Integer want = numberOf.get(swapOf.get(frame));
            assertNotNull(want, why + " was presented");
            int shown = FfmpegFrames.at(decoded, seek.get("currentTime").asDouble()).number();
            if (want < decoded.get(0).number()) {
                // presented before screenrecord started (it starts beside the capture's first poll): no picture of
                // its own, the page shows the first (as ScreenRecordRenderedFramesEndToEndTest says)
                assertEquals(decoded.get(0).number(), shown, "the video at " + seek + ", a frame before it starts");
                beforeVideo++;
                continue;
            }
            assertEquals(want, shown, "the video at " + seek + " shows the rendered frame's picture, number " + want);
            checked++;
        }
        System.out.println("kept frames sought: " + checked + " shown, " + beforeVideo
                + " presented before the recording started");
        assertTrue(checked >= Math.min(150, thinned.path("kept").asInt() - 5), "kept frames checked: " + checked
                + " of " + thinned + " (and " + beforeVideo + " presented before the recording started)");
    }
}
