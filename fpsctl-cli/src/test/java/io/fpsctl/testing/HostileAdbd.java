package io.fpsctl.testing;

import io.fpsctl.sim.adb.AdbMessage;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A fake device on 127.0.0.1 (a free port) that completes adb's handshake like an adbd that needs no AUTH (it answers
 * the host's CNXN with its own, adb.cpp {@code handle_packet} when auth is off) and then misbehaves on the first
 * OPEN as {@link Misbehaviour} says. Every connection gets the same treatment; {@link #close()} ends them all.
 */
public final class HostileAdbd implements AutoCloseable {
    /** What the device does once the host opens a stream. */
    public enum Misbehaviour {
        /** A message header declaring 0x80000000 payload bytes (negative as an int). */
        LENGTH_2GB,
        /** A message header declaring 0x7fffffff payload bytes, then bytes for ever. */
        LENGTH_MAX_INT,
        /** A header whose magic is not the command's complement. */
        BAD_MAGIC,
        /** Never answers the OPEN (no OKAY, no CLSE). */
        NEVER_OKAY,
        /** OKAY, then shell v2 stdout packets of {@code A} without a line end, for ever. */
        NO_NEWLINE,
        /**
         * Answers every shell command with {@link #HOSTILE_TEXT} on its standard output and exit status 0, and names
         * itself with it in its banner: escape sequences in every string field a command reads (getprop model and
         * release, dumps, window titles).
         */
        HOSTILE_TEXT,
    }

    /**
     * What {@link Misbehaviour#HOSTILE_TEXT} prints: an OSC window title, a screen clear, a colour, an OSC 8
     * hyperlink, BEL, a carriage return that overwrites the line, a C1 CSI, a bidi override and DEL.
     */
    public static final String HOSTILE_TEXT = "\u001b]0;PWNED\u0007\u001b[2J\u001b[31mRED\u001b]8;;http://evil.example/"
            + "\u0007CLICKME\u001b]8;;\u0007\rFAKE\u009b31m\u202eTXET\u007f";

    private final ServerSocket server;
    private final Misbehaviour misbehaviour;
    private final Thread acceptor;
    /** Relay mode ({@link #inFrontOf}): the working device every connection is relayed to; else null. */
    private final InetSocketAddress upstream;
    /** Relay mode: the service whose streams {@link #silence} silences, or null while nothing is silenced. */
    private volatile String silenced;
    /** Relay mode: streams opened for a service with this prefix are answered, then silent ({@link #silenceNewStreams}). */
    private volatile String silencedPrefix;
    /** Relay mode: the service to silence from the next write of the host to one of its streams, or null. */
    private volatile String armed;
    /** Relay mode: whether a silenced service's OPEN is dropped too (never answered) or answered, then silent. */
    private volatile boolean silenceOpens;
    /** Relay mode: host messages of silenced streams dropped so far (a test polls this to know the host waits). */
    private final AtomicLong swallowed = new AtomicLong();
    private final AtomicLong opens = new AtomicLong();

    public HostileAdbd(Misbehaviour misbehaviour) throws IOException {
        this(misbehaviour, null);
    }

    private HostileAdbd(Misbehaviour misbehaviour, InetSocketAddress upstream) throws IOException {
        this.server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
        this.misbehaviour = misbehaviour;
        this.upstream = upstream;
        this.acceptor = new Thread(this::accept, "hostile-adbd");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /**
     * A device that works until told otherwise: every connection is relayed message by message to the adbd at
     * {@code host:port} (the simulator), until {@link #silence} makes the streams of one service go silent mid-run.
     * The relay reads whole messages (adb's header, then its payload) and writes them on unchanged (the checksum
     * recomputed, as adbd since 0x01000001 does not check it: adb.h {@code A_VERSION_SKIP_CHECKSUM}).
     */
    public static HostileAdbd inFrontOf(String host, int port) throws IOException {
        return new HostileAdbd(null, new InetSocketAddress(host, port));
    }

    /**
     * The streams of {@code service} (e.g. {@code shell,v2,raw:sh}, the shell fpsctl keeps running through the adb
     * server) go silent: the ones already open and every one opened later get nothing from the device and their host
     * messages never reach it; the device never closes them either. With {@code opensToo} from now on, and a new OPEN
     * of that service is never answered (no OKAY, no CLSE); without it from the host's next write to such a stream
     * (so the host has just sent its commands and waits: {@link #swallowed()} counts that write), and a new OPEN is
     * answered, then silent.
     */
    public void silence(String service, boolean opensToo) {
        this.silenceOpens = opensToo;
        if (opensToo) {
            this.silenced = service;
        } else {
            this.armed = service; // not at once: a device OKAY dropped now would stop the host from writing at all
        }
    }

    /**
     * From now on every stream opened for a service that starts with {@code prefix} (e.g. {@code shell,v2,raw:}: every
     * command of a direct connection) is answered (OKAY) and then silent: no output, never closed. Each such OPEN
     * counts in {@link #swallowed()}.
     */
    public void silenceNewStreams(String prefix) {
        this.silencedPrefix = prefix;
    }

    /** OPEN requests received so far (a test waits for the host to be waiting on one). */
    public long opens() {
        return opens.get();
    }

    /** Host messages (data, OKAY, CLSE, OPEN) of silenced streams dropped so far. */
    public long swallowed() {
        return swallowed.get();
    }

    /** {@code 127.0.0.1:PORT}, for {@code --connect}. */
    public String address() {
        return "127.0.0.1:" + server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                Thread t = new Thread(() -> serve(s), "hostile-adbd-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    /**
     * One command of {@link Misbehaviour#HOSTILE_TEXT}: OKAY, the text and a line end as a shell v2 stdout packet,
     * exit status 0, CLSE (shell v2 packets: id, u32 LE length, data; shell_protocol.h kIdStdout 1, kIdExit 3). The
     * host's OKAYs are not awaited, as a hostile device would not.
     */
    private static void answer(OutputStream out, int hostId, int local) throws IOException {
        byte[] text = (HOSTILE_TEXT + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] stdout = ByteBuffer.allocate(5 + text.length).order(ByteOrder.LITTLE_ENDIAN).put((byte) 1)
                .putInt(text.length).put(text).array();
        byte[] exit = ByteBuffer.allocate(6).order(ByteOrder.LITTLE_ENDIAN).put((byte) 3).putInt(1).put((byte) 0)
                .array();
        out.write(AdbMessage.of(AdbMessage.A_OKAY, local, hostId).encode());
        out.write(new AdbMessage(AdbMessage.A_WRTE, local, hostId, stdout).encode());
        out.write(new AdbMessage(AdbMessage.A_WRTE, local, hostId, exit).encode());
        out.write(AdbMessage.of(AdbMessage.A_CLSE, local, hostId).encode());
        out.flush();
    }

    private void serve(Socket s) {
        int streams = 0;
        if (upstream != null) {
            relay(s);
            return;
        }
        try (s) {
            InputStream in = new BufferedInputStream(s.getInputStream());
            OutputStream out = s.getOutputStream();
            while (true) {
                AdbMessage m = AdbMessage.read(in, AdbMessage.MAX_PAYLOAD);
                if (m == null) {
                    return;
                }
                if (m.command() == AdbMessage.A_CNXN) {
                    // the banner's own separators (':' between its parts, ';' between properties: adb.cpp
                    // parse_banner) are left out, or the server would not read its features
                    String name = misbehaviour == Misbehaviour.HOSTILE_TEXT
                            ? HOSTILE_TEXT.replace(':', '_').replace(';', '_') : "hostile";
                    byte[] banner = ("device::ro.product.name=" + name + ";ro.product.model=" + name
                            + ";ro.product.device=" + name + ";features=shell_v2,cmd\0")
                            .getBytes(StandardCharsets.UTF_8);
                    out.write(new AdbMessage(AdbMessage.A_CNXN, AdbMessage.A_VERSION, AdbMessage.MAX_PAYLOAD,
                            banner).encode());
                    out.flush();
                } else if (m.command() == AdbMessage.A_OPEN && misbehaviour == Misbehaviour.HOSTILE_TEXT) {
                    answer(out, m.arg0(), ++streams);
                } else if (m.command() == AdbMessage.A_OPEN) {
                    opens.incrementAndGet();
                    misbehave(out, m.arg0());
                    if (misbehaviour != Misbehaviour.NEVER_OKAY) {
                        return;
                    }
                }
            }
        } catch (IOException e) {
            // the host went away: nothing to do
        }
    }

    private void misbehave(OutputStream out, int hostId) throws IOException {
        switch (misbehaviour) {
            case LENGTH_2GB -> out.write(header(AdbMessage.A_OKAY, 7, hostId, 0x80000000, ~AdbMessage.A_OKAY));
            case BAD_MAGIC -> out.write(header(AdbMessage.A_OKAY, 7, hostId, 0, 0x12345678));
            case LENGTH_MAX_INT -> {
                out.write(header(AdbMessage.A_OKAY, 7, hostId, 0, ~AdbMessage.A_OKAY));
                out.write(header(AdbMessage.A_WRTE, 7, hostId, 0x7fffffff, ~AdbMessage.A_WRTE));
                byte[] junk = new byte[64 * 1024];
                for (long sent = 0; sent < 3L << 30 && !server.isClosed(); sent += junk.length) {
                    out.write(junk);
                }
            }
            case NEVER_OKAY -> {
                // silence: the host's read blocks until it gives up or the test closes the device
            }
            case NO_NEWLINE -> {
                int local = 7;
                out.write(header(AdbMessage.A_OKAY, local, hostId, 0, ~AdbMessage.A_OKAY));
                // shell v2 packet: id 1 (stdout), u32 LE length, data (system/core adb/shell_protocol.h)
                byte[] data = new byte[64 * 1024 - 5];
                java.util.Arrays.fill(data, (byte) 'A');
                byte[] packet = ByteBuffer.allocate(5 + data.length).order(ByteOrder.LITTLE_ENDIAN).put((byte) 1)
                        .putInt(data.length).put(data).array();
                AdbMessage wrte = new AdbMessage(AdbMessage.A_WRTE, local, hostId, packet);
                byte[] encoded = wrte.encode();
                while (!server.isClosed()) {
                    out.write(encoded); // the host's OKAYs are not awaited: a hostile device does not
                }
            }
            default -> throw new IllegalStateException(misbehaviour.toString());
        }
        out.flush();
    }

    /**
     * Relays one host connection to {@link #upstream}, message by message, dropping what {@link #silence} says. A
     * stream is known by the host's id for it: the host's OPEN carries it in arg0 (with the service as payload), and
     * afterwards every host message of the stream has it in arg0, every device message in arg1 (adb's protocol.txt,
     * "OPEN(local-id, 0, destination)", "READY(local-id, remote-id)", "WRITE(local-id, remote-id)").
     */
    private void relay(Socket host) {
        Map<Integer, String> services = new ConcurrentHashMap<>();
        Set<Integer> quiet = ConcurrentHashMap.newKeySet();
        Set<Integer> answered = ConcurrentHashMap.newKeySet();
        try (host; Socket device = new Socket()) {
            device.connect(upstream, 5_000);
            InputStream fromHost = new BufferedInputStream(host.getInputStream());
            OutputStream toHost = host.getOutputStream();
            InputStream fromDevice = new BufferedInputStream(device.getInputStream());
            OutputStream toDevice = device.getOutputStream();
            Thread down = new Thread(() -> {
                try {
                    for (AdbMessage m; (m = AdbMessage.read(fromDevice, AdbMessage.MAX_PAYLOAD)) != null; ) {
                        int id = m.arg1();
                        boolean stream = m.command() == AdbMessage.A_OKAY || m.command() == AdbMessage.A_WRTE
                                || m.command() == AdbMessage.A_CLSE;
                        if (stream && isQuiet(id, services, quiet)) {
                            // the OPEN's answer passes once (unless opens are silenced too): the shell starts, then
                            // nothing more comes
                            if (m.command() != AdbMessage.A_OKAY || !answered.add(id)) {
                                continue;
                            }
                        } else if (stream && m.command() == AdbMessage.A_OKAY) {
                            answered.add(id);
                        }
                        synchronized (toHost) {
                            toHost.write(m.encode());
                            toHost.flush();
                        }
                    }
                } catch (IOException e) {
                    // either side went away
                } finally {
                    closeQuietly(host);
                }
            }, "hostile-adbd-relay-down");
            down.setDaemon(true);
            down.start();
            for (AdbMessage m; (m = AdbMessage.read(fromHost, AdbMessage.MAX_PAYLOAD)) != null; ) {
                if (m.command() == AdbMessage.A_OPEN) {
                    services.put(m.arg0(), m.payloadText());
                    String prefix = silencedPrefix;
                    if (prefix != null && m.payloadText().startsWith(prefix)) {
                        quiet.add(m.arg0()); // its OKAY passes (the first), then nothing
                        swallowed.incrementAndGet();
                    }
                    if (silenceOpens && isQuiet(m.arg0(), services, quiet)) {
                        swallowed.incrementAndGet();
                        continue;
                    }
                } else if (m.command() == AdbMessage.A_WRTE && armed != null && armed.equals(services.get(m.arg0()))) {
                    silenced = armed; // the host wrote to the stream and now waits: silent from here on
                    quiet.add(m.arg0());
                    swallowed.incrementAndGet();
                    continue;
                } else if ((m.command() == AdbMessage.A_OKAY || m.command() == AdbMessage.A_WRTE
                        || m.command() == AdbMessage.A_CLSE) && isQuiet(m.arg0(), services, quiet)) {
                    swallowed.incrementAndGet();
                    continue;
                }
                toDevice.write(m.encode());
                toDevice.flush();
            }
        } catch (IOException e) {
            // either side went away
        }
    }

    /** Whether the host's stream {@code id} is silenced (once silenced, for good). */
    private boolean isQuiet(int id, Map<Integer, String> services, Set<Integer> quiet) {
        String s = silenced;
        if (s != null && s.equals(services.get(id))) {
            quiet.add(id);
        }
        return quiet.contains(id);
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closed already
        }
    }

    private static byte[] header(int command, int arg0, int arg1, int length, int magic) {
        return ByteBuffer.allocate(AdbMessage.HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN).putInt(command)
                .putInt(arg0).putInt(arg1).putInt(length).putInt(0).putInt(magic).array();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
