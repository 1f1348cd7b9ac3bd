package io.fpsctl.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fpsctl.sim.adb.AdbCli;
import io.fpsctl.sim.adb.AdbDeviceServer;
import io.fpsctl.sim.adb.DeviceIdentity;
import io.fpsctl.sim.adb.TransportOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DadbDevice#viaServer}: shell streams through the real adb server (Debian's {@code adb}, a private port) to the
 * simulator, on fpsctl's own connection ({@link ServerStream}, no watchdog thread). The same cases as
 * {@link DadbDeviceDirectTest}, with the same expected answers (what {@link FakeShell} prints). Skipped without adb.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@Tag("adb")
class DadbDeviceServerTest {

    private static final Duration QUICK = Duration.ofSeconds(20);

    @TempDir
    static Path home;

    private static AdbCli adb;
    private static AdbDeviceServer sim;
    private static String serial;
    private static DadbDevice device;

    @BeforeAll
    static void start() throws Exception {
        Optional<Path> binary = AdbCli.findOnPath();
        if (binary.isEmpty()) {
            return; // skipped in each test
        }
        adb = new AdbCli(binary.get(), io.fpsctl.testing.TestAdb.freePort(), home);
        assertEquals(0, adb.run(QUICK, "start-server").exitCode());
        sim = new AdbDeviceServer(new DeviceIdentity("sim", "Sim", "sim"), FakeShell.pixel(),
                TransportOptions.defaults().withDiagnostics(line -> { }));
        serial = "127.0.0.1:" + sim.start(0);
        adb.connectAndWait(QUICK, serial);
        device = DadbDevice.viaServer(new AdbServerAddress("127.0.0.1", adb.serverPort()), serial);
    }

    @AfterAll
    static void stop() throws Exception {
        if (device != null) {
            device.close();
        }
        if (adb != null) {
            adb.run(QUICK, "kill-server");
        }
        if (sim != null) {
            sim.close();
        }
    }

    @BeforeEach
    void requireAdb() {
        assumeTrue(adb != null, "adb is not on PATH (apt-get install adb): skipping the adb server tests");
    }

    @Test
    void outputStderrAndExitCodes() {
        assertEquals(new ShellResult("hi there\n", "", 0), device.shell("echo hi there"));
        assertEquals(new ShellResult("out\n", "boom\n", 2), device.shell("err boom"));
        assertEquals(255, device.shell("exit 255").exitCode());
        assertEquals(127, device.shell("no-such-command").exitCode());
    }

    @Test
    void oneMegabyteOfOutputArrivesIntact() {
        int n = 1024 * 1024;
        ShellResult r = device.shell("bytes " + n);
        assertEquals(0, r.exitCode());
        assertArrayEquals(FakeShell.text(n), r.stdout().getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void streamingShellDeliversLinesThenTheExitCode() throws IOException {
        try (ShellStream s = device.openShell("lines 3 30")) {
            BufferedReader reader = new BufferedReader(new InputStreamReader(s.stdout(), StandardCharsets.UTF_8));
            List<String> lines = new ArrayList<>();
            for (String line; (line = reader.readLine()) != null; ) {
                lines.add(line);
            }
            assertEquals(List.of("line 0", "line 1", "line 2"), lines);
            assertEquals(OptionalInt.of(0), s.exitCode());
        }
    }

    @Test
    void aSlowCommandTimesOutAndTheDeviceStaysUsable() {
        long t0 = System.nanoTime();
        ShellTimeoutException e = assertThrows(ShellTimeoutException.class,
                () -> device.shell("sleep 5000", Duration.ofMillis(300)));
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(ms >= 300 && ms < 4_500, "took " + ms + " ms");
        assertEquals("'sleep 5000' on " + serial + " did not finish within 300ms: the device is busy or"
                + " stuck; retry, or reboot it if this keeps happening", e.getMessage());
        assertEquals("back\n", device.shell("echo back").stdout());
    }

    @Test
    void aDeviceTheServerDroppedIsNotAttachedUntilItIsBack() throws Exception {
        try (AdbDeviceServer second = new AdbDeviceServer(new DeviceIdentity("s2", "S2", "s2"), FakeShell.pixel(),
                TransportOptions.defaults().withDiagnostics(line -> { }))) {
            String s2 = "127.0.0.1:" + second.start(0);
            adb.connectAndWait(QUICK, s2);
            DadbDevice d2 = DadbDevice.viaServer(new AdbServerAddress("127.0.0.1", adb.serverPort()), s2);
            assertEquals("one\n", d2.shell("echo one").stdout());
            adb.run(QUICK, "disconnect", s2);
            DeviceGoneException gone = assertThrows(DeviceGoneException.class, () -> d2.shell("echo two"));
            assertEquals(s2, gone.serial());
            assertTrue(gone.getMessage().startsWith("device " + s2 + " is not attached ("), gone.getMessage());
            adb.connectAndWait(QUICK, s2);
            assertEquals("three\n", d2.shell("echo three").stdout(), "the same device works once it is back");
            assertEquals("still\n", device.shell("echo still").stdout());
        }
    }
}
