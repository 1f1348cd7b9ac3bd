package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fpsctl.device.AdbHostClient;
import io.fpsctl.device.AdbServerAddress;
import io.fpsctl.device.DadbDevice;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceInfo;
import io.fpsctl.device.ShellResult;
import io.fpsctl.device.ShellStream;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Summary;
import io.fpsctl.sim.adb.AdbDeviceServer;
import io.fpsctl.sim.adb.DeviceIdentity;
import io.fpsctl.sim.adb.TransportOptions;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.FrameObserver;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.SimulatedAndroid;
import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.TestAdb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The device matrix (issue 8 item 7): live captures through the real adb server (Debian's {@code adb}, on a
 * private port) from a simulated Android 6 … 16 at 60/90/120/144 Hz running an HWUI feed, a SurfaceView game or a
 * mid-run refresh switch. Each capture must hold every truth frame of its span — none missing, duplicated or
 * extra — and its summary must equal {@link ReferenceSummary} computed from the simulator's structured frames.
 *
 * <p>Speed: the simulator and the capture loop share a {@link ScaledClock} running {@value #SCALE}× real time, so
 * a 5 s capture takes about 1 s. Coverage: the full product is 10 × 4 × 3 = 120 runs; this runs the 40 of a
 * covering array ({@code scenario = (version index + rate index) mod 3}): every version, every rate and every
 * scenario, and every pair of version × rate, version × scenario and rate × scenario, at least once.
 *
 * <p>Span: the capture starts with a history read (frames already in the rings are not counted) and ends with
 * a last read. A truth frame drawn (gfxinfo: FrameCompleted; SurfaceFlinger: actualPresent) after the first
 * frame dump returned and at or before the last one started must be captured; a frame drawn outside
 * [first dump start, last dump end] must not be. Frames lost at the start or end therefore show.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DeviceMatrixTest {
    static final long SCALE = 5;
    private static final String PKG = "com.example.feed";
    private static final int[] VERSIONS = {6, 7, 9, 10, 11, 12, 13, 14, 15, 16};
    private static final int[] RATES = {60, 90, 120, 144};
    private static final String[] SCENARIOS = {"jank", "game", "refresh-switch"};
    private static final String ADB = "/usr/bin/adb";
    private static int adbPort;

    @BeforeAll
    static void startAdbServer() throws Exception {
        assumeTrue(Files.isExecutable(Path.of(ADB)), "the device matrix needs Debian's adb at " + ADB);
        adbPort = TestAdb.freePort();
        Process p = new ProcessBuilder(ADB, "-P", Integer.toString(adbPort), "start-server")
                .redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertEquals(0, p.waitFor(), "adb start-server");
    }

    @AfterAll
    static void stopAdbServer() throws Exception {
        if (adbPort > 0) {
            new ProcessBuilder(ADB, "-P", Integer.toString(adbPort), "kill-server").start().waitFor();
        }
    }

    static Stream<Arguments> matrix() {
        List<Arguments> l = new ArrayList<>();
        for (int v = 0; v < VERSIONS.length; v++) {
            for (int r = 0; r < RATES.length; r++) {
                l.add(Arguments.of(VERSIONS[v], RATES[r], SCENARIOS[(v + r) % SCENARIOS.length]));
            }
        }
        return l.stream();
    }

    @ParameterizedTest(name = "Android {0} at {1} Hz, {2}")
    @MethodSource("matrix")
    void captureHoldsEveryTruthFrameAndTheReferenceSummary(int android, int hz, String scenario) throws Exception {
        runCase(android, hz, scenario);
    }

    /** The other HWUI scenarios (replaces the old CaptureAccuracyTest, whose truth went through fpsctl's parser). */
    @ParameterizedTest(name = "Android 14 at 120 Hz, {0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"smooth", "freeze", "idle-bursts"})
    void otherScenariosToo(String scenario) throws Exception {
        runCase(14, 120, scenario);
    }

    private void runCase(int android, int hz, String scenario) throws Exception {
        boolean game = scenario.equals("game");
        ScaledClock clock = new ScaledClock(3_600_000_000_000L, SCALE);
        Truth truth = new Truth();
        SimulatedAndroid sim = SimulatedAndroid.create(Scenarios.byName(scenario),
                new SimOptions(AndroidVersion.of(android), hz, 7L * android + hz, PKG), clock, truth);
        long start = clock.nanoTime();
        List<Long> captured = Collections.synchronizedList(new ArrayList<>());
        java.util.Map<Long, Long> periods = new java.util.concurrent.ConcurrentHashMap<>();
        List<String> notes = Collections.synchronizedList(new ArrayList<>());
        Summary summary;
        DumpTimes dumps;
        try (AdbDeviceServer server = new AdbDeviceServer(new DeviceIdentity("sim", "Sim", "sim"), sim,
                TransportOptions.defaults())) {
            int port = server.start(TestAdb.freePort());
            String serial = "127.0.0.1:" + port;
            AdbServerAddress address = new AdbServerAddress("127.0.0.1", adbPort);
            AdbHostClient adb = new AdbHostClient(address, Optional.empty());
            adb.connect(serial);
            awaitOnline(adb, serial);
            try (Device device = DadbDevice.viaServer(address, serial)) {
                dumps = new DumpTimes(device, clock);
                clock.awaitNanoTime(start + 1_000_000_000L); // the app (and the game) are drawing
                FrameEngine.Listener listener = new FrameEngine.Listener() {
                    @Override
                    public void frame(FrameResult r) {
                        captured.add(r.time());
                        periods.put(r.time(), r.interval());
                    }
                };
                Measurement m = Measurement.prepare(dumps, t -> false, PKG,
                        new SourceRequest(game ? SourceRequest.Kind.SURFACEFLINGER : SourceRequest.Kind.GFXINFO,
                                null, 100), EngineConfig.defaults(), listener, notes::add, Duration.ofSeconds(1),
                        clock);
                assertEquals(CaptureSession.End.DURATION, m.run(Duration.ofSeconds(5)), notes.toString());
                summary = m.summary();
                if (game) {
                    assertTrue(m.describe().contains("SurfaceView"), "measures the game's SurfaceView: "
                            + m.describe());
                }
            } finally {
                adb.disconnect(serial);
            }
        }
        sim.advance(); // every frame up to now reaches the truth
        String where = "Android " + android + " " + hz + " Hz " + scenario + " " + notes;
        List<Long> got = List.copyOf(captured);
        assertEquals(got.size(), new HashSet<>(got).size(), "no frame captured twice: " + where);
        Set<Long> gotSet = new HashSet<>(got);
        Set<Long> missing = new TreeSet<>();
        Set<Long> extra = new TreeSet<>(gotSet);
        ReferenceSummary want;
        if (game) {
            List<ReferenceSummary.Present> in = new ArrayList<>();
            for (Truth.Layer f : truth.layers("surfaceview")) {
                long at = f.frame().actualPresent();
                if (at > dumps.firstEnd && at <= dumps.lastStart && !gotSet.contains(at)) {
                    missing.add(at);
                }
                if (at > dumps.firstStart && at <= dumps.lastEnd) {
                    extra.remove(at);
                }
                if (gotSet.contains(at)) {
                    in.add(new ReferenceSummary.Present(at, f.periodNs()));
                }
            }
            want = ReferenceSummary.ofPresents(in);
        } else {
            List<HwuiFrame> in = new ArrayList<>();
            for (HwuiFrame f : truth.hwui(0)) {
                long done = f.frameCompleted();
                boolean counted = (f.flags() & 8) == 0;
                if (counted && done > dumps.firstEnd && done <= dumps.lastStart && !gotSet.contains(f.intendedVsync())) {
                    missing.add(f.intendedVsync());
                }
                if (counted && done > dumps.firstStart && done <= dumps.lastEnd) {
                    extra.remove(f.intendedVsync());
                }
                if (gotSet.contains(f.intendedVsync())) {
                    in.add(f);
                    assertEquals(f.get(io.fpsctl.sim.device.frames.FrameColumn.FRAME_INTERVAL),
                            periods.get(f.intendedVsync()), "period in force of the frame at " + f.intendedVsync()
                            + " (" + (f.intendedVsync() - start) / 1e6 + " ms into the run): " + where);
                }
            }
            want = ReferenceSummary.ofHwui(in, android >= 12, android >= 11);
        }
        assertEquals(Set.of(), missing, "truth frames of the span missing from the capture: " + where);
        assertEquals(Set.of(), extra, "captured frames that are not truth frames of the span: " + where);
        assertTrue(want.frames() > 50, "a real capture: " + want.frames() + " frames, " + where);
        assertEquals(want.frames(), summary.frames(), "frames " + where);
        assertEquals(want.timedFrames(), summary.timedFrames(), "timed frames " + where);
        assertEquals(want.jankyFrames(), summary.jankyFrames(), "janky frames " + where);
        assertEquals(want.droppedFrames(), summary.droppedFrames(), "dropped " + where);
        assertEquals(want.refreshHz(), summary.refreshHz(), 1e-9, "refreshHz " + where);
        assertEquals(want.fps(), summary.fps(), 1e-9, "fps " + where);
        // the summary keeps frame times in whole microseconds
        assertEquals(want.p50Ms(), summary.frameTimeMs().p50(), 1e-3, "p50 " + where);
        assertEquals(want.p90Ms(), summary.frameTimeMs().p90(), 1e-3, "p90 " + where);
        assertEquals(want.p99Ms(), summary.frameTimeMs().p99(), 1e-3, "p99 " + where);
        assertEquals(want.maxMs(), summary.frameTimeMs().max(), 1e-3, "max " + where);
    }

    private static void awaitOnline(AdbHostClient adb, String serial) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < until) {
            for (DeviceInfo d : adb.devices()) {
                if (d.serial().equals(serial) && d.isOnline()) {
                    return;
                }
            }
            Thread.sleep(20); // polling the adb server for a condition
        }
        throw new AssertionError(serial + " did not come online at the adb server");
    }

    /** The simulator's structured frames, as generated (not as printed). */
    static final class Truth implements FrameObserver {
        record Layer(String key, long periodNs, LayerFrame frame) {
        }

        private final List<HwuiFrame>[] hwui;
        private final List<Layer> layers = new ArrayList<>();

        @SuppressWarnings("unchecked")
        Truth() {
            hwui = new List[8];
            for (int i = 0; i < hwui.length; i++) {
                hwui[i] = new ArrayList<>();
            }
        }

        @Override
        public synchronized void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
            hwui[windowIndex].add(frame);
        }

        @Override
        public synchronized void layerFrame(String layerKey, long periodNs, LayerFrame frame) {
            layers.add(new Layer(layerKey, periodNs, frame));
        }

        synchronized List<HwuiFrame> hwui(int window) {
            return List.copyOf(hwui[window]);
        }

        synchronized List<Layer> layers(String key) {
            return layers.stream().filter(l -> l.key().equals(key)).toList();
        }
    }

    /** A device that notes when the first and the last frame dump (gfxinfo, --latency of a layer) ran. */
    static final class DumpTimes implements Device {
        private final Device device;
        private final ScaledClock clock;
        volatile long firstStart = Long.MIN_VALUE;
        volatile long firstEnd = Long.MIN_VALUE;
        volatile long lastStart;
        volatile long lastEnd;

        DumpTimes(Device device, ScaledClock clock) {
            this.device = device;
            this.clock = clock;
        }

        @Override
        public String serial() {
            return device.serial();
        }

        @Override
        public ShellResult shell(String command, Duration timeout) {
            boolean frames = command.startsWith("dumpsys gfxinfo")
                    || (command.startsWith("dumpsys SurfaceFlinger --latency ") && command.contains("Surface"));
            long s = clock.nanoTime();
            ShellResult r = device.shell(command, timeout);
            long e = clock.nanoTime();
            if (frames) {
                if (firstStart == Long.MIN_VALUE) {
                    firstStart = s;
                    firstEnd = e;
                }
                lastStart = s;
                lastEnd = e;
            }
            return r;
        }

        @Override
        public ShellStream openShell(String command) {
            return device.openShell(command);
        }

        @Override
        public void install(Path apk) {
            device.install(apk);
        }

        @Override
        public void push(Path local, String remotePath) {
            device.push(local, remotePath);
        }

        @Override
        public void close() {
            device.close();
        }
    }
}
