package io.fpsctl.cli;

import static io.fpsctl.cli.ScreenRecordRuns.JSON;
import static io.fpsctl.cli.ScreenRecordRuns.PKG;
import static io.fpsctl.cli.ScreenRecordRuns.captureFolder;
import static io.fpsctl.cli.ScreenRecordRuns.errors;
import static io.fpsctl.cli.ScreenRecordRuns.frames;
import static io.fpsctl.cli.ScreenRecordRuns.presents;
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
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --record} against the simulated device, checked without fpsctl's code: the MP4 decoded by Debian's ffmpeg,
 * the numbers its frames show compared with the simulator's truth file, the report's seeks read from the page in
 * headless chromium (docs/report.md "Screen recordings").
 * <p>Here: the janky frames a click and the worst-moment buttons seek to are the pictures the video shows; a device
 * that cannot record, or has no encoder, gives one warning and the run goes on. The other cases are in
 * ScreenRecordRenderedFramesEndToEndTest, ScreenRecordChainedFilesEndToEndTest,
 * ScreenRecordUnreadableFileEndToEndTest, ScreenRecordGateEndToEndTest and ScreenRecordDeviceLostEndToEndTest.
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
class ScreenRecordEndToEndTest {
    private static Simulator sim(Path truth) throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName("jank"),
                new SimOptions(AndroidVersion.of(14), 60, 11, PKG), 0, truth, false, null, 0));
    }
    private static final double VSYNC_S = 1 / 60.0;

    @Test
    void janksSeenInTheVideoAreTheFramesTheReportNames(@TempDir Path dir) throws Exception {
        assumeTrue(FfmpegFrames.available(), "ffmpeg is not installed (apt-get install ffmpeg): skipped");
        Chromium chromium = Chromium.find().orElse(null);
        assumeTrue(chromium != null, "chromium is not installed (apt-get install chromium): skipped");
        Path truth = dir.resolve("t.txt");
        Path out = dir.resolve("out");
        try (Simulator s = sim(truth)) {
            Cli r = Cli.run("capture", PKG, "--allow-partial", "--connect", s.serial(), "--source", "surfaceflinger",
                    "--duration", "6s",
                    "--out", out.toString(), "--record", "--report");
            assertEquals(0, r.exit, r.toString());
        }
        Path folder = captureFolder(out);
        JsonNode video = JSON.readTree(folder.resolve("video.json").toFile());
        assertEquals("stopped", video.get("end").asText(), video.toString());
        JsonNode file = video.get("files").get(0);
        long firstNs = file.get("firstFrameNs").asLong();
        Path mp4 = folder.resolve(file.get("file").asText());
        List<FfmpegFrames.Frame> decoded = FfmpegFrames.all(mp4);
        assertEquals(file.get("frames").asInt(), decoded.size(), "video.json counts the frames ffmpeg decodes");

        // the janky frames, from frames.csv: SurfaceFlinger frames, endNs = the present time
        List<Map<String, String>> rows = frames(folder.resolve("frames.csv"));
        long origin = rows.stream().mapToLong(m -> Long.parseLong(m.get("endNs"))).min().orElseThrow();
        List<Map<String, String>> janky = rows.stream().filter(m -> "true".equals(m.get("janky")))
                .sorted(Comparator.comparingDouble((Map<String, String> m) -> Double.parseDouble(m.get("durationMs")))
                        .reversed()).toList();
        assertTrue(janky.size() >= 3, "a jank capture has janky frames: " + janky.size());
        Map<Long, Integer> truthNumbers = presents(truth);

        // the page: a click on the worst janky frame, then the worst-moment buttons (real DOM events)
        Path html = folder.resolve("report.html");
        // in real time, not virtual time: the page waits on the video decoder (ChromiumPage says why)
        JsonNode check = selfCheck(ChromiumPage.domWhen(chromium, html, "#seek-test", Files.createTempDirectory(dir, "b"),
                "window.fpsctlReport.video && window.fpsctlReport.video.testDone", Duration.ofSeconds(90)));
        assertEquals(List.of(), errors(check), "console errors");
        JsonNode v = check.get("video");
        assertTrue(v.path("testDone").asBoolean(), check.toString());
        JsonNode seeks = v.get("seeks");
        assertTrue(seeks.size() >= 4, "a frame click and the worst moments: " + seeks);

        // 1. the click on the worst frame: the page's own currentTime is within one frame of that frame's present
        long worstPresent = Long.parseLong(janky.get(0).get("endNs"));
        double expected = (worstPresent - firstNs) / 1e9;
        JsonNode click = seeks.get(0);
        assertTrue(click.get("why").asText().startsWith("frame"), click.toString());
        assertEquals(expected, click.get("currentTime").asDouble(), VSYNC_S,
                "the click seeks to the janky frame's present: " + click);
        assertEquals(truthNumbers.get(worstPresent), FfmpegFrames.at(decoded, click.get("currentTime").asDouble()).number(),
                "the click shows the worst frame's picture: " + click);

        // 2. three worst moments: ffmpeg shows, at the page's currentTime, the number of that janky frame
        int checked = 0;
        for (int i = 1; i < seeks.size() && checked < 3; i++) {
            JsonNode seek = seeks.get(i);
            // the frame the button names: its time on the page (s since origin), as the button says it
            double pageT = Double.parseDouble(seek.get("why").asText().replace("worst ", ""));
            long deviceNs = origin + Math.round(pageT * 1e9);
            Map<String, String> frame = rows.stream()
                    .filter(m -> Math.abs(Long.parseLong(m.get("endNs")) - deviceNs) <= 1_000_000L)
                    .findFirst().orElse(null);
            assertNotNull(frame, "the moment at " + pageT + " s is a janky frame of frames.csv");
            int want = truthNumbers.get(Long.parseLong(frame.get("endNs")));
            FfmpegFrames.Frame shown = FfmpegFrames.at(decoded, seek.get("currentTime").asDouble());
            assertEquals(want, shown.number(), "the video at " + seek + " shows present " + want);
            checked++;
        }
        assertEquals(3, checked);
    }

    @Test
    void aDeviceThatCannotRecordGivesOneWarningAndTheRunGoesOn(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        try (Simulator s = sim(null)) {
            s.android().setScreenRecordUnavailable(true);
            Cli r = Cli.run("capture", PKG, "--allow-partial", "--connect", s.serial(), "--duration", "2s", "--out",
                    out.toString(),
                    "--record");
            assertEquals(0, r.exit, r.toString());
            long warnings = r.err.lines().filter(l -> l.contains("no screen recording")).count();
            assertEquals(1, warnings, r.err);
            assertTrue(r.err.contains("this device has no screenrecord; the run goes on without it"), r.err);
        }
        Path folder = captureFolder(out);
        assertTrue(Files.isRegularFile(folder.resolve("summary.json")));
        assertTrue(!Files.exists(folder.resolve("video.json")), "no video, no video.json");
    }

    @Test
    void aDeviceWithoutAnEncoderExitsZeroYetGivesOneWarning(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        try (Simulator s = sim(null)) {
            s.android().setScreenRecordNoEncoder(true); // screenrecord exits 0 after its ERROR line (docs/report.md)
            Cli r = Cli.run("capture", PKG, "--allow-partial", "--connect", s.serial(), "--duration", "2s", "--out",
                    out.toString(),
                    "--record");
            assertEquals(0, r.exit, r.toString());
            assertEquals(1, r.err.lines().filter(l -> l.contains("no screen recording")).count(), r.err);
            assertTrue(r.err.contains("screenrecord failed (exit 0): ERROR: unable to create video/avc codec instance"),
                    r.err);
        }
        Path folder = captureFolder(out);
        assertTrue(Files.isRegularFile(folder.resolve("summary.json")));
        assertTrue(!Files.exists(folder.resolve("video.json")), "no video, no video.json");
        try (Stream<Path> files = Files.list(folder)) {
            assertEquals(List.of(), files.filter(p -> p.getFileName().toString().endsWith(".mp4")).toList(),
                    "the empty file is not kept as a recording");
        }
    }
}
