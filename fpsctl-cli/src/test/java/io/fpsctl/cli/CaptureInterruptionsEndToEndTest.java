package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.sim.Simulator;
import io.fpsctl.testing.PollUntil;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * capture end to end against the simulator when the run is interrupted: the device disconnects for 2 s (the capture
 * says so, carries on when it is back and keeps a valid file) and the app crashes (frames of both processes are
 * counted). Split from {@link CommandsEndToEndTest}.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@Tag("e2e")
class CaptureInterruptionsEndToEndTest {
    private static final String PKG = "com.example.feed";

    private static Simulator sim(String scenario) throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName(scenario),
                new SimOptions(AndroidVersion.of(14), 120, 5, PKG), 0, null, false, null, 0));
    }

    /** Rows in the frames.csv under {@code dir} so far (0 when there is none yet). */
    private static long frameRows(Path dir) {
        try (var w = Files.walk(dir)) {
            Path f = w.filter(p -> p.getFileName().toString().equals("frames.csv")).findFirst().orElse(null);
            return f == null ? 0 : Math.max(0, Files.readAllLines(f).size() - 1);
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            return 0; // the file is being created
        }
    }

    @Test
    void captureSurvivesADisconnectAndKeepsAValidFile(@TempDir Path dir) throws Exception {
        try (Simulator s = sim("smooth")) {
            AtomicReference<Cli> result = new AtomicReference<>();
            // 2 s away of 7 s may leave less than 90 % measured: --allow-partial keeps the exit 0 this test is about
            Thread t = new Thread(() -> result.set(Cli.run("capture", PKG, "--connect", s.serial(), "--duration", "7s",
                    "--out", dir.toString(), "--source", "gfxinfo", "--allow-partial")));
            t.start();
            // disconnect once the capture is recording frames (not after a guessed delay)
            PollUntil.condition(() -> frameRows(dir) > 100, Duration.ofSeconds(30), "the capture records frames");
            s.transport().disconnect(Duration.ofSeconds(2));
            t.join(60_000);
            Cli r = result.get();
            assertEquals(0, r.exit, r.toString());
            assertTrue(r.err.contains("device disconnected"), r.err);
            assertTrue(r.err.contains("device is back"), r.err);
            Path frames;
            try (var w = Files.walk(dir)) {
                frames = w.filter(p -> p.getFileName().toString().equals("frames.csv")).findFirst().orElseThrow();
            }
            Cli a = Cli.run("analyze", frames.toString(), "--format", "json");
            assertEquals(0, a.exit, a.toString());
            // 7 s at 120 Hz minus at most ~2.5 s of outage (frames older than the ring at reconnect are lost)
            long rows = Files.readAllLines(frames).size() - 1;
            assertTrue(rows > 400, "frames captured around the gap: " + rows);
        }
    }

    @Test
    void captureCarriesOnAcrossAnAppCrash(@TempDir Path dir) throws Exception {
        try (Simulator s = sim("smooth")) {
            int pidBefore = s.android().pid().orElseThrow();
            s.after(Duration.ofMillis(2500), a -> a.crashApp());
            Cli r = Cli.run("capture", PKG, "--connect", s.serial(), "--duration", "5s", "--out", dir.toString(),
                    "--source", "gfxinfo");
            assertEquals(0, r.exit, r.toString());
            assertTrue(s.android().pid().orElseThrow() != pidBefore, "the app restarted with a new pid");
            Path frames;
            try (var w = Files.walk(dir)) {
                frames = w.filter(p -> p.getFileName().toString().equals("frames.csv")).findFirst().orElseThrow();
            }
            // 5 s at 120 Hz: frames of both processes are counted (the new process starts a new segment)
            long rows = Files.readAllLines(frames).size() - 1;
            assertTrue(rows > 350, "frames before and after the crash: " + rows);
        }
    }
}
