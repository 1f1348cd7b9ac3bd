package io.fpsctl.cli;

import static io.fpsctl.cli.ScreenRecordRuns.JSON;
import static io.fpsctl.cli.ScreenRecordRuns.PKG;
import static io.fpsctl.cli.ScreenRecordRuns.captureFolder;
import static io.fpsctl.cli.ScreenRecordRuns.errors;
import static io.fpsctl.cli.ScreenRecordRuns.frames;
import static io.fpsctl.cli.ScreenRecordRuns.selfCheck;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.Chromium;
import io.fpsctl.testing.FfmpegFrames;
import io.fpsctl.testing.PollUntil;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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
 * <p>Here: a device lost mid-recording keeps the files pulled before, and the report says where the video ends
 * (split from ScreenRecordEndToEndTest).
 *
 * <p>Through the simulator's adb in real time, not on the stepped clock: what is checked is {@code screenrecord} as a
 * device process that fpsctl starts beside its polls, stops with SIGINT and pulls over adb, and pictures whose numbers
 * are the simulator's presents (the in-process stepped device runs each shell command to its end before the next, and
 * screenrecord runs until another command signals it). Where the page seeks the video, it runs in headless chromium in
 * real time ({@code ChromiumPage}: no virtual-time budget that could run out while the decoder answers) and the test
 * waits, bounded, for the page's own "done": a loaded machine makes the seeks slower, never different, so the class
 * runs beside other test JVMs.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
@Tag("chromium")
@Tag("e2e")
class ScreenRecordDeviceLostEndToEndTest {
    private static Simulator sim(Path truth) throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName("jank"),
                new SimOptions(AndroidVersion.of(14), 60, 11, PKG), 0, truth, false, null, 0));
    }

    @Test
    void aDeviceLostMidRecordingKeepsTheFilesPulledBefore(@TempDir Path dir) throws Exception {
        assumeTrue(FfmpegFrames.available(), "ffmpeg is not installed (apt-get install ffmpeg): skipped");
        Path out = dir.resolve("out");
        Simulator s = sim(null);
        s.android().setScreenRecordLimitSeconds(2);
        CompletableFuture<Cli> run = CompletableFuture.supplyAsync(() -> Cli.run("capture", PKG, "--connect",
                s.serial(), "--duration", "30s", "--reconnect-timeout", "1s", "--out", out.toString(), "--record",
                "--report"));
        // the device dies once two files have been pulled
        PollUntil.condition(() -> {
            try (Stream<Path> files = Files.walk(out)) {
                return files.anyMatch(p -> p.getFileName().toString().equals("video-2.mp4"));
            } catch (Exception e) {
                return false;
            }
        }, Duration.ofSeconds(60), "two video files pulled");
        s.close();
        Cli r = run.get(90, TimeUnit.SECONDS);
        assertEquals(3, r.exit, "a lost device: exit 3\n" + r);
        Path folder = captureFolder(out);
        JsonNode video = JSON.readTree(folder.resolve("video.json").toFile());
        assertEquals("device-lost", video.get("end").asText(), video.toString());
        assertTrue(video.get("files").size() >= 2, video.toString());
        for (JsonNode f : video.get("files")) {
            List<FfmpegFrames.Frame> decoded = FfmpegFrames.all(folder.resolve(f.get("file").asText()));
            assertEquals(f.get("frames").asInt(), decoded.size(), "the file pulled before plays: " + f);
        }
        Chromium chromium = Chromium.find().orElse(null);
        if (chromium != null) {
            String dom = chromium.dumpDom(folder.resolve("report.html"), Files.createTempDirectory(dir, "d"));
            assertEquals(List.of(), errors(selfCheck(dom)));
            assertTrue(dom.contains("The video ends at "), "the report says where the video ends");
        }
    }
}
