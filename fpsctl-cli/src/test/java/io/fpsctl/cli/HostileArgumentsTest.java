package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.adb.AdbCli;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.TestAdb;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arguments are data: a PACKAGE that is not an Android package name is a usage error before anything reaches the
 * device, and a value that does reach it (a --layer name) arrives as one quoted word. The simulator records every
 * command line exactly as it received it; the expected lines are written here by hand.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("adb")
@Tag("e2e")
class HostileArgumentsTest {
    private static final String PKG = "com.example.feed";
    private static final List<String> HOSTILE_PACKAGES = List.of("com.x;touch PWNED", "com.x$(touch PWNED)",
            "com.x`touch PWNED`", "com.x|touch PWNED", "com.x&&touch PWNED", "com.x'\"", "com.x touch");

    private static Simulator sim() throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName("smooth"),
                new SimOptions(AndroidVersion.of(14), 60, 5, PKG), 0, null, false, null, 0));
    }

    @Test
    void aHostilePackageIsExitTwoAndNothingIsSent(@TempDir Path dir) throws Exception {
        try (Simulator s = sim()) {
            for (String pkg : HOSTILE_PACKAGES) {
                for (String[] args : List.of(
                        new String[] {"watch", pkg, "--connect", s.serial(), "--duration", "1s", "--plain"},
                        new String[] {"gate", pkg, "--connect", s.serial(), "--duration", "1s", "--min-fps", "1"},
                        new String[] {"capture", PKG, pkg, "--connect", s.serial(), "--duration", "1s", "--out",
                            dir.toString()},
                        new String[] {"agent", "install", pkg, "--connect", s.serial()})) {
                    Cli r = Cli.run(args);
                    assertEquals(ExitCode.USAGE, r.exit, String.join(" ", args) + "\n" + r);
                    assertTrue(r.err.contains("is not an Android package name"), r.err);
                    assertEquals(1, r.err.lines().filter(l -> l.startsWith("fpsctl: ")).count(), r.err);
                }
            }
            assertEquals(List.of(), s.android().receivedCommandLines(), "nothing may reach the device");
        }
    }

    @Test
    void hostileLayerNamesArriveAsOneQuotedWordDirectly() throws Exception {
        try (Simulator s = sim()) {
            checkLayers(s, "--connect", s.serial());
        }
    }

    @Test
    void hostileLayerNamesArriveAsOneQuotedWordThroughTheAdbServer(@TempDir Path home) throws Exception {
        Optional<Path> binary = AdbCli.findOnPath();
        assumeTrue(binary.isPresent(), "adb is not on PATH (apt-get install adb): skipping");
        int port = TestAdb.freePort();
        AdbCli adb = new AdbCli(binary.get(), port, home);
        Duration t = Duration.ofSeconds(20);
        try (Simulator s = sim()) {
            assertEquals(0, adb.run(t, "start-server").exitCode());
            assertTrue(adb.run(t, "connect", s.serial()).stdout().contains("connected"));
            checkLayers(s, "-P", Integer.toString(port), "-s", s.serial());
        } finally {
            adb.run(t, "kill-server");
        }
    }

    /**
     * Each layer name, as --layer: the only received lines that hold it are the --latency polls, each exactly the
     * command written here by hand (single quotes, a ' as '\'' — POSIX XCU 2.2.2); no other line mentions PWNED.
     */
    private static void checkLayers(Simulator s, String... device) {
        String[][] layers = {
            {"x;touch PWNED", "dumpsys SurfaceFlinger --latency 'x;touch PWNED'"},
            {"$(touch PWNED)", "dumpsys SurfaceFlinger --latency '$(touch PWNED)'"},
            {"`touch PWNED`", "dumpsys SurfaceFlinger --latency '`touch PWNED`'"},
            {"a|touch PWNED && b", "dumpsys SurfaceFlinger --latency 'a|touch PWNED && b'"},
            {"it's \"PWNED\"", "dumpsys SurfaceFlinger --latency 'it'\\''s \"PWNED\"'"},
            {"SurfaceView[com.x/com.x.Main](BLAST)#0 PWNED",
                "dumpsys SurfaceFlinger --latency 'SurfaceView[com.x/com.x.Main](BLAST)#0 PWNED'"},
        };
        for (String[] layer : layers) {
            int before = s.android().receivedCommandLines().size();
            List<String> args = new java.util.ArrayList<>(List.of("watch", PKG, "--source", "surfaceflinger",
                    "--layer", layer[0], "--duration", "1s", "--plain"));
            args.addAll(List.of(device));
            Cli r = Cli.run(args.toArray(String[]::new));
            List<String> received = s.android().receivedCommandLines();
            received = received.subList(Math.min(before, received.size()), received.size());
            List<String> mentioning = received.stream().filter(l -> l.contains("PWNED")).toList();
            assertTrue(!mentioning.isEmpty(), "the layer was never polled: " + r + "\n" + received);
            for (String line : mentioning) {
                // a batched poll joins commands with " ; " (ShellBatch): each part must be the exact command
                for (String part : line.split(" ; ")) {
                    if (part.contains("PWNED")) {
                        assertEquals(layer[1], part.strip(), "received: " + line);
                    }
                }
            }
        }
    }
}
