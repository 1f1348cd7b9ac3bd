package io.fpsctl.testing;

import io.fpsctl.sim.adb.AdbMessage;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

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
    }

    private final ServerSocket server;
    private final Misbehaviour misbehaviour;
    private final Thread acceptor;

    public HostileAdbd(Misbehaviour misbehaviour) throws IOException {
        this.server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
        this.misbehaviour = misbehaviour;
        this.acceptor = new Thread(this::accept, "hostile-adbd");
        acceptor.setDaemon(true);
        acceptor.start();
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

    private void serve(Socket s) {
        try (s) {
            InputStream in = new BufferedInputStream(s.getInputStream());
            OutputStream out = s.getOutputStream();
            while (true) {
                AdbMessage m = AdbMessage.read(in, AdbMessage.MAX_PAYLOAD);
                if (m == null) {
                    return;
                }
                if (m.command() == AdbMessage.A_CNXN) {
                    byte[] banner = ("device::ro.product.name=hostile;ro.product.model=hostile;"
                            + "ro.product.device=hostile;features=shell_v2,cmd\0").getBytes(StandardCharsets.UTF_8);
                    out.write(new AdbMessage(AdbMessage.A_CNXN, AdbMessage.A_VERSION, AdbMessage.MAX_PAYLOAD,
                            banner).encode());
                    out.flush();
                } else if (m.command() == AdbMessage.A_OPEN) {
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

    private static byte[] header(int command, int arg0, int arg1, int length, int magic) {
        return ByteBuffer.allocate(AdbMessage.HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN).putInt(command)
                .putInt(arg0).putInt(arg1).putInt(length).putInt(0).putInt(magic).array();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
