package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code --source agent} end to end against the simulator's agent stream. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@Tag("e2e")
class AgentEndToEndTest {
    private static final String PKG = "com.example.feed";

    private static Simulator sim(String scenario) throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName(scenario),
                new SimOptions(AndroidVersion.of(14), 120, 5, PKG), 0, null, false, null, 0));
    }

    private static Path find(Path dir, String name) throws Exception {
        try (var w = Files.walk(dir)) {
            return w.filter(p -> p.getFileName().toString().equals(name)).findFirst().orElseThrow();
        }
    }

    @Test
    void watchShowsStagesScrollFpsAndChoreographerTimes() {
        Cli r = Cli.run("watch", PKG, "--simulate=jank", "--source", "agent", "--duration", "3s", "--plain");
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.contains("source       agent"), r.out);
        assertTrue(r.out.matches("(?s).*stages ms +delay \\d+\\.\\d\\d +input .*"), r.out);
        assertTrue(r.out.matches("(?s).*scroll fps +\\d+\\.\\d +\\(finger-scroll fps \\d+\\.\\d\\).*"), r.out);
        assertTrue(r.out.matches("(?s).*choreo ms +input \\d+\\.\\d\\d +animation \\d+\\.\\d\\d +traversal .*"), r.out);
        assertTrue(r.out.contains("slow msgs"), r.out);
        assertTrue(r.out.matches("(?s).*window=0 .* scrollFps=\\d+\\.\\d.*"), r.out);
    }

    @Test
    void captureWritesTheAgentColumnsAndSummaryKeys(@TempDir Path dir) throws Exception {
        Cli r = Cli.run("capture", PKG, "--simulate=freeze", "--source", "agent", "--duration", "4s", "--out",
                dir.toString());
        assertEquals(0, r.exit, r.toString());
        List<String> rows = Files.readAllLines(find(dir, "frames.csv"), StandardCharsets.UTF_8);
        assertTrue(rows.get(0).contains(",interaction,chInputMs,chAnimationMs,chTraversalMs,"), rows.get(0));
        assertTrue(rows.get(0).endsWith(",jankTypes,presentState"), rows.get(0));
        // between them the Flutter columns of docs/metrics.md 16 (empty here) and the resource columns of
        // docs/metrics.md 13 (one per FrameCsvSchema.RESOURCES entry)
        int resources = 3 + io.fpsctl.format.FrameCsvSchema.RESOURCES.size();
        assertTrue(rows.size() > 100, "rows: " + rows.size());
        assertTrue(rows.get(5).matches(".*,agent,.*,[0-9]+,[0-9.]+,[0-9.]+,[0-9.]+,(?:[^,]*,){" + resources + "},"),
                rows.get(5));
        String summary = Files.readString(find(dir, "summary.json"));
        assertTrue(summary.contains("\"source\" : \"agent\""), summary);
        assertTrue(summary.matches("(?s).*\"scrollFps\" : \\d+\\.\\d.*"), summary);
        assertTrue(summary.matches("(?s).*\"fingerScrollFps\" : \\d+\\.\\d.*"), summary);
        assertTrue(summary.contains("\"choreographerMs\" : {"), summary);
        // freeze: a 720-1300 ms frozen frame every 2.7-4.3 s; the main-thread ones are slow messages
        assertTrue(summary.contains("\"slowMessageCount\""), summary);
        assertTrue(summary.contains("\"slowMessages\" : ["), summary);
        Cli a = Cli.run("analyze", find(dir, "frames.csv").toString(), "--format", "json");
        assertEquals(0, a.exit, a.toString());
        assertTrue(a.out.matches("(?s).*\"scrollFps\" : \\d+\\.\\d.*"), a.out);
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
