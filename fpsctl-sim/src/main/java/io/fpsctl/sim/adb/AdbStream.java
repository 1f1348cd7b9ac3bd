package io.fpsctl.sim.adb;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The device side of one open adb stream (docs/formats.md 5.6): turns what a shell handler writes into WRTE
 * messages with adb's flow control.
 *
 * <p>Without delayed-ack only <em>one</em> WRTE may be in flight per stream: the next one is sent when the
 * host's OKAY arrives. Bytes written meanwhile are collected in a pending buffer of at most the negotiated
 * max payload (a WRTE even one byte larger is silently dropped by adb 29, D.8 item 4) and are sent as soon as
 * the OKAY arrives, by the connection's reader thread, so handler output reaches the host promptly without
 * any flush. A writer blocks while the pending buffer is full; that is the back-pressure.
 *
 * <p>For shell v2 every write becomes whole id-1/id-2 packets that never straddle two WRTEs; for v1 and
 * {@code exec:} stdout and stderr are merged raw bytes; for a pseudo-terminal ({@link ServiceRequest.Kind#PTY})
 * they are merged and each {@code \n} goes out as {@code \r\n}: a pty slave opens with the kernel's standard
 * termios, {@code OPOST | ONLCR} (Linux {@code drivers/tty/tty_io.c tty_std_termios}), and adbd sends what the
 * master reads. Echo of the host's input is not simulated (fpsctl never writes to a terminal).
 */
final class AdbStream {

    /** Do not split a write into pieces smaller than this just to top up a partly filled WRTE. */
    private static final int MIN_PIECE = 4096;

    private final int localId;
    private final int remoteId;
    private final ServiceRequest request;
    private final int maxPayload;
    private final Consumer<AdbMessage> outbound;
    private final Consumer<AdbStream> onLocalClose;

    private final Object lock = new Object();
    private final HostInput stdin = new HostInput();
    /** Shell v2: the host's packets (stdin data, close-stdin); null for raw streams, whose bytes are the input. */
    private final ShellV2Reader fromHost;
    private final byte[] pending;
    private int pendingLength;
    private boolean inFlight;
    private boolean closed;
    private String closeReason = "stream closed";

    /**
     * @param outbound queues a message to the host; must not block
     * @param onLocalClose called once after this side sent CLSE
     */
    AdbStream(int localId, int remoteId, ServiceRequest request, int maxPayload,
            Consumer<AdbMessage> outbound, Consumer<AdbStream> onLocalClose) {
        this.localId = localId;
        this.remoteId = remoteId;
        this.request = request;
        this.maxPayload = maxPayload;
        this.outbound = outbound;
        this.onLocalClose = onLocalClose;
        this.pending = new byte[maxPayload];
        this.fromHost = request.kind() == ServiceRequest.Kind.SHELL_V2 ? new ShellV2Reader(this::hostPacket) : null;
    }

    int localId() {
        return localId;
    }

    int remoteId() {
        return remoteId;
    }

    ServiceRequest request() {
        return request;
    }

    boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    /** The handler's stdin: what the host writes to the stream. */
    InputStream stdin() {
        return stdin;
    }

    /** Bytes the host wrote to the stream (a WRTE's payload). Called on the reader thread. */
    void fromHost(byte[] bytes) {
        if (fromHost != null) {
            fromHost.add(bytes);
        } else {
            stdin.offer(bytes);
        }
    }

    private void hostPacket(int id, byte[] data) {
        if (id == ShellV2Framer.ID_STDIN) {
            stdin.offer(data);
        } else if (id == ShellV2Framer.ID_CLOSE_STDIN) {
            stdin.end();
        } // window size changes (id 5) mean nothing without a terminal
    }

    /** The handler's stdout. */
    OutputStream stdout() {
        return new Channel(ShellV2Framer.ID_STDOUT);
    }

    /** The handler's stderr: a separate channel in shell v2, merged into stdout otherwise (adbd does the same). */
    OutputStream stderr() {
        return new Channel(request.kind() == ServiceRequest.Kind.SHELL_V2 ? ShellV2Framer.ID_STDERR
                : ShellV2Framer.ID_STDOUT);
    }

    /** The host acknowledged our WRTE ({@code OKAY(remoteId, localId)}). Called on the reader thread. */
    void onOkay() {
        synchronized (lock) {
            inFlight = false;
            if (!closed && pendingLength > 0) {
                sendPendingLocked();
            }
            lock.notifyAll();
        }
    }

    /** The host closed the stream, or the connection went away or was reset: writers get IOExceptions. */
    void abort(String reason) {
        synchronized (lock) {
            if (!closed) {
                closed = true;
                closeReason = reason;
                pendingLength = 0;
                lock.notifyAll();
            }
            stdin.end();
        }
    }

    /**
     * Ends the stream from the device side: for shell v2 sends the exit packet (id 3, one status byte), waits
     * until every WRTE has been acknowledged, then sends CLSE. Returns quietly if the stream is already closed.
     */
    void finish(int exitStatus) throws InterruptedException {
        synchronized (lock) {
            if (request.kind() == ServiceRequest.Kind.SHELL_V2) {
                try {
                    appendLocked(ShellV2Framer.exit(exitStatus & 0xff));
                } catch (IOException closedMeanwhile) {
                    return;
                }
            }
            while (!closed && (inFlight || pendingLength > 0)) {
                lock.wait();
            }
            if (closed) {
                return;
            }
            closed = true;
            closeReason = "stream finished";
            outbound.accept(AdbMessage.of(AdbMessage.A_CLSE, localId, remoteId));
        }
        onLocalClose.accept(this);
    }

    /** Writes handler output on channel {@code id} (1 or 2; ignored for raw streams). */
    private void write(int id, byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        boolean framed = request.kind() == ServiceRequest.Kind.SHELL_V2;
        int overhead = framed ? ShellV2Framer.HEADER_SIZE : 0;
        int minPiece = Math.min(MIN_PIECE, maxPayload - overhead);
        synchronized (lock) {
            while (len > 0) {
                int room = awaitRoomLocked(overhead + Math.min(len, minPiece)) - overhead;
                int n = Math.min(len, room);
                if (framed) {
                    byte[] packet = ShellV2Framer.packet(id, b, off, n);
                    System.arraycopy(packet, 0, pending, pendingLength, packet.length);
                    pendingLength += packet.length;
                } else {
                    System.arraycopy(b, off, pending, pendingLength, n);
                    pendingLength += n;
                }
                off += n;
                len -= n;
                if (!inFlight) {
                    sendPendingLocked();
                }
            }
        }
    }

    private void appendLocked(byte[] data) throws IOException {
        awaitRoomLocked(data.length);
        System.arraycopy(data, 0, pending, pendingLength, data.length);
        pendingLength += data.length;
        if (!inFlight) {
            sendPendingLocked();
        }
    }

    /** Waits until the pending buffer has room for {@code needed} bytes; returns the room. */
    private int awaitRoomLocked(int needed) throws IOException {
        while (true) {
            if (closed) {
                throw new IOException(closeReason);
            }
            int room = maxPayload - pendingLength;
            if (room >= needed) {
                return room;
            }
            try {
                lock.wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for the host");
            }
        }
    }

    private void sendPendingLocked() {
        outbound.accept(new AdbMessage(AdbMessage.A_WRTE, localId, remoteId, Arrays.copyOf(pending, pendingLength)));
        pendingLength = 0;
        inFlight = true;
        lock.notifyAll();
    }

    /** One of the handler's output streams. Writes are sent at once; {@link #flush()} has nothing to do. */
    private final class Channel extends OutputStream {
        private final int id;

        Channel(int id) {
            this.id = id;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (request.kind() == ServiceRequest.Kind.PTY) {
                byte[] translated = onlcr(b, off, len);
                AdbStream.this.write(id, translated, 0, translated.length);
            } else {
                AdbStream.this.write(id, b, off, len);
            }
        }

        @Override
        public void flush() throws IOException {
            synchronized (lock) {
                if (closed) {
                    throw new IOException(closeReason);
                }
            }
        }
    }

    /** A terminal's {@code ONLCR} output processing: every {@code \n} of {@code b[off, off+len)} becomes {@code \r\n}. */
    static byte[] onlcr(byte[] b, int off, int len) {
        Objects.checkFromIndexSize(off, len, b.length);
        int newlines = 0;
        for (int i = off; i < off + len; i++) {
            newlines += b[i] == '\n' ? 1 : 0;
        }
        byte[] out = new byte[len + newlines];
        int o = 0;
        for (int i = off; i < off + len; i++) {
            if (b[i] == '\n') {
                out[o++] = '\r';
            }
            out[o++] = b[i];
        }
        return out;
    }
}
