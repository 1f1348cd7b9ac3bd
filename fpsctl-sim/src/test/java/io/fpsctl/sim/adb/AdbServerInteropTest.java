package io.fpsctl.sim.adb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import io.fpsctl.testing.PollUntil;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulator against the real adb server (Debian's {@code adb} package), through the adb command line.
 * Skipped when {@code adb} is not on PATH. Uses a private adb server port that is killed afterwards.
 */
@Timeout(value = 40, unit = TimeUnit.SECONDS)
@Tag("adb")
class AdbServerInteropTest {

    private static final Duration QUICK = Duration.ofSeconds(20);

    @TempDir
    static Path home;

    private static AdbCli adb;
    private static AdbDeviceServer device;
    private static String serial;
    private static AdbCli.Result connectResult;

    private static final String NO_ADB = "adb is not on PATH (apt-get install adb): skipping the real-adb tests";

    @BeforeAll
    static void startAdbServerAndDevice() throws Exception {
        Optional<Path> binary = AdbCli.findOnPath();
        if (binary.isEmpty()) {
            return; // each test is skipped in requireAdb(): surefire drops a class-level skip without a trace
        }
        adb = new AdbCli(binary.get(), io.fpsctl.testing.TestAdb.freePort(), home);
        AdbCli.Result started = adb.run(QUICK, "start-server");
        assertEquals(0, started.exitCode(), started.toString());

        device = new AdbDeviceServer(new DeviceIdentity("sim_product", "Sim Model 9", "simdev"), new TestShell(),
                TransportOptions.defaults());
        serial = connect(device);
        connectResult = lastConnect;
    }

    @AfterAll
    static void stopEverything() throws Exception {
        if (adb != null) {
            adb.run(QUICK, "kill-server");
        }
        if (device != null) {
            device.close();
        }
    }

    private static AdbCli.Result lastConnect;

    @BeforeEach
    void requireAdb() {
        assumeTrue(adb != null, NO_ADB);
    }

    /** Starts {@code server} on an ephemeral port (never 5555–5585, D.7 item 6) and {@code adb connect}s it. */
    private static String connect(AdbDeviceServer server) throws Exception {
        int port = server.start(0);
        assertFalse(port >= 5555 && port <= 5585, "port " + port + " is in the emulator scan range");
        String s = "127.0.0.1:" + port;
        lastConnect = adb.run(QUICK, "connect", s);
        return s;
    }

    @Test
    void connectSaysConnectedAndDevicesListsProductModelDevice() throws Exception {
        assertTrue(connectResult.stdout().contains("connected to " + serial), connectResult.toString());
        AdbCli.Result devices = adb.run(QUICK, "devices", "-l");
        // model: non-alphanumerics become '_' (D.6)
        Pattern line = Pattern.compile("(?m)^" + Pattern.quote(serial)
                + "\\s+device\\b.*product:sim_product model:Sim_Model_9 device:simdev\\b.*$");
        assertTrue(line.matcher(devices.stdout()).find(), devices.toString());
    }

    @Test
    void shellEchoPrintsHi() throws Exception {
        AdbCli.Result r = adb.run(QUICK, "-s", serial, "shell", "echo", "hi");
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals("hi\n", r.stdout());
    }

    @Test
    void exitCodesAndStderrPropagate() throws Exception {
        assertEquals(3, adb.run(QUICK, "-s", serial, "shell", "exit", "3").exitCode());
        assertEquals(1, adb.run(QUICK, "-s", serial, "shell", "false").exitCode());
        assertEquals(255, adb.run(QUICK, "-s", serial, "shell", "exit", "255").exitCode());
        AdbCli.Result r = adb.run(QUICK, "-s", serial, "shell", "err", "boom");
        assertEquals(2, r.exitCode());
        assertEquals("out\n", r.stdout());
        assertEquals("boom\n", r.stderr());
    }

    @Test
    void twoMegabytesOfOutputAreByteExact() throws Exception {
        int n = 2 * 1024 * 1024;
        AdbCli.Result text = adb.run(QUICK, "-s", serial, "shell", "text", Integer.toString(n));
        assertEquals(0, text.exitCode(), text.stderr());
        assertArrayEquals(TestShell.text(n), text.stdoutBytes());
        AdbCli.Result binary = adb.run(QUICK, "-s", serial, "exec-out", "binary", Integer.toString(n));
        assertEquals(0, binary.exitCode(), binary.stderr());
        assertArrayEquals(TestShell.binary(n), binary.stdoutBytes());
    }

    @Test
    void twentyConcurrentAdbShells() throws Exception {
        List<AdbCli.Started> running = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            running.add(adb.start("-s", serial, "shell", i % 2 == 0 ? "echo n" + i : "exit " + i));
        }
        for (int i = 0; i < 20; i++) {
            AdbCli.Result r = running.get(i).await(QUICK);
            if (i % 2 == 0) {
                assertEquals(0, r.exitCode(), r.toString());
                assertEquals("n" + i + "\n", r.stdout());
            } else {
                assertEquals(i, r.exitCode(), r.toString());
            }
        }
        AdbDeviceServerDadbTest.await(() -> device.openStreamCount() == 0, "all streams closed");
    }

    @Test
    void unknownServiceIsRefused() throws Exception {
        // 'adb reverse' needs a device-side service the simulator does not offer: the OPEN gets CLSE(0, id)
        AdbCli.Result r = adb.run(QUICK, "-s", serial, "reverse", "--list");
        assertTrue(r.exitCode() != 0 && r.stderr().contains("closed"), r.toString());
        assertEquals("hi\n", adb.run(QUICK, "-s", serial, "shell", "echo", "hi").stdout());
    }

    @Test
    void disconnectShowsOfflineAndTheServerReconnectsLater() throws Exception {
        try (AdbDeviceServer flaky = new AdbDeviceServer(new DeviceIdentity("flaky", "Flaky", "flaky"),
                new TestShell(), TransportOptions.defaults())) {
            String s = connect(flaky);
            try {
                assertTrue(lastConnect.stdout().contains("connected to " + s), lastConnect.toString());
                pollDevices(s, "device", Duration.ofSeconds(5));
                flaky.disconnect(Duration.ofSeconds(2));
                pollDevices(s, "offline", Duration.ofSeconds(15));
                pollDevices(s, "device", Duration.ofSeconds(25));
                assertEquals("back\n", adb.run(QUICK, "-s", s, "shell", "echo", "back").stdout());
            } finally {
                adb.run(QUICK, "disconnect", s);
            }
        }
    }

    @Test
    void authNeverLeavesTheDeviceUnauthorized() throws Exception {
        try (AdbDeviceServer locked = new AdbDeviceServer(new DeviceIdentity("locked", "Locked", "locked"),
                new TestShell(), TransportOptions.defaults().withAuthNever(true))) {
            String s = connect(locked);
            try {
                // D.8 item 6: a device that does not take the key makes 'adb connect' say so
                assertTrue(lastConnect.stdout().contains("failed to authenticate to " + s), lastConnect.toString());
                pollDevices(s, "unauthorized", Duration.ofSeconds(15));
                AdbCli.Result shell = adb.run(QUICK, "-s", s, "shell", "echo", "hi");
                assertTrue(shell.exitCode() != 0, shell.toString());
            } finally {
                adb.run(QUICK, "disconnect", s);
            }
        }
    }

    /** Polls {@code adb devices} until {@code serial} has {@code state}. */
    private static void pollDevices(String serial, String state, Duration within) {
        Predicate<String> hasState = Pattern.compile("(?m)^" + Pattern.quote(serial) + "\t" + state + "$").asPredicate();
        PollUntil.value(() -> adb.run(QUICK, "devices"), r -> hasState.test(r.stdout()), within,
                serial + " '" + state + "'");
    }

}
