package io.fpsctl.sim.adb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dadb.AdbKeyPair;
import dadb.AdbShellPacket;
import dadb.AdbShellResponse;
import dadb.AdbShellStream;
import dadb.AdbStream;
import dadb.Dadb;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import io.fpsctl.testing.PollUntil;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The simulator driven in-process by dadb, a real third-party adb client, without any adb binary. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
@SuppressWarnings("try") // Dadb.close() declares InterruptedException
class AdbDeviceServerDadbTest {

    private static AdbKeyPair keys;

    private final List<String> diagnostics = new CopyOnWriteArrayList<>();
    private TestShell shell;
    private AdbDeviceServer server;
    private int port;

    /** A throw-away key pair, so dadb does not create ~/.android/adbkey on the machine running the tests. */
    @BeforeAll
    static void keys(@TempDir Path dir) {
        keys = io.fpsctl.testing.TestAdb.throwawayKeys(dir);
    }

    @BeforeEach
    void start() throws Exception {
        shell = new TestShell();
        server = new AdbDeviceServer(new DeviceIdentity("sim", "Sim", "sim"), shell,
                TransportOptions.defaults().withDiagnostics(diagnostics::add));
        port = server.start(0);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Dadb dadb() {
        return Dadb.create("127.0.0.1", port, keys);
    }

    @Test
    void echoPrintsOutputAndExitZero() throws Exception {
        try (Dadb dadb = dadb()) {
            AdbShellResponse r = dadb.shell("echo hi");
            assertEquals("hi\n", r.getOutput());
            assertEquals("", r.getErrorOutput());
            assertEquals(0, r.getExitCode());
            assertTrue(dadb.supportsFeature("shell_v2"));
        }
    }

    @Test
    void exitCodesPropagate() throws Exception {
        try (Dadb dadb = dadb()) {
            assertEquals(1, dadb.shell("false").getExitCode());
            assertEquals(3, dadb.shell("exit 3").getExitCode());
            // dadb reads the status byte as signed (adb's client uses uint8_t): 255 arrives as -1
            assertEquals(255, dadb.shell("exit 255").getExitCode() & 0xff);
            assertEquals(127, dadb.shell("no-such-command").getExitCode());
        }
    }

    @Test
    void stderrIsSeparateFromStdout() throws Exception {
        try (Dadb dadb = dadb()) {
            AdbShellResponse r = dadb.shell("err boom");
            assertEquals("out\n", r.getOutput());
            assertEquals("boom\n", r.getErrorOutput());
            assertEquals(2, r.getExitCode());
        }
    }

    @Test
    void twoMegabytesOfShellOutputArriveIntact() throws Exception {
        int n = 2 * 1024 * 1024;
        try (Dadb dadb = dadb()) {
            AdbShellResponse r = dadb.shell("text " + n);
            assertEquals(0, r.getExitCode());
            assertEquals(new String(TestShell.text(n), StandardCharsets.US_ASCII), r.getOutput());
        }
    }

    @Test
    void twoMegabytesOfBinaryExecOutputAreByteExact() throws Exception {
        int n = 2 * 1024 * 1024 + 17;
        try (Dadb dadb = dadb(); AdbStream stream = dadb.open("exec:binary " + n)) {
            byte[] got = stream.getSource().readByteArray(); // exec: raw bytes until CLSE
            assertArrayEquals(TestShell.binary(n), got);
        }
    }

    @Test
    void twentyConcurrentShellsOnOneConnectionAndSeveralHosts() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(20);
        List<Dadb> hosts = List.of(dadb(), dadb(), dadb(), dadb());
        try {
            List<Future<AdbShellResponse>> results = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                Dadb host = i < 16 ? hosts.get(0) : hosts.get(i - 16);
                String command = i % 2 == 0 ? "echo n" + i : "text " + (100_000 + i);
                results.add(pool.submit(() -> host.shell(command)));
            }
            for (int i = 0; i < 20; i++) {
                AdbShellResponse r = results.get(i).get(20, TimeUnit.SECONDS);
                assertEquals(0, r.getExitCode());
                String expected = i % 2 == 0 ? "n" + i + "\n"
                        : new String(TestShell.text(100_000 + i), StandardCharsets.US_ASCII);
                assertEquals(expected, r.getOutput(), "shell " + i);
            }
            assertEquals(4, server.connectionCount());
        } finally {
            pool.shutdownNow();
            for (Dadb host : hosts) {
                host.close();
            }
        }
        await(() -> server.openStreamCount() == 0, "streams closed");
    }

    @Test
    void unknownServiceIsRefusedAndTheConnectionStaysUsable() throws Exception {
        try (Dadb dadb = dadb()) {
            assertThrows(Exception.class, () -> dadb.open("bogus:"));
            assertThrows(Exception.class, () -> dadb.open("sync:"));
            assertEquals("still\n", dadb.shell("echo still").getOutput());
        }
    }

    @Test
    void outputIsStreamedWhileTheHandlerIsStillRunning() throws Exception {
        try (Dadb dadb = dadb(); AdbShellStream s = dadb.openShell("gated")) {
            AdbShellPacket first = s.read(); // the handler is blocked on the gate: no flush, no exit yet
            assertInstanceOf(AdbShellPacket.StdOut.class, first);
            assertEquals("first\n", new String(first.getPayload(), StandardCharsets.UTF_8));
            assertEquals(1, server.openStreamCount());
            shell.gate.countDown();
            AdbShellResponse rest = s.readAll();
            assertEquals("second\n", rest.getOutput());
            assertEquals(0, rest.getExitCode());
        }
    }

    @Test
    void handlerGetsIOExceptionWhenTheHostClosesTheStream() throws Exception {
        try (Dadb dadb = dadb()) {
            AdbStream stream = dadb.open("shell,v2,raw:flood");
            stream.getSource().require(100_000);
            assertEquals(1, server.openStreamCount());
            stream.close();
            assertTrue(shell.floodStopped.await(5, TimeUnit.SECONDS), "handler was not stopped");
            await(() -> server.openStreamCount() == 0, "stream count back to 0");
            assertEquals("hi\n", dadb.shell("echo hi").getOutput());
        }
    }

    @Test
    void disconnectDropsHostsRefusesForAWhileThenAcceptsAgain() throws Exception {
        try (Dadb dadb = dadb()) {
            assertEquals(0, dadb.shell("true").getExitCode());
            assertEquals(1, server.connectionCount());
            server.disconnect(Duration.ofMillis(1500));
            assertEquals(0, server.connectionCount());
            assertThrows(Exception.class, () -> dadb.shell("echo gone"));
        }
        try (RawHost refused = new RawHost(port)) {
            assertTrue(refused.closedByDevice(), "connection during the outage must be closed");
        }
        // the outage ends on the server's clock: connect again until it answers
        assertEquals("back\n", PollUntil.value(() -> {
            try (Dadb again = dadb()) {
                return again.shell("echo back").getOutput();
            }
        }, "back\n"::equals, Duration.ofSeconds(20), "the device to accept hosts again"));
    }

    @Test
    void disconnectAfterDropsLater() throws Exception {
        try (Dadb dadb = dadb()) {
            assertEquals(0, dadb.shell("true").getExitCode());
            server.disconnectAfter(Duration.ofMillis(300), Duration.ZERO);
            assertEquals(1, server.connectionCount());
            await(() -> server.connectionCount() == 0, "dropped after the delay");
        }
        try (Dadb again = dadb()) {
            assertEquals(0, again.shell("true").getExitCode());
        }
    }

    static void await(BooleanSupplier condition, String what) {
        PollUntil.condition(condition::getAsBoolean, Duration.ofSeconds(20), what);
    }
}
