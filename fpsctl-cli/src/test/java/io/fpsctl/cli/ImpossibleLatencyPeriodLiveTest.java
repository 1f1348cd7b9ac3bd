package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.PollUntil;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A live SurfaceFlinger capture whose {@code dumpsys SurfaceFlinger --latency} prints a refresh period no display has
 * (the simulator's period fault: 2 ns; docs/metrics.md section 12): fpsctl says so once, in one line naming the
 * device and the layer; when it lasts to the end the time is a coverage gap and the gate cannot pass (partial), when
 * it clears while the device's buffers still hold the frames nothing is missing and the gate passes.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("e2e")
class ImpossibleLatencyPeriodLiveTest {
    private static final String PKG = "com.example.feed";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Simulator game() throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName("game"),
                new SimOptions(AndroidVersion.of(14), 60, 7, PKG), 0, null, false, null, 0));
    }

    private static List<String> believed(String err) {
        return err.lines().filter(l -> l.contains("cannot be believed")).toList();
    }

    @Test
    void aPeriodThatStaysImpossibleIsSaidOnceAndTheGateCannotPass(@TempDir Path dir) throws Exception {
        Path summary = dir.resolve("summary.json");
        try (Simulator sim = game()) {
            sim.android().setLatencyPeriodFault(2);
            Cli gate = Cli.run("gate", PKG, "--connect", sim.serial(), "--source", "surfaceflinger", "--duration", "2s",
                    "--min-fps", "1", "--summary-out", summary.toString());
            assertEquals(ExitCode.GATE_FAILED, gate.exit, gate.toString());
            List<String> said = believed(gate.err);
            assertEquals(1, said.size(), gate.err);
            assertTrue(said.get(0).startsWith("fpsctl: device " + sim.serial() + ": 'dumpsys SurfaceFlinger --latency' "
                    + "of layer 'SurfaceView[com.example.feed/"), said.get(0));
            assertTrue(said.get(0).contains("the refresh period 2 ns"), said.get(0));
            assertFalse(gate.err.contains("app is not running"), gate.err);
            assertTrue(gate.out.contains("completeRun") && gate.out.contains("partial run"), gate.out);
            JsonNode s = JSON.readTree(summary.toFile());
            assertTrue(s.get("partial").asBoolean(), s.toString());
            // nothing was read from the start of the run to its end: the whole run is one gap
            assertEquals(1, s.get("coverageGaps").asInt(), s.toString());
            assertEquals(s.get("askedMs").asDouble(), s.get("coverageGapMs").asDouble(), 1.0, s.toString());
            assertEquals(0.0, s.get("measuredMs").asDouble(), 1.0, s.toString());
            assertTrue(s.get("partialReason").asText().contains("the source could not be read"), s.toString());
        }
    }

    @Test
    void aPeriodThatClearsWhileTheBuffersHoldTheFramesIsSaidOnceAndLosesNothing(@TempDir Path dir) throws Exception {
        Path summary = dir.resolve("summary.json");
        try (Simulator sim = game()) {
            Thread fault = PollUntil.background("fault", () -> {
                // once the run polls the layer, two latency reads answer with the fault (about a second: the
                // 127-row ring holds 2.1 s at 60 Hz), then the period is right again
                long before = latencyReads(sim);
                PollUntil.condition(() -> latencyReads(sim) >= before + 3, Duration.ofSeconds(60), "the run polling");
                sim.android().setLatencyPeriodFault(2);
                long faulty = latencyReads(sim);
                PollUntil.condition(() -> latencyReads(sim) >= faulty + 2, Duration.ofSeconds(60), "two faulty reads");
                sim.android().setLatencyPeriodFault(0);
            });
            Cli gate = Cli.run("gate", PKG, "--connect", sim.serial(), "--source", "surfaceflinger", "--duration", "5s",
                    "--min-fps", "1", "--summary-out", summary.toString());
            fault.join(30_000);
            assertEquals(0, gate.exit, gate.toString());
            assertEquals(1, believed(gate.err).size(), gate.err);
            JsonNode s = JSON.readTree(summary.toFile());
            assertFalse(s.get("partial").asBoolean(), s.toString());
            assertEquals(0, s.get("coverageGaps").asInt(), s.toString());
            assertTrue(s.get("warnings").toString().contains("cannot be believed"), s.toString());
        }
    }

    private static long latencyReads(Simulator sim) {
        return sim.android().receivedCommandLines().stream().filter(c -> c.contains("--latency")).count();
    }
}
