package io.fpsctl.capture;

import org.junit.jupiter.api.Tag;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fpsctl.device.AdbServerAddress;
import io.fpsctl.device.DadbDevice;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceException;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.adb.AdbCli;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.TestAdb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PerfettoCapture} against the simulator through Debian's adb server: the trace reaches the host whole (the
 * bytes start as a Perfetto {@code Trace}: field 1, length-delimited), the device file is deleted, and each way of not
 * getting a trace is a one-line {@link DeviceException} saying what to do. Skipped without adb.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@Tag("adb")
@Tag("e2e")
class PerfettoCaptureTest {

    private static final String PKG = "com.example.feed";
    private static final Duration T = Duration.ofSeconds(20);

    private interface Body {
        void run(Simulator sim, Device device) throws Exception;
    }

    private static void withDevice(int android, Path home, Body body) throws Exception {
        Optional<Path> adbBinary = AdbCli.findOnPath();
        assumeTrue(adbBinary.isPresent(), "adb is not on PATH (apt-get install adb): skipping");
        AdbCli adb = new AdbCli(adbBinary.get(), TestAdb.freePort(), Files.createDirectories(home));
        assertEquals(0, adb.run(T, "start-server").exitCode());
        try (Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName("smooth"),
                new SimOptions(AndroidVersion.of(android), 60, 3, PKG), 0, null, false, null, 0))) {
            adb.connectAndWait(T, sim.serial());
            try (Device device = DadbDevice.viaServer(new AdbServerAddress("127.0.0.1", adb.serverPort()),
                    sim.serial())) {
                body.run(sim, device);
            }
        } finally {
            adb.run(T, "kill-server");
        }
    }

    @Test
    void theTraceIsCopiedWholeAndDeletedOnTheDevice(@TempDir Path dir) throws Exception {
        withDevice(13, dir.resolve("home"), (sim, device) -> {
            Path trace = dir.resolve("trace.perfetto-trace");
            PerfettoCapture.Result r = new PerfettoCapture(device, PKG).record(Duration.ofMillis(1500), trace);
            byte[] bytes = Files.readAllBytes(trace);
            assertEquals(bytes.length, r.bytes());
            assertTrue(bytes.length > 1000, "frames of 1.5 s: " + bytes.length);
            assertEquals(0x0a, bytes[0] & 0xff, "Trace.packet (field 1, length-delimited) first");
            List<String> sent = sim.android().receivedCommandLines();
            assertTrue(sent.stream().anyMatch(l -> l.startsWith("kill -TERM ")), sent::toString);
            String rm = sent.stream().filter(l -> l.startsWith("rm -f /data/misc/perfetto-traces/")).findFirst()
                    .orElseThrow();
            String file = rm.substring("rm -f ".length());
            assertEquals("", device.shell("cat " + file).stdout(), "deleted on the device");
            assertFalse(Files.list(dir).anyMatch(p -> p.getFileName().toString().startsWith(".")), "no temp file left");
        });
    }

    @Test
    void android11IsRefusedBeforeAnythingRuns(@TempDir Path dir) throws Exception {
        withDevice(11, dir.resolve("home"), (sim, device) -> {
            DeviceException e = assertThrows(DeviceException.class, () -> new PerfettoCapture(device, PKG)
                    .record(Duration.ofSeconds(1), dir.resolve("t")));
            assertEquals(sim.serial() + ": --source perfetto needs Android 12 (API 31) or newer for FrameTimeline; "
                    + "this device runs API 30: use --source auto, gfxinfo or surfaceflinger", e.getMessage());
            assertTrue(sim.android().receivedCommandLines().stream().noneMatch(l -> l.contains("perfetto ")));
            assertFalse(Files.exists(dir.resolve("t")));
        });
    }

    @Test
    void tracedOffIsOneLineSayingHowToStartIt(@TempDir Path dir) throws Exception {
        // 14: --background-wait reports the daemon's failure ("Background process failed, BgProcessStatus=1", exit 1)
        withDevice(14, dir.resolve("home"), (sim, device) -> {
            sim.android().setTracedRunning(false);
            DeviceException e = assertThrows(DeviceException.class, () -> new PerfettoCapture(device, PKG)
                    .record(Duration.ofSeconds(1), dir.resolve("t")));
            assertEquals(sim.serial() + ": perfetto could not start tracing (Background process failed, "
                    + "BgProcessStatus=1): is traced running? start it with 'adb shell setprop persist.traced.enable "
                    + "1', or use --source gfxinfo", e.getMessage());
            assertFalse(Files.exists(dir.resolve("t")));
            assertTrue(sim.android().receivedCommandLines().stream().anyMatch(l -> l.startsWith("rm -f ")),
                    "the device file is deleted");
        });
    }

    @Test
    void tracedOffOnAndroid12IsSeenByKill0(@TempDir Path dir) throws Exception {
        // 12: --background-wait is refused, --background prints the pid, and the daemon is gone at kill -0
        withDevice(12, dir.resolve("home"), (sim, device) -> {
            sim.android().setTracedRunning(false);
            DeviceException e = assertThrows(DeviceException.class, () -> new PerfettoCapture(device, PKG)
                    .record(Duration.ofSeconds(1), dir.resolve("t")));
            assertEquals(sim.serial() + ": perfetto wrote no trace: traced is not running; start it with 'adb shell "
                    + "setprop persist.traced.enable 1', or use --source gfxinfo", e.getMessage());
            assertFalse(Files.exists(dir.resolve("t")));
        });
    }

    @Test
    void aSignalEndsTheRecordingEarly(@TempDir Path dir) throws Exception {
        withDevice(12, dir.resolve("home"), (sim, device) -> {
            PerfettoCapture capture = new PerfettoCapture(device, PKG);
            capture.stop("SIGINT"); // came before the start: the trace is stopped at once, still copied
            PerfettoCapture.Result r = capture.record(Duration.ofMinutes(5), dir.resolve("t"));
            assertEquals("SIGINT", r.stopSignal());
            assertTrue(r.ran().compareTo(Duration.ofSeconds(30)) < 0, r.ran()::toString);
            assertTrue(Files.size(dir.resolve("t")) > 0);
        });
    }

    /** Android 12's perfetto has no --background-wait: it is refused, and the driver waits for kill -0. */
    @Test
    void aGateIterationStartsTheDriverOnlyOncePerfettoRuns(@TempDir Path dir) throws Exception {
        withDevice(12, dir.resolve("home"), (sim, device) -> {
            List<String> sent = oneScrollIteration(sim, device, dir);
            int refused = indexOf(sent, "perfetto --background-wait ");
            int perfetto = indexOf(sent, "perfetto --background --txt");
            int alive = indexOf(sent, "kill -0 ");
            int firstSwipe = indexOf(sent, "input swipe");
            int stop = indexOf(sent, "kill -TERM ");
            assertTrue(refused >= 0 && perfetto > refused && alive > perfetto, sent::toString);
            assertTrue(firstSwipe > alive, "the driver's first swipe after the daemon was seen running: " + sent);
            assertTrue(stop > firstSwipe, sent::toString);
        });
    }

    /** From Android 13 the driver starts once perfetto --background-wait returned: every data source started. */
    @Test
    void onAndroid13TheDriverWaitsForTheDataSourcesToStart(@TempDir Path dir) throws Exception {
        withDevice(13, dir.resolve("home"), (sim, device) -> {
            List<String> sent = oneScrollIteration(sim, device, dir);
            int perfetto = indexOf(sent, "perfetto --background-wait ");
            int firstSwipe = indexOf(sent, "input swipe");
            assertTrue(perfetto >= 0 && firstSwipe > perfetto, sent::toString);
            assertEquals(-1, indexOf(sent, "perfetto --background --txt"), "no second start: " + sent);
            assertTrue(indexOf(sent, "kill -0 ") < 0 || indexOf(sent, "kill -0 ") > firstSwipe,
                    "kill -0 only after the driver started (waiting for the end): " + sent);
        });
    }

    private static List<String> oneScrollIteration(Simulator sim, Device device, Path dir) throws Exception {
        Path traces = Files.createDirectories(dir.resolve("traces"));
        PerfettoGateIterations run = new PerfettoGateIterations(device, PKG,
                io.fpsctl.engine.EngineConfig.defaults(), traces, note -> { }, line -> { });
        List<GateIterations.Kept> kept = run.run(new GateIterations.Plan(0, 1, false, Duration.ofSeconds(30),
                null, Duration.ofMillis(800)), () -> new io.fpsctl.engine.FrameEngine.Listener() { });
        assertEquals(1, kept.size());
        return sim.android().receivedCommandLines();
    }

    private static int indexOf(List<String> lines, String part) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(part)) {
                return i;
            }
        }
        return -1;
    }
}
