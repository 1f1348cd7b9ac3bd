package io.fpsctl.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fpsctl.sim.adb.AdbCli;
import io.fpsctl.sim.adb.AdbDeviceServer;
import io.fpsctl.sim.adb.DeviceIdentity;
import io.fpsctl.sim.adb.TransportOptions;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.SimulatedAndroid;
import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PersistentShell}: one {@code sh} kept running on the simulated device, answering list after list, through
 * Debian's real adb server (straight to the device, {@code --connect}, a session opens one stream per list). Expected answers: worked out by hand for {@code echo}, {@code false} and an unknown
 * command (what {@code /system/bin/sh} prints), and for the dump what the simulator prints when its shell is called
 * directly (its clock is held still, so every dump is the same). The adb server cases are skipped without adb.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@Tag("adb")
class PersistentShellTest {

    private static final Duration QUICK = Duration.ofSeconds(20);
    private static final String DUMP = "dumpsys gfxinfo com.example.feed framestats";
    private static final String NOT_FOUND = "/system/bin/sh: no-such-command: inaccessible or not found\n";

    @TempDir
    static Path home;

    private static AdbCli adb;
    private static SimulatedAndroid android;
    private static AdbDeviceServer sim;
    private static String serial;
    private static DadbDevice viaServer;
    private static DadbDevice direct;

    @BeforeAll
    static void start() throws Exception {
        android = SimulatedAndroid.create(Scenarios.byName("smooth"), SimOptions.defaults(), new ManualTimeSource(),
                null);
        sim = new AdbDeviceServer(new DeviceIdentity("sim", "Sim", "sim"), android,
                TransportOptions.defaults().withDiagnostics(line -> { }));
        int port = sim.start(0);
        serial = "127.0.0.1:" + port;
        direct = DadbDevice.direct("127.0.0.1", port, io.fpsctl.testing.TestAdb.throwawayKeys(home));
        Optional<Path> binary = AdbCli.findOnPath();
        if (binary.isEmpty()) {
            return; // the adb server cases are skipped
        }
        adb = new AdbCli(binary.get(), io.fpsctl.testing.TestAdb.freePort(), home);
        assertEquals(0, adb.run(QUICK, "start-server").exitCode());
        adb.connectAndWait(QUICK, serial);
        viaServer = DadbDevice.viaServer(new AdbServerAddress("127.0.0.1", adb.serverPort()), serial);
    }

    @AfterAll
    static void stop() throws Exception {
        for (DadbDevice d : new DadbDevice[] {viaServer, direct}) {
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

    @BeforeEach
    void noDelay() {
        android.setDumpsysDelayMillis(0);
    }

    /** The device through the adb server (skipped without adb). */
    private static DadbDevice device() {
        assumeTrue(adb != null, "adb is not on PATH (apt-get install adb): skipping the adb server case");
        return viaServer;
    }

    @Test
    void straightToTheDeviceEachListHasItsOwnStream() {
        try (ShellSession session = direct.openSession()) {
            assertTrue(!(session instanceof PersistentShell), "dadb checksums its 1 MiB buffer on every write");
            assertEquals(List.of(new ShellResult("x\n", "", 0), new ShellResult("", "", 1)),
                    session.run(List.of("echo x", "false"), QUICK));
        }
    }

    /** What the simulator's shell prints for {@code command}, called directly. */
    private static String simPrints(String command) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        android.run(command, out, new ByteArrayOutputStream());
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void oneShellAnswersListAfterList() throws Exception {
        DadbDevice device = device();
        String dump = simPrints(DUMP);
        assertTrue(dump.contains("---PROFILEDATA---"), dump);
        try (ShellSession session = device.openSession()) {
            assertTrue(session instanceof PersistentShell, "a session keeps a shell");
            for (int i = 0; i < 5; i++) {
                List<ShellResult> r = session.run(List.of("echo a" + i, "false", "no-such-command", DUMP), QUICK);
                assertEquals(List.of(new ShellResult("a" + i + "\n", NOT_FOUND, 0), new ShellResult("", NOT_FOUND, 1),
                        new ShellResult("", NOT_FOUND, 127), new ShellResult(dump, NOT_FOUND, 0)), r);
            }
            assertEquals("alone\n", session.run(List.of("echo alone"), QUICK).get(0).stdout());
            assertEquals(1, ((PersistentShell) session).shellsStarted());
        }
    }

    @Test
    void aListThatRunsOutOfTimeThrowsAndTheNextListStartsANewShell() {
        DadbDevice device = device();
        try (ShellSession session = device.openSession()) {
            assertEquals("first\n", session.run(List.of("echo first"), QUICK).get(0).stdout());
            android.setDumpsysDelayMillis(3_000);
            long t0 = System.nanoTime();
            // preemptively: a reader the deadline does not wake would otherwise block the test run
            assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThrows(ShellTimeoutException.class,
                    () -> session.run(List.of(DUMP), Duration.ofMillis(300))));
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(ms >= 300 && ms < 2_500, "took " + ms + " ms");
            android.setDumpsysDelayMillis(0);
            assertEquals("back\n", session.run(List.of("echo back"), QUICK).get(0).stdout(),
                    "nothing of the late dump is mistaken for the next answer");
            assertEquals(2, ((PersistentShell) session).shellsStarted());
        }
    }

    @Test
    void aListThatEndsTheShellIsAnsweredAloneAndThreeInARowStopTheShells() {
        DadbDevice device = device();
        try (ShellSession session = device.openSession()) {
            PersistentShell shell = (PersistentShell) session;
            for (int i = 1; i <= PersistentShell.MAX_FAILURES; i++) {
                List<ShellResult> r = session.run(List.of("exit 3"), QUICK);
                assertEquals(List.of(new ShellResult("", "", 3)), r, "answered by a stream of its own");
                assertEquals(i, shell.shellsStarted());
            }
            assertEquals("still\n", session.run(List.of("echo still"), QUICK).get(0).stdout());
            assertEquals(PersistentShell.MAX_FAILURES, shell.shellsStarted(), "no shell after three failures");
        }
    }

    @Test
    void aDeviceThatWentAwayIsReportedAsGone() throws Exception {
        device();
        SimulatedAndroid other = SimulatedAndroid.create(Scenarios.byName("smooth"), SimOptions.defaults(),
                new ManualTimeSource(), null);
        try (AdbDeviceServer second = new AdbDeviceServer(new DeviceIdentity("s2", "S2", "s2"), other,
                TransportOptions.defaults().withDiagnostics(line -> { }))) {
            String s2 = "127.0.0.1:" + second.start(0);
            adb.connectAndWait(QUICK, s2);
            DadbDevice d2 = DadbDevice.viaServer(new AdbServerAddress("127.0.0.1", adb.serverPort()), s2);
            try (ShellSession session = d2.openSession()) {
                assertEquals("one\n", session.run(List.of("echo one"), QUICK).get(0).stdout());
                adb.run(QUICK, "disconnect", s2);
                DeviceGoneException gone = assertThrows(DeviceGoneException.class,
                        () -> session.run(List.of("echo two"), QUICK));
                assertEquals(s2, gone.serial());
                adb.connectAndWait(QUICK, s2);
                assertEquals("three\n", session.run(List.of("echo three"), QUICK).get(0).stdout());
                assertEquals(2, ((PersistentShell) session).shellsStarted(), "a new shell once it is back");
            } finally {
                d2.close();
            }
        }
    }
}
