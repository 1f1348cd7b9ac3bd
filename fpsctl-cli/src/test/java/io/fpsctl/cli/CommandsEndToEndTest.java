package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.adb.AdbCli;
import io.fpsctl.testing.PollUntil;
import io.fpsctl.testing.TestAdb;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * watch, capture and gate end to end against the simulator: directly, and through the real adb server. A capture
 * across a disconnect or an app crash is {@link CaptureInterruptionsEndToEndTest}'s (split so that no class runs long
 * beside the others).
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@Tag("adb")
@Tag("e2e")
class CommandsEndToEndTest {
    private static final String PKG = "com.example.feed";

    private static Simulator sim(String scenario) throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName(scenario),
                new SimOptions(AndroidVersion.of(14), 120, 5, PKG), 0, null, false, null, 0));
    }

    @Test
    void watchPrintsWindowsAndWritesBothCsvs(@TempDir Path dir) {
        Path frames = dir.resolve("frames.csv");
        Path windows = dir.resolve("windows.csv");
        Cli r = Cli.run("watch", PKG, "--simulate=jank", "--duration", "2500ms", "--plain", "--frames-csv",
                frames.toString(), "--csv", windows.toString());
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.contains("window=0 "), r.out);
        assertTrue(r.out.contains("summary"), r.out);
        assertTrue(r.err.contains("watching " + PKG), r.err);
        Cli a = Cli.run("analyze", frames.toString(), "--format", "json");
        assertEquals(0, a.exit, a.toString());
        assertTrue(a.out.contains("\"source\" : \"gfxinfo\""));
        assertTrue(windowsRows(windows) >= 2);
    }

    /** Whether something accepts TCP connections on 127.0.0.1:{@code port}. */
    private static boolean listening(int port) {
        try (java.net.Socket ignored = new java.net.Socket("127.0.0.1", port)) {
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private static long windowsRows(Path p) {
        try {
            return Files.readAllLines(p).size() - 1;
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void gatePassesAndFailsOnThresholdsAndWritesValidJUnit(@TempDir Path dir) throws Exception {
        Cli pass = Cli.run("gate", PKG, "--simulate=smooth", "--duration", "2s", "--min-fps", "30",
                "--max-jank-percent", "50", "--summary-out", dir.resolve("s.json").toString());
        assertEquals(0, pass.exit, pass.toString());
        assertTrue(pass.out.contains("PASS"), pass.out);

        Path junit = dir.resolve("gate.xml");
        Path md = dir.resolve("gate.md");
        Cli fail = Cli.run("gate", PKG, "--simulate=jank", "--duration", "2s", "--min-fps", "1000", "--max-p99-ms",
                "1000", "--junit", junit.toString(), "--markdown", md.toString());
        assertEquals(1, fail.exit, fail.toString());
        assertTrue(fail.out.contains("FAIL"), fail.out);
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile());
        // two checks, then the FrameTimeline split (the simulated Android 14 has one) shown for information
        assertEquals(4, doc.getElementsByTagName("testcase").getLength());
        assertEquals(1, doc.getElementsByTagName("failure").getLength());
        // information rows pass with their value as output: a passing gate shows no "skipped" tests
        assertEquals(0, doc.getElementsByTagName("skipped").getLength());
        assertEquals(2, doc.getElementsByTagName("system-out").getLength());
        assertEquals("0", doc.getDocumentElement().getAttribute("skipped"));
        assertEquals("systemJankPercent", ((org.w3c.dom.Element) doc.getElementsByTagName("testcase").item(3))
                .getAttribute("name"));
        assertTrue(Files.readString(md).contains("|"));

        Cli saved = Cli.run("gate", "--from", dir.resolve("s.json").toString(), "--min-fps", "30");
        assertEquals(0, saved.exit, saved.toString());
    }

    @Test
    void gateSaysWhatIsWrongWithTheApp() throws Exception {
        try (Simulator s = sim("smooth")) {
            Cli missing = Cli.run("gate", "com.not.installed", "--connect", s.serial(), "--duration", "1s",
                    "--min-fps", "1");
            assertEquals(4, missing.exit, missing.toString());
            assertTrue(missing.err.contains("not installed"), missing.err);
            s.android().stopApp();
            Cli stopped = Cli.run("gate", PKG, "--connect", s.serial(), "--duration", "1s", "--min-fps", "1");
            assertEquals(4, stopped.exit, stopped.toString());
            assertTrue(stopped.err.contains("is not running"), stopped.err);
            assertEquals(1, stopped.err.lines().count(), "one line: " + stopped.err);
        }
    }

    @Test
    void gateWithNoDeviceIsExitThree(@TempDir Path home) throws Exception {
        int port = TestAdb.freePort();
        try {
            Cli r = Cli.run("gate", PKG, "-P", Integer.toString(port), "--duration", "1s", "--min-fps", "1");
            assertEquals(3, r.exit, r.toString());
            assertEquals(1, r.err.lines().count(), r.err);
        } finally {
            Optional<Path> adb = AdbCli.findOnPath();
            if (adb.isPresent()) {
                new AdbCli(adb.get(), port, home).run(Duration.ofSeconds(20), "kill-server");
            }
        }
        Cli usage = Cli.run("gate", PKG, "--duration", "1s");
        assertEquals(2, usage.exit, usage.toString());
    }

    @Test
    void simulatorFaultFlagsReachTheCommands() throws Exception {
        int port = TestAdb.freePort();
        String[] flags = {"--not-installed", "--app-stopped"};
        String[] says = {"not installed", "is not running"};
        for (int i = 0; i < flags.length; i++) {
            String flag = flags[i];
            Thread sim = new Thread(() -> Cli.run("sim", "--port", Integer.toString(port), flag, "--run-for", "3s"));
            sim.start();
            PollUntil.condition(() -> listening(port), Duration.ofSeconds(30), "the simulator listens");
            Cli gate = Cli.run("gate", PKG, "--connect", "127.0.0.1:" + port, "--duration", "1s", "--min-fps", "1");
            assertEquals(4, gate.exit, gate.toString());
            assertTrue(gate.err.contains(says[i]), gate.err);
            sim.join(10_000);
        }
        Cli usage = Cli.run("sim", "--truncate-at", "x", "--run-for", "100ms");
        assertEquals(2, usage.exit, usage.toString());
    }

    @Test
    void captureThroughTheRealAdbServer(@TempDir Path home) throws Exception {
        Optional<Path> binary = AdbCli.findOnPath();
        assumeTrue(binary.isPresent(), "adb is not on PATH (apt-get install adb): skipping");
        int port = TestAdb.freePort();
        AdbCli adb = new AdbCli(binary.get(), port, home);
        Duration t = Duration.ofSeconds(20);
        try (Simulator s = sim("jank")) {
            assertEquals(0, adb.run(t, "start-server").exitCode());
            assertTrue(adb.run(t, "connect", s.serial()).stdout().contains("connected"));
            Path out = home.resolve("out");
            Cli r = Cli.run("capture", PKG, "-P", Integer.toString(port), "-s", s.serial(), "--duration", "2s",
                    "--out", out.toString());
            assertEquals(0, r.exit, r.toString());
            Path summary = out.resolve(s.serial().replace(':', '_')).resolve(PKG).resolve("summary.json");
            assertTrue(Files.readString(summary).contains("\"frames\""));
            Cli devices = Cli.run("devices", "-P", Integer.toString(port), "--json");
            assertEquals(0, devices.exit, devices.toString());
            assertTrue(devices.out.contains(s.serial()) && devices.out.contains("\"sdk\" : 34"), devices.out);
            Cli gate = Cli.run("gate", PKG, "-P", Integer.toString(port), "--duration", "2s", "--min-fps", "1");
            assertEquals(0, gate.exit, gate.toString());
        } finally {
            adb.run(t, "kill-server");
        }
    }
}
