package io.fpsctl.cli;

import static io.fpsctl.cli.ScreenRecordRuns.JSON;
import static io.fpsctl.cli.ScreenRecordRuns.PKG;
import static io.fpsctl.cli.ScreenRecordRuns.captureFolder;
import static io.fpsctl.cli.ScreenRecordRuns.errors;
import static io.fpsctl.cli.ScreenRecordRuns.frames;
import static io.fpsctl.cli.ScreenRecordRuns.indexOf;
import static io.fpsctl.cli.ScreenRecordRuns.selfCheck;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.Chromium;
import io.fpsctl.testing.ChromiumPage;
import io.fpsctl.testing.FfmpegFrames;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --record} against the simulated device, checked without fpsctl's code: the MP4 decoded by Debian's ffmpeg,
 * the numbers its frames show compared with the simulator's truth file, the report's seeks read from the page in
 * headless chromium (docs/report.md "Screen recordings").
 * <p>Here: rendered (gfxinfo) frames each seek to the picture that shows them (split from ScreenRecordEndToEndTest).
 *
 * <p>Through the simulator's adb in real time, not on the stepped clock: what is checked is {@code screenrecord} as a
 * device process that fpsctl starts beside its polls, stops with SIGINT and pulls over adb, and pictures whose numbers
 * are the simulator's presents (the in-process stepped device runs each shell command to its end before the next, and
 * screenrecord runs until another command signals it). Where the page seeks the video, it runs in headless chromium in
 * real time ({@code ChromiumPage}: no virtual-time budget that could run out while the decoder answers) and the test
 * waits, bounded, for the page's own "done": a loaded machine makes the seeks slower, never different, so the class
 * runs beside other test JVMs.
 *
 * <p>{@code --allow-partial}: coverage is not what this class checks (the coverage classes do); beside other test JVMs
 * a poll that comes late can lose frames the device's buffers no longer hold (seen: 86 % of a 6 s capture measured,
 * exit 3), and the checks here compare the page and the video with that same run's files, whatever frames it holds.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
@Tag("chromium")
@Tag("e2e")
class ScreenRecordRenderedFramesEndToEndTest {
    private static Simulator sim(Path truth) throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName("jank"),
                new SimOptions(AndroidVersion.of(14), 60, 11, PKG), 0, truth, false, null, 0));
    }

    /**
     * Rendered (gfxinfo) frames: a seek to each frame as a click on it does (the page's #seek-test-frames, up to 200
     * frames) shows that frame's own picture. Expected from the truth alone: the frame's framestats row (t.txt, by IntendedVsync) gives its
     * SwapBuffers, the app layer's latency row with that desired time is the number its picture shows.
     */
    @Test
    void renderedFramesSeekToThePictureThatShowsThem(@TempDir Path dir) throws Exception {
        assumeTrue(FfmpegFrames.available(), "ffmpeg is not installed (apt-get install ffmpeg): skipped");
        Chromium chromium = Chromium.find().orElse(null);
        assumeTrue(chromium != null, "chromium is not installed (apt-get install chromium): skipped");
        Path truth = dir.resolve("t.txt");
        Path out = dir.resolve("out");
        try (Simulator s = sim(truth)) {
            Cli r = Cli.run("capture", PKG, "--allow-partial", "--connect", s.serial(), "--source", "gfxinfo",
                    "--duration", "6s",
                    "--out", out.toString(), "--record", "--report");
            assertEquals(0, r.exit, r.toString());
        }
        Path folder = captureFolder(out);
        JsonNode file = JSON.readTree(folder.resolve("video.json").toFile()).get("files").get(0);
        List<FfmpegFrames.Frame> decoded = FfmpegFrames.all(folder.resolve(file.get("file").asText()));

        // the truth: IntendedVsync -> SwapBuffers (the framestats block), SwapBuffers -> the number shown
        List<String> stats = Files.readAllLines(truth);
        List<String> head = List.of(stats.stream().filter(l -> l.startsWith("Flags,")).findFirst().orElseThrow().split(","));
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

        List<Map<String, String>> rows = frames(folder.resolve("frames.csv"));
        List<Map<String, String>> janky = rows.stream().filter(m -> "true".equals(m.get("janky"))).toList();
        JsonNode check = selfCheck(ChromiumPage.domWhen(chromium, folder.resolve("report.html"), "#seek-test-frames",
                Files.createTempDirectory(dir, "b"), "window.fpsctlReport.video && window.fpsctlReport.video.testDone",
                Duration.ofSeconds(120)));
        assertEquals(List.of(), errors(check), "console errors");
        JsonNode v = check.get("video");
        assertEquals(true, v.path("testDone").asBoolean(), check.toString());
        // the page's time axis: the worst janky frame (the page's click) is at clickedFrame.t
        Map<String, String> worst = janky.stream().max(Comparator.comparingDouble(
                (Map<String, String> m) -> Double.parseDouble(m.get("durationMs")))).orElseThrow();
        assertEquals(Double.parseDouble(worst.get("durationMs")), v.get("clickedFrame").get("durationMs").asDouble(), 0.01);
        long origin = Long.parseLong(worst.get("intendedVsyncNs"))
                - Math.round(v.get("clickedFrame").get("t").asDouble() * 1e9);
        int checked = 0;
        int beforeVideo = 0;
        for (JsonNode seek : v.get("tested")) {
            String why = seek.get("why").asText();
            if (!why.contains(" at ")) {
                continue; // the click and the buttons: checked as frames below, by the same rule
            }
            long at = origin + Math.round(Double.parseDouble(why.substring(why.indexOf(" at ") + 4)) * 1e9);
            Map<String, String> frame = rows.stream()
                    .filter(m -> Math.abs(Long.parseLong(m.get("intendedVsyncNs")) - at) <= 1_000_000L)
                    .findFirst().orElse(null);
            assertNotNull(frame, why + " is a frame of frames.csv");
            Long swapped = swapOf.get(Long.parseLong(frame.get("intendedVsyncNs")));
            assertNotNull(swapped, why + " is in the truth");
            Integer want = numberOf.get(swapped);
            assertNotNull(want, why + " was presented");
            int shown = FfmpegFrames.at(decoded, seek.get("currentTime").asDouble()).number();
            if (want < decoded.get(0).number()) {
                // presented before screenrecord started: capture starts the recording after Measurement.prepare,
                // beside its first poll (CaptureCommand), so a frame the capture counts can precede the video when
                // the recording starts late; no picture of its own exists, the page shows the first one (the screen
                // when the recording started)
                assertEquals(decoded.get(0).number(), shown, "the video at " + seek + ", a frame before it starts");
                beforeVideo++;
                continue;
            }
            assertEquals(want, shown, "the video at " + seek + " shows the rendered frame's picture, number " + want);
            checked++;
        }
        System.out.println("rendered frames sought: " + checked + " shown, " + beforeVideo
                + " presented before the recording started");
        assertTrue(checked >= 150, "rendered frames checked: " + checked + " (and " + beforeVideo
                + " presented before the recording started)");
    }
}
