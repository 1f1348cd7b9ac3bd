package io.fpsctl.cli;

import static io.fpsctl.cli.ScreenRecordRuns.JSON;
import static io.fpsctl.cli.ScreenRecordRuns.PKG;
import static io.fpsctl.cli.ScreenRecordRuns.errors;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --record} against the simulated device, checked without fpsctl's code: the MP4 decoded by Debian's ffmpeg,
 * the numbers its frames show compared with the simulator's truth file, the report's seeks read from the page in
 * headless chromium (docs/report.md "Screen recordings").
 * <p>Here: a gate of three iterations records three videos and its report places each on its iteration (split from
 * ScreenRecordEndToEndTest).
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
class ScreenRecordGateEndToEndTest {
    private static Simulator sim(Path truth) throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName("jank"),
                new SimOptions(AndroidVersion.of(14), 60, 11, PKG), 0, truth, false, null, 0));
    }

    @Test
    void aGateOfThreeIterationsShowsThreeVideos(@TempDir Path dir) throws Exception {
        Chromium chromium = Chromium.find().orElse(null);
        assumeTrue(chromium != null, "chromium is not installed (apt-get install chromium): skipped");
        Path html = dir.resolve("r.html");
        try (Simulator s = sim(null)) {
            Cli r = Cli.run("gate", PKG, "--allow-partial", "--connect", s.serial(), "--duration", "3s",
                    "--iterations", "3",
                    "--min-fps", "1", "--record", "--report", html.toString());
            assertEquals(0, r.exit, r.toString());
        }
        for (int k = 1; k <= 3; k++) {
            Path it = dir.resolve("r.video").resolve("iteration-" + k);
            assertTrue(Files.isRegularFile(it.resolve("video-1.mp4")), "iteration " + k + " recorded");
            JsonNode v = JSON.readTree(it.resolve("video.json").toFile());
            assertEquals(1, v.get("files").size());
            JsonNode check = selfCheck(chromium.dumpDom(html, "#iteration=" + k, Files.createTempDirectory(dir, "i")));
            assertEquals(List.of(), errors(check));
            assertEquals(k - 1, check.get("selected").get(0).asInt());
            assertEquals(1, check.get("video").get("placed").asInt(), "iteration " + k + " has its video");
        }
    }
}
