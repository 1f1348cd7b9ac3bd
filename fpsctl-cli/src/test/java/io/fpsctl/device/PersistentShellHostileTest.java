package io.fpsctl.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fpsctl.sim.adb.AdbCli;
import io.fpsctl.testing.HostileAdbd;
import io.fpsctl.testing.HostileAdbd.Misbehaviour;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PersistentShell} against a hostile device ({@code testing/HostileAdbd}) behind Debian's real adb server (the
 * test's own, on a free port; skipped without adb): a kept shell that prints without end is bounded by size, not by
 * the list's time, and a stop that came before or while the shell started ends the list instead of letting a new
 * shell wait for the device.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("adb")
class PersistentShellHostileTest {
    private static final Duration QUICK = Duration.ofSeconds(20);
    /** Far above what the bound takes: without a size bound the list would end only at this time. */
    private static final Duration LIST_TIME = Duration.ofSeconds(60);

    @TempDir
    Path home;

    private DadbDevice behindServer(HostileAdbd adbd, AdbCli[] server) throws Exception {
        Optional<Path> binary = AdbCli.findOnPath();
        assumeTrue(binary.isPresent(), "adb is not on PATH (apt-get install adb): skipping");
        AdbCli adb = new AdbCli(binary.get(), io.fpsctl.testing.TestAdb.freePort(), home);
        server[0] = adb;
        assertEquals(0, adb.run(QUICK, "start-server").exitCode());
        adb.connectAndWait(QUICK, adbd.address());
        return DadbDevice.viaServer(new AdbServerAddress("127.0.0.1", adb.serverPort()), adbd.address());
    }

    /**
     * A kept shell whose output never ends (stdout packets of 'A' for ever, never the mark) stops at the 16 MiB bound
     * of a command read whole (docs/outputs-and-signals.md, "Bounds on what a device sends"), well before the list's
     * time, with the one-line error naming the device; the list is not run again in a stream of its own.
     */
    @Test
    void endlessOutputOfTheKeptShellStopsAtTheSizeBound() throws Exception {
        AdbCli[] server = new AdbCli[1];
        try (HostileAdbd adbd = new HostileAdbd(Misbehaviour.NO_NEWLINE)) {
            DadbDevice d = behindServer(adbd, server);
            try {
                PersistentShell shell = new PersistentShell(d);
                long start = System.nanoTime();
                DeviceException e = assertThrows(DeviceException.class,
                        () -> shell.run(List.of("dumpsys SurfaceFlinger --list"), LIST_TIME));
                long ms = (System.nanoTime() - start) / 1_000_000;
                assertTrue(e instanceof OutputBoundException, e.toString());
                assertTrue(e.getMessage().contains("printed more than 16 MiB")
                        && e.getMessage().contains(adbd.address()), e.getMessage());
                assertTrue(ms < LIST_TIME.toMillis() / 2, "took " + ms + " ms");
                assertEquals(1, shell.shellsStarted());
            } finally {
                d.close();
            }
        } finally {
            if (server[0] != null) {
                server[0].run(QUICK, "kill-server");
            }
        }
    }

    /**
     * A stop ({@link PersistentShell#close()}) that comes before a list starts its shell ends that list at once: no
     * shell is started, so a device that would never answer the start (here: never an OKAY) cannot hold it for the
     * server's 10 s answer bound and then the list's bound. Before, the list started a shell after the stop.
     */
    @Test
    void aStopBeforeTheShellStartsEndsTheListAtOnce() throws Exception {
        AdbCli[] server = new AdbCli[1];
        try (HostileAdbd adbd = new HostileAdbd(Misbehaviour.NEVER_OKAY)) {
            DadbDevice d = behindServer(adbd, server);
            try {
                PersistentShell shell = new PersistentShell(d);
                shell.close();
                long start = System.nanoTime();
                DeviceException e = assertThrows(DeviceException.class,
                        () -> shell.run(List.of("getprop ro.build.version.sdk"), LIST_TIME));
                long ms = (System.nanoTime() - start) / 1_000_000;
                assertFalse(e instanceof DeviceSilentException, e.toString());
                assertTrue(e.getMessage().contains("was closed"), e.getMessage());
                assertTrue(ms < 1000, "took " + ms + " ms");
                assertEquals(0, shell.shellsStarted());
            } finally {
                d.close();
            }
        } finally {
            if (server[0] != null) {
                server[0].run(QUICK, "kill-server");
            }
        }
    }

