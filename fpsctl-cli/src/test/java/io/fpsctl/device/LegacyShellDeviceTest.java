package io.fpsctl.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dadb.AdbKeyPair;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.adb.AdbCli;
import io.fpsctl.sim.adb.AdbDeviceServer;
import io.fpsctl.sim.adb.TransportOptions;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.SimulatedAndroid;
import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A device without adb's shell protocol v2 (the simulated Android 6, whose adbd is android-6.0.1_r1's: no
 * features in its banner, {@code shell,v2,…} refused): {@link DadbDevice} runs each command through {@code exec:}
 * with its exit status echoed after a mark, straight to the device and through Debian's adb server. The expected
 * answers are what {@code /system/bin/sh} prints for each command (the simulator's shell answers the same).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@Tag("adb")
class LegacyShellDeviceTest {

    private static final Duration QUICK = Duration.ofSeconds(20);

    @TempDir
    static Path home;

    private static final ManualTimeSource CLOCK = new ManualTimeSource();
    private static SimulatedAndroid android;
    private static AdbDeviceServer sim;
    private static DadbDevice direct;
    private static AdbCli adb;
    private static String serial;
    private static DadbDevice viaServer;

    @BeforeAll
    static void start() throws Exception {
        SimOptions options = SimOptions.defaults().withAndroid(6);
        android = SimulatedAndroid.create(Scenarios.byName("smooth"), options, CLOCK, null);
        CLOCK.advanceMillis(3_000); // frames in the rings: the dumps are long
        sim = new AdbDeviceServer(Simulator.identityOf(options), android,
                TransportOptions.defaults().withDiagnostics(line -> { }));
        int port = sim.start(0);
        AdbKeyPair keys = io.fpsctl.testing.TestAdb.throwawayKeys(home);
        direct = DadbDevice.direct("127.0.0.1", port, keys);
        Optional<Path> binary = AdbCli.findOnPath();
        if (binary.isPresent()) {
            adb = new AdbCli(binary.get(), io.fpsctl.testing.TestAdb.freePort(), home);
            assertEquals(0, adb.run(QUICK, "start-server").exitCode());
            serial = "127.0.0.1:" + port;
            adb.connectAndWait(QUICK, serial);
            viaServer = DadbDevice.viaServer(new AdbServerAddress("127.0.0.1", adb.serverPort()), serial);
        }
    }

    @AfterAll
    static void stop() throws Exception {
        for (DadbDevice d : new DadbDevice[] {direct, viaServer}) {
            if (d != null) {
                d.close();
            }
        }
        if (adb != null) {
            adb.run(QUICK, "kill-server");
        }
        if (sim != null) {
            sim.close();
        }
    }

    private static DadbDevice device(String path) {
        if (path.equals("server")) {
            assumeTrue(viaServer != null, "adb is not on PATH (apt-get install adb): skipping the adb server path");
            return viaServer;
        }
        return direct;
    }

    /** The adb server read the banner too: {@code adb features} lists nothing for the device. */
    @Test
    void theAdbServerSeesNoFeatures() throws Exception {
        assumeTrue(adb != null, "adb is not on PATH");
        AdbCli.Result r = adb.run(QUICK, "-s", serial, "features");
        assertEquals(0, r.exitCode(), r.toString());
        assertFalse(r.stdout().contains("shell_v2"), r.stdout());
        // and adb's own shell falls back to the pty shell: \n arrives as \r\n (android-6.0.1_r1 create_subproc_pty)
        AdbCli.Result shell = adb.run(QUICK, "-s", serial, "shell", "echo", "hi");
        assertEquals("hi\r\n", shell.stdout());
    }

    @ParameterizedTest
    @ValueSource(strings = {"direct", "server"})
    void outputAndExitStatusWithoutShellV2(String path) {
        DadbDevice device = device(path);
        assertFalse(device.shellV2());
        assertEquals(new ShellResult("hi there\n", "", 0), device.shell("echo hi there"));
        assertEquals(1, device.shell("false").exitCode());
        // standard error arrives inside standard output: exec: dups one socket onto fds 1 and 2
        ShellResult missing = device.shell("no-such-command");
        assertEquals(127, missing.exitCode());
        assertEquals("/system/bin/sh: no-such-command: inaccessible or not found\n", missing.stdout()); // mksh
        assertEquals("", missing.stderr());
        assertEquals("6.0.1\n", device.shell("getprop ro.build.version.release").stdout());
    }

    /** A poll's list in one stream: each command's own output and status, cut at the batch's marks. */
    @ParameterizedTest
    @ValueSource(strings = {"direct", "server"})
    void aListInOneStream(String path) {
        DadbDevice device = device(path);
        try (ShellSession session = device.openSession()) {
            List<ShellResult> r = session.run(List.of("echo a", "false", "echo b c"), QUICK);
            assertEquals(List.of(new ShellResult("a\n", "", 0), new ShellResult("", "", 1),
                    new ShellResult("b c\n", "", 0)), r);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"direct", "server"})
    void aStreamEndsAtItsMarkWithTheExitStatus(String path) throws IOException {
        DadbDevice device = device(path);
        try (ShellStream s = device.openShell("echo streamed")) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            InputStream in = s.stdout();
            for (int b; (b = in.read()) >= 0; ) { // byte by byte: the mark is held back across reads
                out.write(b);
            }
            assertEquals("streamed\n", out.toString());
            assertEquals(OptionalInt.of(0), s.exitCode());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"direct", "server"})
    void aSlowCommandTimesOutAndTheDeviceStaysUsable(String path) {
        DadbDevice device = device(path);
        android.setDumpsysDelayMillis(5_000);
        try {
            assertThrows(ShellTimeoutException.class,
                    () -> device.shell("dumpsys SurfaceFlinger --list", Duration.ofMillis(300)));
        } finally {
            android.setDumpsysDelayMillis(0);
        }
        assertEquals("still\n", device.shell("echo still").stdout());
    }

    /**
     * A dump far larger than Android 6's 4 KiB payloads arrives whole, the mark found across WRTEs: the same bytes
     * as the simulated shell prints when asked in-process (its clock stands still, so both read the same rings).
     */
    @ParameterizedTest
    @ValueSource(strings = {"direct", "server"})
    void aLargeDumpArrivesWhole(String path) throws IOException {
        DadbDevice device = device(path);
        String command = "dumpsys gfxinfo " + SimOptions.DEFAULT_PACKAGE + " framestats";
        ShellResult r = device.shell(command);
        ByteArrayOutputStream want = new ByteArrayOutputStream();
        assertEquals(0, android.run(command, want, new ByteArrayOutputStream()));
        assertTrue(r.stdoutLength() > 4 * 4096, "several WRTEs: " + r.stdoutLength());
        assertEquals(want.toString(), r.stdout());
        assertEquals(0, r.exitCode());
    }
}
