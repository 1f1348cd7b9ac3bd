package io.fpsctl.cli;

import static io.fpsctl.cli.CoverageRuns.PKG;
import static io.fpsctl.cli.CoverageRuns.assertNeverBackInTime;
import static io.fpsctl.cli.CoverageRuns.find;
import static io.fpsctl.cli.CoverageRuns.framestatsPolls;
import static io.fpsctl.cli.CoverageRuns.pollUntil;
import static io.fpsctl.cli.CoverageRuns.sim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.cli.CoverageRuns.Running;
import io.fpsctl.sim.Simulator;
import io.fpsctl.testing.TestAdb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A device restarted mid-run through a real adb server (Debian's adb, the test's own server):
 * the server takes the device offline and reconnects it by itself, and fpsctl keeps one timeline — no frames.csv row
 * goes back in time although the device's clock started again — says the device restarted and counts the gap
 * (docs/metrics.md "Coverage").
 *
 * <p>In real time, and the longest of the coverage cases: the adb server's own reconnect of a TCP device (~10 s) is
 * what is checked, and the 20 s run must outlast it. Alone in its class, so it starts as early as the others.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("adb")
@Tag("e2e")
class CoverageRestartThroughAdbEndToEndTest {

    @Test
    void aCaptureAcrossADeviceRestartThroughTheAdbServerKeepsOneTimeline(@TempDir Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        int port = TestAdb.freePort();
        Path out = dir.resolve("out");
        Simulator second = null;
        try (AdbFarm farm = new AdbFarm(dir, 1)) {
            Running r;
            String serial = "127.0.0.1:" + port;
            try (Simulator first = sim(port)) {
                farm.connect(0, serial);
                // the adb server takes ~10 s to reconnect a TCP device that went offline (measured with adb 29.0.6 on
                // Debian: offline for 9.5 s after the new device listened), so the run is long enough for that
                r = new Running("capture", PKG, "-P", Integer.toString(farm.port(0)), "-s", serial, "--duration",
                        "20s", "--out", out.toString(), "--source", "gfxinfo");
                // the phone restarts once fpsctl has read frames of the run: two polls after "measuring" answered
                // (the first may only take the ring's frames from before the start). Not on the rows on disk: Android
                // 14's rows wait for their FrameTimeline verdicts (sink/CsvRecorder), and on a machine at load average
                // 30 the 60th reached the disk 11.6 s into the run, too late for the server's ~10 s reconnect to fit in
                // the 20 s (measured: "was not back before the end", exit 3)
                pollUntil(() -> r.err.toString().contains("measuring"), "fpsctl measures");
                long polls = framestatsPolls(first);
                pollUntil(() -> framestatsPolls(first) >= polls + 3, "two polls of the run answered");
            } // killed: a phone that rebooted
            pollUntil(() -> r.err.toString().contains("device disconnected"), "fpsctl notices");
            long off = System.nanoTime() + TimeUnit.SECONDS.toNanos(1); // the outage is the scenario
            pollUntil(() -> System.nanoTime() >= off, "a second off");
            second = sim(port);
            int exit = r.join();
            assertTrue(r.err.toString().contains("device is back after a restart (boot id changed)"), r.toString());
            assertFalse(r.err.toString().contains("was recovered"), r.toString());
            Path frames = find(out, "frames.csv");
            assertNeverBackInTime(frames);
            JsonNode json = new ObjectMapper().readTree(find(out, "summary.json").toFile());
            assertTrue(json.get("warnings").toString().contains("the device restarted"), json.toString());
            assertTrue(json.get("coverageGaps").asInt() >= 1, json.toString());
            assertEquals(json.get("frames").asLong(), Files.readAllLines(frames).size() - 1, "one row per frame");
            // a capture that measured less than 90 % exits 3 and says so; one that made it (a fast reconnect) is 0
            boolean partial = json.get("measuredMs").asDouble() < 0.9 * json.get("askedMs").asDouble();
            assertEquals(partial, json.get("partial").asBoolean(), json.toString());
            assertEquals(partial ? 3 : 0, exit, r.toString());
        } finally {
            if (second != null) {
                second.close();
            }
        }
    }
}