    /**
     * A stop that comes while the kept shell's start waits for an answer (the device never sends OKAY for the OPEN,
     * and the adb server waits with it) ends the list at once: {@link PersistentShell#close()} closes the start's
     * socket, which the start handed over before sending its request. Before, the list waited for the server's 10 s
     * answer bound. The stop comes once the device has the OPEN (polled, not slept), so the start is under way.
     * Broken on purpose (the socket not handed over): the list ended after 10 s and this test failed.
     */
    @Test
    void aStopWhileTheShellStartsEndsTheListWithinASecond() throws Exception {
        AdbCli[] server = new AdbCli[1];
        try (HostileAdbd adbd = new HostileAdbd(Misbehaviour.NEVER_OKAY)) {
            DadbDevice d = behindServer(adbd, server);
            try {
                PersistentShell shell = new PersistentShell(d);
                long opensBefore = adbd.opens();
                java.util.concurrent.CompletableFuture<Throwable> ended = new java.util.concurrent.CompletableFuture<>();
                Thread list = new Thread(() -> {
                    try {
                        shell.run(List.of("getprop ro.build.version.sdk"), LIST_TIME);
                        ended.complete(null);
                    } catch (Throwable t) {
                        ended.complete(t);
                    }
                }, "list");
                list.setDaemon(true);
                list.start();
                io.fpsctl.testing.PollUntil.condition(() -> adbd.opens() > opensBefore, QUICK,
                        "the device has the kept shell's OPEN");
                long stop = System.nanoTime();
                shell.close();
                Throwable e = ended.get(QUICK.toMillis(), TimeUnit.MILLISECONDS);
                long ms = (System.nanoTime() - stop) / 1_000_000;
                assertTrue(e instanceof DeviceException, String.valueOf(e));
                assertFalse(e instanceof DeviceSilentException, e.toString());
                assertTrue(e.getMessage().contains("was closed"), e.getMessage());
                assertTrue(ms < 5000, "the list ended " + ms + " ms after the stop"); // ~10 s when broken; room for load
            } finally {
                d.close();
            }
        } finally {
            if (server[0] != null) {
                server[0].run(QUICK, "kill-server");
            }
        }
    }

    /**
     * A stop while a list runs in a stream of its own ({@link ShellBatch}: here because a command holds a newline,
     * which would end the kept shell's line early; also after the kept shell failed) ends it at once: the stream's
     * socket is handed over before its request is sent, as the kept shell's start is. The device never answers the
     * stream's OPEN. Broken on purpose (not handed over): the list ended only at the server's 10 s answer bound.
     */
    @Test
    void aStopWhileAListRunsInAStreamOfItsOwnEndsItWithinASecond() throws Exception {
        AdbCli[] server = new AdbCli[1];
        try (HostileAdbd adbd = new HostileAdbd(Misbehaviour.NEVER_OKAY)) {
            DadbDevice d = behindServer(adbd, server);
            try {
                PersistentShell shell = new PersistentShell(d);
                long opensBefore = adbd.opens();
                java.util.concurrent.CompletableFuture<Throwable> ended = new java.util.concurrent.CompletableFuture<>();
                Thread list = new Thread(() -> {
                    try {
                        shell.run(List.of("echo a\necho b", "getprop ro.build.version.sdk"), LIST_TIME);
                        ended.complete(null);
                    } catch (Throwable t) {
                        ended.complete(t);
                    }
                }, "list");
                list.setDaemon(true);
                list.start();
                io.fpsctl.testing.PollUntil.condition(() -> adbd.opens() > opensBefore, QUICK,
                        "the device has the list's OPEN");
                long stop = System.nanoTime();
                shell.close();
                Throwable e = ended.get(QUICK.toMillis(), TimeUnit.MILLISECONDS);
                long ms = (System.nanoTime() - stop) / 1_000_000;
                assertTrue(e instanceof DeviceException, String.valueOf(e));
                assertFalse(e instanceof DeviceSilentException || e instanceof DeviceGoneException, e.toString());
                assertTrue(e.getMessage().contains("was closed"), e.getMessage());
                assertTrue(ms < 5000, "the list ended " + ms + " ms after the stop"); // ~10 s when broken; room for load
                assertEquals(0, shell.shellsStarted());
            } finally {
                d.close();
            }
        } finally {
            if (server[0] != null) {
                server[0].run(QUICK, "kill-server");
            }
        }
    }
}
