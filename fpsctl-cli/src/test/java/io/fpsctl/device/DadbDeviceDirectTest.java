package io.fpsctl.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dadb.AdbKeyPair;
import io.fpsctl.sim.adb.AdbDeviceServer;
import io.fpsctl.sim.adb.DeviceIdentity;
import io.fpsctl.sim.adb.TransportOptions;
import io.fpsctl.testing.PollUntil;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@link DadbDevice#direct} against the simulator in-process: no adb server, no adb binary. */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class DadbDeviceDirectTest {

    private static AdbKeyPair keys;

    private AdbDeviceServer sim;
    private int port;
    private DadbDevice device;

    /** A throw-away key pair, so dadb never creates ~/.android/adbkey on the machine running the tests. */
    @BeforeAll
    static void keys(@TempDir Path dir) {
        keys = io.fpsctl.testing.TestAdb.throwawayKeys(dir);
    }

    @BeforeEach
    void start() throws IOException {
        sim = new AdbDeviceServer(new DeviceIdentity("sim", "Sim", "sim"), FakeShell.pixel(),
                TransportOptions.defaults().withDiagnostics(line -> { }));
        port = sim.start(0);
        device = DadbDevice.direct("127.0.0.1", port, keys);
    }

    @AfterEach
    void stop() {
        device.close();
        sim.close();
    }

    @Test
    void serialIsHostAndPort() {
        assertEquals("127.0.0.1:" + port, device.serial());
    }

    @Test
    void outputStderrAndExitCodes() {
        assertEquals(new ShellResult("hi there\n", "", 0), device.shell("echo hi there"));
        assertEquals(new ShellResult("out\n", "boom\n", 2), device.shell("err boom"));
        assertEquals(3, device.shell("exit 3").exitCode());
        assertEquals(255, device.shell("exit 255").exitCode()); // dadb's own reader would say -1
        ShellResult missing = device.shell("no-such-command");
        assertEquals(127, missing.exitCode());
        assertEquals("sh: no-such-command: not found\n", missing.stderr());
    }

    @Test
    void oneMegabyteOfOutputArrivesIntact() {
        int n = 1024 * 1024;
        ShellResult r = device.shell("bytes " + n);
        assertEquals(0, r.exitCode());
        assertArrayEquals(FakeShell.text(n), r.stdout().getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void utf8SplitAcrossPacketsIsDecodedWhole() {
        assertEquals("\u00e9\n", device.shell("utf8").stdout());
    }

    @Test
    void streamingShellDeliversLinesAsTheyArriveThenTheExitCode() throws IOException {
        try (ShellStream s = device.openShell("lines 5 30")) {
            BufferedReader reader = new BufferedReader(new InputStreamReader(s.stdout(), StandardCharsets.UTF_8));
            long t0 = System.nanoTime();
            assertEquals("line 0", reader.readLine());
            assertTrue(System.nanoTime() - t0 < TimeUnit.MILLISECONDS.toNanos(120), "first line not streamed");
            assertEquals(OptionalInt.empty(), s.exitCode());
            List<String> rest = new ArrayList<>();
            for (String line; (line = reader.readLine()) != null; ) {
                rest.add(line);
            }
            assertEquals(List.of("line 1", "line 2", "line 3", "line 4"), rest);
            assertEquals(OptionalInt.of(0), s.exitCode());
        }
    }

    @Test
    void closingAStreamEarlyKeepsTheDeviceUsable() throws IOException {
        ShellStream s = device.openShell("lines 1000 5");
        assertEquals('l', s.stdout().read());
        s.close();
        assertEquals(-1, s.stdout().read());
        assertEquals("still\n", device.shell("echo still").stdout());
    }

    @Test
    void aSlowCommandTimesOutAndTheDeviceStaysUsable() {
        long t0 = System.nanoTime();
        ShellTimeoutException e = assertThrows(ShellTimeoutException.class,
                () -> device.shell("sleep 5000", Duration.ofMillis(300)));
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        // gave up after the timeout, long before the command would have ended (no tight bound: CI may be loaded)
        assertTrue(ms >= 300 && ms < 4_500, "took " + ms + " ms");
        assertEquals("'sleep 5000' on 127.0.0.1:" + port + " did not finish within 300ms: the device is busy or"
                + " stuck; retry, or reboot it if this keeps happening", e.getMessage());
        assertEquals("back\n", device.shell("echo back").stdout());
    }

    @Test
    void transportLossIsDeviceGoneAndTheSameDeviceWorksAfterTheOutage() throws Exception {
        try (ShellStream s = device.openShell("lines 1000 10")) {
            assertEquals('l', s.stdout().read());
            sim.disconnect(Duration.ofMillis(400));
            DeviceGoneException e = assertThrows(DeviceGoneException.class, () -> s.stdout().readAllBytes());
            assertEquals(device.serial(), e.serial());
            assertEquals(DeviceException.Blame.DEVICE, e.blame());
        }
        assertThrows(DeviceGoneException.class, () -> device.shell("echo during"));
        // the outage ends after 400 ms: poll until the device answers again
        String back = PollUntil.value(() -> device.shell("echo back").stdout(), "back\n"::equals,
                Duration.ofSeconds(20), "the device answers after the outage");
        assertEquals("back\n", back);
    }

    @Test
    void nothingListeningIsAClearError() throws IOException {
        int closed = io.fpsctl.testing.TestAdb.freePort();
        DeviceException e = assertThrows(DeviceException.class, () -> DadbDevice.direct("127.0.0.1", closed, keys));
        assertEquals("cannot reach an adb device at 127.0.0.1:" + closed
                + ": check that it (or the simulator) is running on that port", e.getMessage());
    }

    @Test
    void aDeviceThatNeverAcceptsTheKeyIsReported() throws IOException {
        try (AdbDeviceServer locked = new AdbDeviceServer(new DeviceIdentity("l", "L", "l"), FakeShell.pixel(),
                TransportOptions.defaults().withAuthNever(true).withDiagnostics(line -> { }))) {
            int p = locked.start(0);
            DeviceException waiting = assertThrows(DeviceException.class,
                    () -> DadbDevice.direct("127.0.0.1", p, keys, Duration.ofMillis(500)));
            assertEquals("device 127.0.0.1:" + p + " did not finish the adb handshake within 500ms:"
                    + " accept the USB debugging prompt on the device, then retry", waiting.getMessage());
            DeviceException noKey = assertThrows(DeviceException.class, () -> DadbDevice.direct("127.0.0.1", p, null));
            assertEquals("device 127.0.0.1:" + p + " is unauthorized: accept the USB debugging prompt on the device",
                    noKey.getMessage());
        }
    }

    @Test
    void syncIsRefusedBySimulatorAsAClearError(@TempDir Path dir) throws IOException {
        Path file = java.nio.file.Files.writeString(dir.resolve("a.txt"), "x");
        DeviceException e = assertThrows(DeviceException.class, () -> device.push(file, "/data/local/tmp/a.txt"));
        assertEquals(DeviceException.Blame.DEVICE, e.blame());
        assertTrue(e.getMessage().contains("refused"), e.getMessage());
        assertEquals("ok\n", device.shell("echo ok").stdout());
    }

    @Test
    void describeReadsModelVersionAndRefreshRate() {
        DeviceDescription d = Devices.describe(device, "device", "fallback", io.fpsctl.capture.DisplayProbe::readHz);
        assertEquals("Pixel 7 Pro", d.model());
        assertEquals("14", d.androidVersion());
        assertEquals(34, d.sdk());
        assertEquals(120.0, d.refreshHz(), 0.001);
    }
}
