package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code --source agent} end to end against the simulator's agent stream: a gate on scroll fps that passes and fails,
 * and an agent that cannot run — not installed (also through {@code fpsctl sim --agent-not-installed}) or signed with
 * another key — is exit 4 with one line saying what to do. What watch shows and capture writes:
 * {@link AgentEndToEndTest}.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@Tag("e2e")
class AgentGateEndToEndTest {
    private static final String PKG = "com.example.feed";

    private static Simulator sim(String scenario) throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName(scenario),
                new SimOptions(AndroidVersion.of(14), 120, 5, PKG), 0, null, false, null, 0));
    }

    @Test
    void gateOnScrollFpsPassesAndFails() {
        Cli pass = Cli.run("gate", PKG, "--simulate=jank", "--source", "agent", "--duration", "2s",
                "--min-scroll-fps", "1");
        assertEquals(0, pass.exit, pass.toString());
        assertTrue(pass.out.contains("scrollFps"), pass.out);
        Cli fail = Cli.run("gate", PKG, "--simulate=jank", "--source", "agent", "--duration", "2s",
                "--min-scroll-fps", "1000");
        assertEquals(1, fail.exit, fail.toString());
        assertTrue(fail.out.contains("FAIL"), fail.out);
    }

    @Test
    void agentNotInstalledIsExitFourWithTheInstallHint() throws Exception {
        try (Simulator s = sim("smooth")) {
            s.android().setAgentInstalled(false);
            Cli r = Cli.run("gate", PKG, "--connect", s.serial(), "--source", "agent", "--duration", "1s",
                    "--min-scroll-fps", "1");
            assertEquals(4, r.exit, r.toString());
            assertTrue(r.err.contains("fpsctl agent install " + PKG), r.err);
            assertEquals(1, r.err.lines().count(), "one line: " + r.err);
        }
    }

    @Test
    void signatureMismatchExplainsTheSigningRule() throws Exception {
        try (Simulator s = sim("smooth")) {
            s.android().setInstrumentation((args, out, err) -> {
                out.write(("INSTRUMENTATION_STATUS: Error=Permission Denial: starting instrumentation ComponentInfo{"
                        + "io.fpsctl.agent/io.fpsctl.agent.FpsctlAgent} from pid=4242, uid=2000 not allowed because "
                        + "package io.fpsctl.agent does not have a signature matching the target " + PKG + "\n"
                        + "INSTRUMENTATION_STATUS: id=ActivityManagerService\nINSTRUMENTATION_STATUS_CODE: -1\n")
                        .getBytes(StandardCharsets.UTF_8));
                err.write("java.lang.SecurityException: Permission Denial\n".getBytes(StandardCharsets.UTF_8));
                return 1;
            });
            Cli r = Cli.run("watch", PKG, "--connect", s.serial(), "--source", "agent", "--duration", "1s", "--plain");
            assertEquals(4, r.exit, r.toString());
            assertTrue(r.err.contains("not signed with the key that signed " + PKG), r.err);
            assertTrue(r.err.contains("debug.keystore"), r.err);
            assertEquals(1, r.err.lines().count(), "one line: " + r.err);
        }
    }

    @Test
    void simCommandFlagUninstallsTheAgent() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Thread sim = new Thread(() -> Cli.run("sim", "--port", Integer.toString(port), "--agent-not-installed",
                "--run-for", "3s"));
        sim.start();
        io.fpsctl.testing.PollUntil.condition(() -> {
            try (java.net.Socket probe = new java.net.Socket("127.0.0.1", port)) {
                return true;
            }
        }, java.time.Duration.ofSeconds(10), "the simulator listening on " + port);
        Cli gate = Cli.run("gate", PKG, "--connect", "127.0.0.1:" + port, "--source", "agent", "--duration", "1s",
                "--min-fps", "1");
        assertEquals(4, gate.exit, gate.toString());
        assertTrue(gate.err.contains("fpsctl agent install"), gate.err);
        sim.join(10_000);
    }
}
