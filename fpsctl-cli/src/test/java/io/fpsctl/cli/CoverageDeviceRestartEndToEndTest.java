package io.fpsctl.cli;

import static io.fpsctl.cli.CoverageRuns.PKG;
import static io.fpsctl.cli.CoverageRuns.find;
import static io.fpsctl.cli.CoverageRuns.pollUntil;
import static io.fpsctl.cli.CoverageRuns.sim;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.cli.CoverageRuns.Running;
import io.fpsctl.sim.Simulator;
import io.fpsctl.testing.TestAdb;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A device restarted mid-run, straight to the device: the phone is off for a second and comes
 * back on the same address with a new boot id and a clock that starts again. A gate across it is not a pass, says the
 * device restarted and counts the time off as a coverage gap (docs/metrics.md "Coverage"); nothing is "recovered"
 * from a restarted device's emptied buffers. Through a real adb server: {@link CoverageRestartThroughAdbEndToEndTest}.
 *
 * <p>In real time: the restart is a real connection dropped and a new simulator listening on the port, which a
 * stepped clock does not show.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("e2e")
class CoverageDeviceRestartEndToEndTest {

    @Test
    void aGateAcrossADeviceRestartIsNotAPassAndSaysTheDeviceRestarted(@TempDir Path dir) throws Exception {
        int port = TestAdb.freePort();
        Path summary = dir.resolve("summary.json");
        Running r;
        Simulator second = null;
        try {
            try (Simulator first = sim(port)) {
                r = new Running("gate", PKG, "--connect", first.serial(), "--duration", "8s", "--min-fps", "1",
                        "--source", "gfxinfo", "--summary-out", summary.toString());
                pollUntil(() -> r.err.toString().contains("measuring"), "fpsctl measures");
                long t0 = first.android().now();
                pollUntil(() -> first.android().now() - t0 > 1_500_000_000L, "1.5 s of the device's clock");
            } // killed: a phone that rebooted
            pollUntil(() -> r.err.toString().contains("device disconnected"), "fpsctl notices");
            // the outage itself is the scenario (the phone is off for a second), not a wait for a condition
            long off = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            pollUntil(() -> System.nanoTime() >= off, "a second off");
            second = sim(port); // a fresh boot on the same address: its clock starts again at 3600 s
            int exit = r.join();
            assertNotEquals(0, exit, r.toString());
            assertFalse(r.out.toString().contains("PASSED"), r.toString());
            assertFalse(r.err.toString().contains("was recovered"), "a restart empties the buffers:\n" + r);
            assertTrue(r.err.toString().contains("device is back after a restart (boot id changed)"), r.toString());
            JsonNode json = new ObjectMapper().readTree(summary.toFile());
            assertTrue(json.get("partial").asBoolean(), json.toString());
            assertTrue(json.get("coverageGaps").asInt() >= 1, json.toString());
            assertTrue(json.get("warnings").toString().contains("the device restarted"), json.toString());
            // off ≥ 1 s of an 8 s run plus the time to notice and reconnect: less than 90 % measured
            assertTrue(json.get("partialReason").asText().contains("the device restarted"), json.toString());
            assertTrue(json.get("measuredMs").asDouble() < 7_200, json.toString());
        } finally {
            if (second != null) {
                second.close();
            }
        }
    }
}
