package io.fpsctl.capture;

import org.junit.jupiter.api.Tag;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fpsctl.android.DartVmService;
import io.fpsctl.device.AdbHostClient;
import io.fpsctl.device.AdbServerAddress;
import io.fpsctl.device.DadbDevice;
import io.fpsctl.device.Device;
import io.fpsctl.device.VmServiceClient;
import io.fpsctl.engine.FlutterFrame;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.adb.AdbDeviceServer;
import io.fpsctl.sim.adb.TransportOptions;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.FrameObserver;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.SimulatedAndroid;
import io.fpsctl.sim.device.frames.FlutterFrameTiming;
import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;
import io.fpsctl.sim.device.frames.SystemTimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.PollUntil;
import io.fpsctl.testing.TestAdb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A simulated Flutter app's Dart VM service reached the way fpsctl reaches a phone's (docs/metrics.md 16): the
 * announcement read from {@code logcat} over adb, {@code adb forward} through Debian's adb server (or dadb's
 * forwarder for a direct connection), the WebSocket over the forward and adbd's {@code tcp:} service. Every
 * {@code Flutter.Frame} received must equal the simulator's truth frame of the same number through the reference
 * calculation below (not fpsctl's code): build = buildFinish − buildStart, raster = rasterFinish − rasterStart,
 * vsyncOverhead = buildStart − vsyncStart, elapsed = rasterFinish − vsyncStart, startTime = buildStart, in whole µs.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
@Tag("adb")
@Tag("e2e")
class FlutterVmServiceEndToEndTest {
    private static final String PKG = "com.example.feed";
    private static final String ADB = "/usr/bin/adb";
    private static int adbPort;
    @TempDir
    static Path adbHome;

    @BeforeAll
    static void startAdbServer() throws Exception {
        assumeTrue(Files.isExecutable(Path.of(ADB)), "needs Debian's adb at " + ADB);
        adbPort = TestAdb.freePort();
        ProcessBuilder start = new ProcessBuilder(ADB, "-P", Integer.toString(adbPort), "start-server")
                .redirectErrorStream(true);
        // its own HOME: the server keeps its key pair there, never in the user's ~/.android, which the servers of
        // classes running at the same time would otherwise create and read at once
        start.environment().put("HOME", adbHome.toString());
        Process p = start.start();
        p.getInputStream().readAllBytes();
        assertEquals(0, p.waitFor(), "adb start-server");
    }

    @AfterAll
    static void stopAdbServer() throws Exception {
        if (adbPort > 0) {
            new ProcessBuilder(ADB, "-P", Integer.toString(adbPort), "kill-server").start().waitFor();
        }
    }

    /** The simulator's Flutter frames, as generated. */
    static final class Truth implements FrameObserver {
        final Map<Long, FlutterFrameTiming> frames = new HashMap<>();

        @Override
        public void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
        }

        @Override
        public void layerFrame(String layerKey, long periodNs, LayerFrame frame) {
        }

        @Override
        public synchronized void flutterFrame(FlutterFrameTiming f) {
            frames.put(f.number(), f);
        }

        synchronized FlutterFrameTiming get(long number) {
            return frames.get(number);
        }
    }

    /**
     * The reference: what {@code _profileFramePostEvent} posts for a frame with these phases. The engine hands each
     * phase to dart:ui in whole µs (shell.cc {@code OnFrameRasterized}: {@code ToEpochDelta().ToMicroseconds()}) and
     * {@code FrameTiming}'s durations are differences of those.
     */
    static FlutterFrame reference(FlutterFrameTiming t) {
        return new FlutterFrame(t.number(), us(t.buildStart()), us(t.rasterFinish()) - us(t.vsyncStart()),
                us(t.buildFinish()) - us(t.buildStart()), us(t.rasterFinish()) - us(t.rasterStart()),
                us(t.buildStart()) - us(t.vsyncStart()));
    }

    /** A phase's timestamp as dart:ui gets it: whole µs since the clock's epoch (truncated). */
    static long us(long ns) {
        return ns / 1000;
    }

    @ParameterizedTest(name = "Android {0} at {1} Hz, {2}")
    @CsvSource({"9, 60, server", "12, 120, server", "14, 60, direct", "16, 120, server"})
    void framesFromTheVmServiceEqualTheTruth(int android, int hz, String via) throws Exception {
        Truth truth = new Truth();
        SimOptions options = new SimOptions(AndroidVersion.of(android), hz, 31L * android + hz, PKG);
        SimulatedAndroid sim = SimulatedAndroid.create(Scenarios.byName("flutter"), options, new SystemTimeSource(),
                truth);
        try (AdbDeviceServer server = new AdbDeviceServer(Simulator.identityOf(options), sim,
                TransportOptions.defaults())) {
            int port = server.start(TestAdb.freePort());
            String serial = "127.0.0.1:" + port;
            AdbServerAddress address = new AdbServerAddress("127.0.0.1", adbPort);
            AdbHostClient adb = new AdbHostClient(address, Optional.empty());
            Device device;
            if (via.equals("server")) {
                adb.connect(serial);
                PollUntil.condition(() -> adb.devices().stream().anyMatch(d -> d.serial().equals(serial)
                        && d.isOnline()), Duration.ofSeconds(20), serial + " online");
                device = DadbDevice.viaServer(address, serial);
            } else {
                device = DadbDevice.direct("127.0.0.1", port, null);
            }
            try (device) {
                int pid = Integer.parseInt(device.shell("pidof " + PKG).stdout().trim());
                DartVmService.Address at = DartVmService.newestAnnouncement(
                        device.shell(DartVmService.LOGCAT).stdout(), pid).orElseThrow();
                try (Device.PortForward forward = device.forwardTcp(at.devicePort());
                     VmServiceClient client = VmServiceClient.connect(forward.localPort(), at.webSocketPath(),
                             Duration.ofSeconds(5))) {
                    assertEquals(pid, client.vmPid(), "getVM's pid is the app's");
                    List<FlutterFrame> got = new ArrayList<>();
                    PollUntil.condition(() -> {
                        got.addAll(client.drain());
                        return got.size() >= hz; // about a second of frames
                    }, Duration.ofSeconds(20), hz + " Flutter.Frame events");
                    long last = got.get(got.size() - 1).number();
                    // a frame's raster finishes (and it is posted) a vsync or two before its buffer is presented
                    PollUntil.condition(() -> {
                        sim.advance();
                        return truth.get(last) != null;
                    }, Duration.ofSeconds(5), "frame " + last + " presented");
                    for (int i = 0; i < got.size(); i++) {
                        FlutterFrame f = got.get(i);
                        if (i > 0) {
                            assertEquals(got.get(i - 1).number() + 1, f.number(), "no frame lost or repeated");
                        }
                        FlutterFrameTiming t = truth.get(f.number());
                        assertTrue(t != null, "frame " + f.number() + " is a truth frame (presented)");
                        assertEquals(reference(t), f, "frame " + f.number());
                    }
                    assertTrue(got.stream().anyMatch(f -> f.buildUs() * hz > 1_000_000)
                            || got.stream().anyMatch(f -> f.rasterUs() * hz > 1_000_000) || got.size() < 90,
                            "the slow frames of the scenario show");
                }
            } finally {
                if (via.equals("server")) {
                    adb.disconnect(serial);
                }
            }
        }
    }

    @Test
    void aReleaseBuildAnnouncesNoVmService() throws Exception {
        SimOptions options = new SimOptions(AndroidVersion.of(14), 60, 5L, PKG);
        SimulatedAndroid sim = SimulatedAndroid.create(Scenarios.byName("flutter-release"), options,
                new SystemTimeSource(), FrameObserver.NONE);
        try (AdbDeviceServer server = new AdbDeviceServer(Simulator.identityOf(options), sim,
                TransportOptions.defaults());
             Device device = DadbDevice.direct("127.0.0.1", server.start(TestAdb.freePort()), null)) {
            int pid = Integer.parseInt(device.shell("pidof " + PKG).stdout().trim());
            assertEquals(Optional.empty(), DartVmService.newestAnnouncement(device.shell(DartVmService.LOGCAT).stdout(),
                    pid));
            String threads = device.shell("cat /proc/" + pid + "/task/*/stat").stdout();
            assertTrue(threads.contains("(1.ui)") && threads.contains("(1.raster)") && threads.contains("(1.io)"),
                    "the engine's threads");
        }
    }
}
