package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.SimulatedAndroid;
import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A dump saved with {@code adb shell … > file} from an Android 6 device has {@code \r\n} line ends: its adbd runs
 * {@code shell:} on a pseudo-terminal whose {@code ONLCR} turns each {@code \n} into {@code \r\n} (system/core
 * {@code adb/services.cpp create_subproc_pty}, android-6.0.1_r1). {@code analyze} reads it as the same dump.
 */
class AnalyzeCrlfTest {

    @ParameterizedTest(name = "{0} on Android {1}")
    @CsvSource({"dumpsys gfxinfo com.example.feed framestats,6", "dumpsys SurfaceFlinger --latency SurfaceView,6",
            "dumpsys gfxinfo com.example.feed framestats,14"})
    void crlfDumpAnalyzesAsTheLfOne(String command, int android, @TempDir Path dir) throws Exception {
        ManualTimeSource clock = new ManualTimeSource();
        SimulatedAndroid sim = SimulatedAndroid.create(Scenarios.byName(command.contains("SurfaceView") ? "game"
                : "jank"), new SimOptions(AndroidVersion.of(android), 60, 3, "com.example.feed"), clock, null);
        clock.advanceMillis(3_000);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, sim.run(command, out, new ByteArrayOutputStream()));
        String lf = out.toString(StandardCharsets.UTF_8);
        assertTrue(lf.lines().count() > 100, lf);
        Path plain = dir.resolve("lf.txt");
        Path pty = dir.resolve("crlf.txt");
        Files.writeString(plain, lf);
        Files.writeString(pty, lf.replace("\n", "\r\n"));
        Cli a = Cli.run("analyze", plain.toString(), "--format", "json");
        Cli b = Cli.run("analyze", pty.toString(), "--format", "json");
        assertEquals(0, a.exit, a.toString());
        assertEquals(0, b.exit, b.toString());
        assertTrue(a.out.matches("(?s).*\"frames\" : [1-9][0-9]+,.*"), a.out);
        assertEquals(a.out.replace("lf.txt", "X"), b.out.replace("crlf.txt", "X"));
    }
}
