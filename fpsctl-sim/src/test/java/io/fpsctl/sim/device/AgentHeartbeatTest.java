package io.fpsctl.sim.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The simulated agent, like the real one, detaches by itself when fpsctl's heartbeat stops (agent-protocol.md 1). */
@Timeout(30)
class AgentHeartbeatTest {

    @Test
    void withoutHeartbeatsTheSimulatedAgentDetachesWithinThreePeriods() throws Exception {
        SimHarness h = new SimHarness("smooth", 14, null, 1);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread instrument = new Thread(() -> {
            try {
                h.device.run("am instrument -w -r --no-hidden-api-checks -e fpsctl.heartbeatMs 100 "
                        + "io.fpsctl.agent/.FpsctlAgent", out, err);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        instrument.setDaemon(true);
        instrument.start();
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!out.toString(StandardCharsets.UTF_8).contains("E|no heartbeat from fpsctl for ")) {
            assertTrue(System.nanoTime() < deadline, "no self-detach record in: " + out);
            Thread.sleep(20);
        }
        assertTrue(out.toString(StandardCharsets.UTF_8).contains(" ms: agent detached"), out.toString());
        assertFalse(h.device.agentAttached(), "the agent detached");
        // like 'am instrument -w', the stream stays open until the host closes it: end the harness's thread
        instrument.interrupt();
        instrument.join(10_000);
        assertFalse(instrument.isAlive());
    }

    /**
     * Before Android 9 {@code am instrument} does not know {@code --no-hidden-api-checks}: Am.runInstrument prints
     * "Error: Unknown option: " + opt to stderr and returns, so {@code am} exits 0 and starts nothing (Am.java
     * runInstrument, Android 7.x-era; written by hand from that format string).
     */
    @Test
    void beforeAndroid9TheFlagIsAnUnknownOptionAndAmExitsZero() throws Exception {
        SimHarness h = new SimHarness("smooth", 8, null, 1);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = h.device.run("am instrument -w -r --no-hidden-api-checks io.fpsctl.agent/.FpsctlAgent", out, err);
        assertEquals(0, exit);
        assertEquals("Error: Unknown option: --no-hidden-api-checks\n", err.toString(StandardCharsets.UTF_8));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
        assertFalse(h.device.agentAttached());
    }
}
