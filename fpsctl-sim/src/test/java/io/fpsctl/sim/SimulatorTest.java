package io.fpsctl.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dadb.AdbShellResponse;
import dadb.Dadb;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Source;
import io.fpsctl.sim.adb.AdbCli;
import io.fpsctl.testing.PollUntil;
import io.fpsctl.testing.TestAdb;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.android.FramestatsDump;
import io.fpsctl.android.FramestatsParser;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The whole simulator (device + adb transport + clock) reached directly and through the real adb server. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@Tag("adb")
@Tag("e2e")
class SimulatorTest {

    private static Simulator start(Path truth) throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName("jank"),
                new SimOptions(AndroidVersion.of(14), 120, 7, "com.example.feed"), 0, truth, false, null, 0));
    }

    private static long frames(String dump) throws Exception {
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
        FramestatsDump d = new FramestatsParser(e).parse(new ByteArrayInputStream(dump.getBytes(StandardCharsets.UTF_8)));
        assertEquals(0, d.malformedRows());
        return e.summary("p").frames();
    }

    @Test
    void directDadbConnectionNeedsNoAdbServer(@TempDir Path dir) throws Exception {
        Path truth = dir.resolve("t.txt");
        try (Simulator sim = start(truth);
             Dadb dadb = Dadb.create("127.0.0.1", sim.port(), TestAdb.throwawayKeys(dir))) {
            // the app renders on the real-time clock: ask until a good part of a ring has been drawn
            AdbShellResponse r = PollUntil.value(() -> dadb.shell("dumpsys gfxinfo com.example.feed framestats"),
                    d -> d.getExitCode() == 0 && frames(d.getOutput()) > 50, Duration.ofSeconds(30), "50 frames");
            assertEquals(0, r.getExitCode());
            AdbShellResponse missing = dadb.shell("dumpsys gfxinfo com.other.app framestats");
            assertTrue(missing.getOutput().contains("No process found for: com.other.app"));
            assertEquals(127, dadb.shell("nosuchcommand").getExitCode());
        }
        assertTrue(Files.size(truth) > 1000, "truth file written and closed");
    }

    @Test
    void theRealAdbServerSeesADevice(@TempDir Path home) throws Exception {
        Optional<Path> binary = AdbCli.findOnPath();
        assumeTrue(binary.isPresent(), "adb is not on PATH (apt-get install adb): skipping the real-adb test");
        int serverPort = TestAdb.freePort();
        AdbCli adb = new AdbCli(binary.get(), serverPort, home);
        Duration t = Duration.ofSeconds(20);
        try (Simulator sim = start(null)) {
            assertEquals(0, adb.run(t, "start-server").exitCode());
            AdbCli.Result c = adb.run(t, "connect", sim.serial());
            assertTrue(c.stdout().contains("connected to " + sim.serial()), c.toString());
            AdbCli.Result devices = adb.run(t, "devices", "-l");
            assertTrue(devices.stdout().contains(sim.serial()) && devices.stdout().contains("model:Sim"),
                    devices.toString());
            AdbCli.Result dump = PollUntil.value(() -> adb.run(t, "-s", sim.serial(), "shell", "dumpsys", "gfxinfo",
                    "com.example.feed", "framestats"), d -> d.exitCode() == 0 && frames(d.stdout()) > 30,
                    Duration.ofSeconds(30), "30 frames through the adb server");
            assertEquals(0, dump.exitCode());
            AdbCli.Result sdk = adb.run(t, "-s", sim.serial(), "shell", "getprop", "ro.build.version.sdk");
            assertEquals("34", sdk.stdout().strip());
            // what other tools ask first: the process list, the focused window, the page-flip counter
            String pid = adb.run(t, "-s", sim.serial(), "shell", "pidof", "com.example.feed").stdout().strip();
            assertTrue(adb.run(t, "-s", sim.serial(), "shell", "ps", "-A").stdout()
                    .contains(" " + pid + "    560 "), "ps -A lists the app's pid");
            assertTrue(adb.run(t, "-s", sim.serial(), "shell", "dumpsys", "window", "displays").stdout()
                    .contains("\n  mCurrentFocus=Window{"));
            assertEquals("Result: Parcel(NULL)", adb.run(t, "-s", sim.serial(), "shell", "service", "call",
                    "SurfaceFlinger", "1013").stdout().strip(), "Android 14 no longer has transaction 1013");
        } finally {
            adb.run(t, "kill-server");
        }
    }
}
