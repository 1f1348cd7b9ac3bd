package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.capture.AgentPoller;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.PollUntil;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An outage of fpsctl's heartbeat to the agent (the simulator's fault: every {@code am broadcast} fails) is a coverage
 * gap of the agent's data, not only a warning: the simulated agent, like the real one, detaches by itself after
 * three missed periods (6 s) and reports nothing more, so a gate on agent figures (stage times, scroll fps) cannot
 * pass on the run's remaining seconds of missing data.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("e2e")
class AgentHeartbeatOutageTest {
    private static final String PKG = "com.example.feed";

    @Test
    void theAgentDetachingAfterMissedHeartbeatsIsACoverageGapAndTheGateFails(@TempDir Path dir) throws Exception {
        Path summary = dir.resolve("summary.json");
        try (Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName("jank"),
                new SimOptions(AndroidVersion.of(14), 60, 5, PKG), 0, null, false, null, 0))) {
            Thread fault = PollUntil.background("fault", () -> {
                // the first heartbeat goes through (the agent streams), then every one fails
                PollUntil.condition(() -> sim.android().receivedCommandLines().stream()
                        .anyMatch(c -> c.contains(AgentPoller.HEARTBEAT_ACTION)), Duration.ofSeconds(60),
                        "the first heartbeat");
                sim.android().setBroadcastsLost(true);
            });
            Cli gate = Cli.run("gate", PKG, "--connect", sim.serial(), "--source", "agent", "--duration", "12s",
                    "--min-fps", "1", "--summary-out", summary.toString());
            fault.join(30_000);
            assertEquals(ExitCode.GATE_FAILED, gate.exit, gate.toString());
            assertTrue(gate.out.contains("completeRun") && gate.out.contains("partial run"), gate.out);
            assertEquals(1, gate.err.lines().filter(l -> l.contains("detached by itself")).count(), gate.err);
            JsonNode s = new ObjectMapper().readTree(summary.toFile());
            assertTrue(s.get("partial").asBoolean(), s.toString());
            // heartbeats stop about 2 s after the agent started, it detaches 6 s later (its own rule, real time):
            // about 8 s into a 12 s run, so some 3-5 s are missing; the bounds leave room for a loaded machine
            double gapMs = s.get("coverageGapMs").asDouble();
            assertTrue(gapMs > 1_500 && gapMs < 9_000, "gap " + gapMs + " ms: " + s);
            assertEquals(s.get("askedMs").asDouble() - gapMs, s.get("measuredMs").asDouble(), 300.0, s.toString());
            assertTrue(s.get("partialReason").asText().contains("the source could not be read"), s.toString());
            assertTrue(s.get("warnings").toString().contains("no heartbeat from fpsctl"), s.toString());
        }
    }
}
