package io.fpsctl.sim.adb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Byte-level behaviour of the device transport, driven through a bare socket. */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class AdbWireTest {

    private static final String BANNER =
            "device::ro.product.name=sim;ro.product.model=Sim;ro.product.device=sim;features=shell_v2,cmd";

    private final List<String> diagnostics = new CopyOnWriteArrayList<>();
    private TestShell shell;
    private AdbDeviceServer server;
    private int port;

    @BeforeEach
    void start() throws IOException {
        shell = new TestShell();
        server = new AdbDeviceServer(new DeviceIdentity("sim", "Sim", "sim"), shell,
                TransportOptions.defaults().withDiagnostics(diagnostics::add));
        port = server.start(0);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void cnxnReplyIsByteExactAsInFormatsD1() throws IOException {
        try (RawHost host = new RawHost(port)) {
            host.send(RawHost.hostConnect(AdbMessage.MAX_PAYLOAD));
            byte[] got = host.in.readNBytes(24 + 92);
            byte[] header = HexFormat.of().parseHex("434e584e" + "01000001" + "00001000" + "5c000000" + "fe220000" + "bcb1a7b1");
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            expected.write(header);
            expected.write(BANNER.getBytes(StandardCharsets.US_ASCII));
            assertArrayEquals(expected.toByteArray(), got);
            assertEquals(8958, AdbMessage.checksum(BANNER.getBytes(StandardCharsets.US_ASCII)));
        }
    }

    @Test
    void outputIsChunkedToTheHostsMaxPayloadWithOneWriteInFlight() throws IOException {
        int n = 100_000;
        try (RawHost host = new RawHost(port)) {
            assertEquals(AdbMessage.A_CNXN, host.connect(4096).command());
            host.send(open(7, "shell,v2,TERM=xterm,raw:text " + n));
            AdbMessage okay = host.read();
            assertEquals(AdbMessage.A_OKAY, okay.command());
            assertEquals(7, okay.arg1());
            int local = okay.arg0();
            assertNotEquals(0, local);

            ByteArrayOutputStream v2 = new ByteArrayOutputStream();
            int writes = 0;
            while (true) {
                AdbMessage m = host.read();
                if (m.command() == AdbMessage.A_CLSE) {
                    assertEquals(local, m.arg0());
                    assertEquals(7, m.arg1());
                    break;
                }
                assertEquals(AdbMessage.A_WRTE, m.command());
                assertEquals(local, m.arg0());
                assertTrue(m.payload().length <= 4096, "WRTE of " + m.payload().length + " bytes");
                if (writes++ == 3) {
                    assertTrue(host.silentFor(200), "a second WRTE was sent before the OKAY");
                }
                v2.write(m.payload());
                host.send(AdbMessage.of(AdbMessage.A_OKAY, 7, local));
            }
            assertTrue(writes >= n / 4096, "only " + writes + " WRTEs");
            Demuxed out = Demuxed.of(v2.toByteArray());
            assertArrayEquals(TestShell.text(n), out.stdout.toByteArray());
            assertEquals(0, out.stderr.size());
            assertEquals(Optional.of(0), out.exit);
        }
    }

    @Test
    void everyHostWriteIsAcknowledgedAtOnce() throws IOException {
        try (RawHost host = new RawHost(port)) {
            host.connect(AdbMessage.MAX_PAYLOAD);
            host.send(open(9, "shell,v2,raw:gated"));
            int local = host.read().arg0();
            AdbMessage first = host.read();
            assertEquals(AdbMessage.A_WRTE, first.command());
            // close-stdin (id 4, length 0) before acknowledging: must still get its own OKAY (D.8 item 2)
            host.send(new AdbMessage(AdbMessage.A_WRTE, 9, local, new byte[] {4, 0, 0, 0, 0}));
            assertEquals(AdbMessage.of(AdbMessage.A_OKAY, local, 9), host.read());
            host.send(AdbMessage.of(AdbMessage.A_OKAY, 9, local));
            shell.gate.countDown();
            ByteArrayOutputStream v2 = new ByteArrayOutputStream(); // "second\n" and exit, maybe in one WRTE
            v2.write(first.payload());
            for (AdbMessage m = host.read(); m.command() == AdbMessage.A_WRTE; m = host.read()) {
                v2.write(m.payload());
                host.send(AdbMessage.of(AdbMessage.A_OKAY, 9, local));
            }
            Demuxed out = Demuxed.of(v2.toByteArray());
            assertEquals("first\nsecond\n", out.stdout.toString(StandardCharsets.UTF_8));
            assertEquals(Optional.of(0), out.exit);
        }
    }

    @Test
    void shellV1AndExecAreRawWithStderrMergedAndNoExitStatus() throws IOException {
        try (RawHost host = new RawHost(port)) {
            host.connect(AdbMessage.MAX_PAYLOAD);
            assertEquals("out\nboom\n", rawOutput(host, 3, "shell:err boom"));
            assertEquals("x y\n", rawOutput(host, 4, "exec:echo x y"));
            assertEquals("", rawOutput(host, 5, "shell,raw:exit 3"));
        }
    }

    @Test
    void unknownServicesAndDelayedAckOpensAreRefused() throws IOException {
        try (RawHost host = new RawHost(port)) {
            host.connect(AdbMessage.MAX_PAYLOAD);
            // not "shellfish:ls": adbd's service_to_fd tests strncmp(name, "shell", 5) and ShellService ignores the
            // unknown argument "fish" (system/core adb/services.cpp, android-7.0.0_r1 … android-11.0.0_r1)
            for (String service : List.of("bogus:", "sync:", "tcp:8080", "exec,v2:ls", "framebuffer:", "")) {
                host.send(open(11, service));
                assertEquals(AdbMessage.of(AdbMessage.A_CLSE, 0, 11), host.read(), service);
            }
            host.send(new AdbMessage(AdbMessage.A_OPEN, 12, 32 * 1024 * 1024, "shell,v2,raw:true\0".getBytes(StandardCharsets.UTF_8)));
            assertEquals(AdbMessage.of(AdbMessage.A_CLSE, 0, 12), host.read());
            assertEquals(0, server.openStreamCount());
        }
    }

    @Test
    void nothingIsOpenedBeforeTheHandshake() throws IOException {
        try (RawHost host = new RawHost(port)) {
            host.send(open(5, "shell,v2,raw:echo early"));
            assertTrue(host.silentFor(300));
            assertEquals(AdbMessage.A_CNXN, host.connect(AdbMessage.MAX_PAYLOAD).command());
        }
    }

    @Test
    void repeatedCnxnResetsAllStreams() throws Exception {
        try (RawHost host = new RawHost(port)) {
            host.connect(AdbMessage.MAX_PAYLOAD);
            host.send(open(21, "shell,v2,raw:gated"));
            assertEquals(AdbMessage.A_OKAY, host.read().command());
            assertEquals(AdbMessage.A_WRTE, host.read().command());
            assertEquals(1, server.openStreamCount());
            AdbMessage again = host.connect(AdbMessage.MAX_PAYLOAD);
            assertEquals(AdbMessage.A_CNXN, again.command());
            assertEquals(0, server.openStreamCount());
            shell.gate.countDown(); // the old handler's next write fails; nothing more may reach the host
            assertTrue(host.silentFor(300));
        }
    }

    @Test
    void garbageBadMagicOversizeAndTruncatedMessagesDropOnlyThatConnection() throws Exception {
        byte[] badMagic = AdbMessage.of(AdbMessage.A_OPEN, 1, 0).encode();
        badMagic[20] ^= 1;
        byte[] oversize = AdbMessage.of(AdbMessage.A_WRTE, 1, 1).encode();
        ByteBuffer.wrap(oversize).order(ByteOrder.LITTLE_ENDIAN).putInt(12, AdbMessage.MAX_PAYLOAD + 1);
        byte[] truncated = RawHost.hostConnect(4096).encode();
        List<byte[]> bad = List.of("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII),
                badMagic, oversize);
        try (RawHost good = new RawHost(port)) {
            good.connect(AdbMessage.MAX_PAYLOAD);
            for (byte[] bytes : bad) {
                try (RawHost evil = new RawHost(port)) {
                    evil.sendRaw(bytes);
                    assertTrue(evil.closedByDevice());
                }
            }
            try (RawHost quitter = new RawHost(port)) {
                quitter.sendRaw(java.util.Arrays.copyOf(truncated, 30));
            }
            try (RawHost silent = new RawHost(port)) {
                silent.sendRaw(new byte[0]); // connects and leaves without a word: no diagnostics
            }
            AdbDeviceServerDadbTest.await(() -> diagnostics.size() == 4 && server.connectionCount() == 1,
                    "one line per bad connection, good one kept");
            host(good, "echo survived");
        }
        assertTrue(diagnostics.get(0).contains("bad magic"), diagnostics.toString());
        assertTrue(diagnostics.get(2).contains("exceeds max payload"), diagnostics.toString());
    }

    @Test
    void authNeverKeepsSendingTokensAndNeverGoesOnline() throws IOException {
        try (AdbDeviceServer locked = new AdbDeviceServer(new DeviceIdentity("sim", "Sim", "sim"), shell,
                TransportOptions.defaults().withAuthNever(true).withDiagnostics(diagnostics::add));
                RawHost host = new RawHost(locked.start(0))) {
            AdbMessage token = host.connect(AdbMessage.MAX_PAYLOAD);
            assertEquals(AdbMessage.A_AUTH, token.command());
            assertEquals(AdbMessage.AUTH_TOKEN, token.arg0());
            assertEquals(20, token.payload().length);
            host.send(new AdbMessage(AdbMessage.A_AUTH, AdbMessage.AUTH_SIGNATURE, 0, new byte[256]));
            AdbMessage next = host.read();
            assertEquals(AdbMessage.AUTH_TOKEN, next.arg0());
            assertFalse(java.util.Arrays.equals(token.payload(), next.payload()), "token must be fresh");
            host.send(new AdbMessage(AdbMessage.A_AUTH, AdbMessage.AUTH_RSAPUBLICKEY, 0,
                    "QAAAAKey= user@host\0".getBytes(StandardCharsets.US_ASCII)));
            host.send(open(3, "shell,v2,raw:echo hi"));
            assertTrue(host.silentFor(300), "no CNXN, no OKAY while unauthorized");
        }
    }

    @Test
    void listensOnLoopbackOnly() throws IOException {
        Optional<InetAddress> external = NetworkInterface.networkInterfaces()
                .flatMap(NetworkInterface::inetAddresses)
                .filter(a -> a instanceof Inet4Address && !a.isLoopbackAddress())
                .findFirst();
        assumeTrue(external.isPresent(), "no non-loopback IPv4 address on this machine");
        assertThrows(ConnectException.class, () -> new Socket(external.get(), port).close());
    }

    @Test
    void closeIsIdempotentAndReleasesThePort() throws IOException {
        server.close();
        server.close();
        // the port is free again: it can be bound (a connect test would race other processes on this machine).
        // The JDK closes a listening socket that a thread is blocked on in accept() once that thread has woken up,
        // so the port is released shortly after close() returns, not necessarily before.
        io.fpsctl.testing.PollUntil.condition(() -> {
            try (java.net.ServerSocket again = new java.net.ServerSocket()) {
                again.setReuseAddress(true);
                again.bind(new java.net.InetSocketAddress("127.0.0.1", port));
                return again.isBound();
            } catch (java.net.BindException e) {
                return false;
            }
        }, java.time.Duration.ofSeconds(5), "port " + port + " released after close()");
    }

    /** Runs a raw-output service to completion, acknowledging every WRTE; returns the bytes as text. */
    private static String rawOutput(RawHost host, int id, String service) throws IOException {
        host.send(open(id, service));
        AdbMessage okay = host.read();
        assertEquals(AdbMessage.A_OKAY, okay.command(), service);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (AdbMessage m = host.read(); m.command() == AdbMessage.A_WRTE; m = host.read()) {
            out.write(m.payload());
            host.send(AdbMessage.of(AdbMessage.A_OKAY, id, okay.arg0()));
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static void host(RawHost host, String command) throws IOException {
        host.send(open(99, "shell,v2,raw:" + command));
        int local = host.read().arg0();
        AdbMessage m = host.read();
        host.send(AdbMessage.of(AdbMessage.A_OKAY, 99, local));
        assertEquals(AdbMessage.A_WRTE, m.command());
    }

    private static AdbMessage open(int id, String service) {
        return new AdbMessage(AdbMessage.A_OPEN, id, 0, (service + "\0").getBytes(StandardCharsets.UTF_8));
    }

    /** Shell v2 packets split back into stdout, stderr and the exit status. */
    private static final class Demuxed {
        final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        Optional<Integer> exit = Optional.empty();

        static Demuxed of(byte[] v2) {
            Demuxed d = new Demuxed();
            ByteBuffer b = ByteBuffer.wrap(v2).order(ByteOrder.LITTLE_ENDIAN);
            while (b.hasRemaining()) {
                int id = b.get();
                byte[] data = new byte[b.getInt()];
                b.get(data);
                switch (id) {
                    case ShellV2Framer.ID_STDOUT -> d.stdout.writeBytes(data);
                    case ShellV2Framer.ID_STDERR -> d.stderr.writeBytes(data);
                    case ShellV2Framer.ID_EXIT -> d.exit = Optional.of(data[0] & 0xff);
                    default -> throw new AssertionError("unexpected shell v2 packet id " + id);
                }
            }
            return d;
        }
    }
}
