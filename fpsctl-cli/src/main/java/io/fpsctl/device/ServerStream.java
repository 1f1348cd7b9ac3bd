package io.fpsctl.device;

import dadb.AdbStream;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import okio.BufferedSink;
import okio.BufferedSource;
import okio.Okio;

/**
 * One stream to a device through the adb server (docs/formats.md 5.6): a TCP connection to the server,
 * {@code host:transport:<serial>}, then the service (e.g. {@code shell,v2,raw:<cmd>}); after the second
 * {@code OKAY} the socket carries the service's bytes. This is what dadb's server path does too, minus its extra
 * connection per stream (dadb first connects once just to see that a server answers) and its writer objects: a
 * live capture opens a few of these every second, so each one is kept to one connection and two small writes.
 *
 * <p>An optional deadline bounds the whole stream, not each read: before every read the socket's timeout is set to
 * what is left, and once it has passed reads fail with a {@link SocketTimeoutException} and {@link #timedOut()} is
 * true. No watchdog thread is involved.
 */
final class ServerStream implements AdbStream {

    private static final int CONNECT_TIMEOUT_MS = 5_000;
    /** The server's OKAY/FAIL to each request. */
    private static final int REQUEST_TIMEOUT_MS = 10_000;

    private final Socket socket;
    /** When the stream's reads must be done by (System.nanoTime()), or 0 for no limit. */
    private volatile long deadlineNs;
    /** Reads of the socket in up to 64 KiB at a time; a read of at least that much goes straight to the socket. */
    private static final int INPUT_BUFFER = 64 * 1024;

    private final InputStream input;
    private BufferedSource source;
    private final BufferedSink sink;
    private volatile boolean timedOut;

    private ServerStream(Socket socket, long deadlineNs) throws IOException {
        this.socket = socket;
        this.deadlineNs = deadlineNs;
        this.input = new BufferedInputStream(new DeadlineInput(socket.getInputStream()), INPUT_BUFFER);
        this.sink = Okio.buffer(Okio.sink(socket.getOutputStream()));
    }

    /**
     * The service's bytes, buffered. {@link ShellV2Stream} reads this instead of {@link #getSource()}: okio's
     * buffer reads the socket 8 KiB at a time and copies every byte once more (a live capture reads ~100 KB a poll).
     * A stream is read through one of the two only.
     */
    InputStream input() {
        return input;
    }

    /**
     * Opens {@code service} on {@code serial} through the server at {@code server}.
     *
     * @param timeoutNs how long the whole stream may take, or 0 for no limit
     * @throws java.net.ConnectException when no server answers
     * @throws AdbHostClient.ServerFailure when the server refuses (device not found, offline, …)
     */
    static ServerStream open(AdbServerAddress server, String serial, String service, long timeoutNs)
            throws IOException {
        return open(server, serial, service, timeoutNs, c -> { });
    }

    /**
     * As {@link #open(AdbServerAddress, String, String, long)}, handing {@code starting} the socket before anything
     * is sent: closing it from another thread (a stop) ends a start that waits for the server's or the device's answer
     * at once, instead of after the 10 s answer bound ({@link PersistentShell#close()}).
     */
    static ServerStream open(AdbServerAddress server, String serial, String service, long timeoutNs,
                             java.util.function.Consumer<java.io.Closeable> starting) throws IOException {
        Socket socket = new Socket();
        try {
            starting.accept(socket);
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(server.hostForDadb(), server.port()), CONNECT_TIMEOUT_MS);
            socket.setSoTimeout(REQUEST_TIMEOUT_MS);
            AdbHostClient.send(socket, "host:transport:" + serial);
            AdbHostClient.send(socket, service);
            if (timeoutNs <= 0) {
                socket.setSoTimeout(0);
            }
            return new ServerStream(socket, timeoutNs > 0 ? System.nanoTime() + timeoutNs : 0);
        } catch (IOException | RuntimeException e) {
            AdbHostClient.closeQuietly(socket);
            throw e;
        }
    }

    /**
     * Starts a new deadline, {@code timeoutNs} from now (0: none), for a stream that runs several commands in
     * turn ({@link PersistentShell}).
     */
    void deadline(long timeoutNs) throws IOException {
        deadlineNs = timeoutNs > 0 ? System.nanoTime() + timeoutNs : 0;
        if (timeoutNs <= 0) {
            socket.setSoTimeout(0);
        }
    }

    /** True once the deadline passed during a read. */
    boolean timedOut() {
        return timedOut;
    }

    /** The service's bytes for dadb's interface, over {@link #input()} (a stream is read through one of the two). */
    @Override
    public synchronized BufferedSource getSource() {
        if (source == null) {
            source = Okio.buffer(Okio.source(input));
        }
        return source;
    }

    @Override
    public BufferedSink getSink() {
        return sink;
    }

    @Override
    public void close() {
        AdbHostClient.closeQuietly(socket);
    }

    /** The socket's input, each read bounded by what is left of the deadline. */
    private final class DeadlineInput extends InputStream {
        private final InputStream in;

        DeadlineInput(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            long deadline = deadlineNs;
            if (deadline == 0) {
                return in.read(b, off, len); // the socket's timeout was cleared
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                timedOut = true;
                throw new SocketTimeoutException("deadline passed");
            }
            socket.setSoTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, left / 1_000_000)));
            try {
                return in.read(b, off, len);
            } catch (SocketTimeoutException e) {
                timedOut = true;
                throw e;
            }
        }

        @Override
        public int available() throws IOException {
            return in.available();
        }
    }
}
