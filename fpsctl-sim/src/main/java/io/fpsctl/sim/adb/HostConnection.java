package io.fpsctl.sim.adb;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * One TCP connection from an adb host, i.e. one host transport: the CNXN/AUTH handshake, the stream table
 * and the dispatch of incoming messages (docs/formats.md 5.6, D.4).
 *
 * <p>Threads: a reader thread dispatches incoming messages and never blocks on the socket's output; a writer
 * thread sends queued messages in order (so an OKAY for an OPEN always precedes that stream's first WRTE);
 * each shell stream's handler runs on a thread of the server's pool.
 */
final class HostConnection implements AutoCloseable {

    private static final AdbMessage END_OF_QUEUE = AdbMessage.of(0, 0, 0);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Socket socket;
    private final DeviceIdentity identity;
    private final ShellHandler handler;
    private final TransportOptions options;
    private final ExecutorService handlerPool;
    private final Consumer<HostConnection> onClosed;
    private final String peer;

    private final BlockingQueue<AdbMessage> outbound = new LinkedBlockingQueue<>();
    private final Map<Integer, AdbStream> streams = new ConcurrentHashMap<>();
    private final AtomicBoolean closed = new AtomicBoolean();

    // Touched by the reader thread only.
    private boolean online;
    private int maxPayload;
    private int nextLocalId = 1;

    HostConnection(Socket socket, DeviceIdentity identity, ShellHandler handler, TransportOptions options,
            ExecutorService handlerPool, Consumer<HostConnection> onClosed) {
        this.socket = socket;
        this.identity = identity;
        this.handler = handler;
        this.options = options;
        this.handlerPool = handlerPool;
        this.onClosed = onClosed;
        this.peer = String.valueOf(socket.getRemoteSocketAddress());
    }

    /** Starts the reader and writer threads. */
    void start() {
        Thread reader = new Thread(this::readLoop, "adb-sim-read " + peer);
        Thread writer = new Thread(this::writeLoop, "adb-sim-write " + peer);
        reader.setDaemon(true);
        writer.setDaemon(true);
        writer.start();
        reader.start();
    }

    /** Streams currently open on this connection. */
    int openStreamCount() {
        return streams.size();
    }

    /** Drops the connection: the socket is closed and every stream's writer gets an IOException. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            socket.close();
        } catch (IOException ignored) {
            // nothing left to do with a socket that cannot even be closed
        }
        abortAllStreams("connection closed");
        outbound.offer(END_OF_QUEUE);
        onClosed.accept(this);
    }

    // The socket streams are not in try-with-resources: that would close the socket before the catch block
    // runs; close() alone owns the socket, after the diagnostic line has been written.
    private void readLoop() {
        try {
            InputStream in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
            AdbMessage message;
            while ((message = AdbMessage.read(in, options.maxPayload())) != null) {
                dispatch(message);
            }
        } catch (AdbProtocolException | EOFException e) {
            // Garbage, bad magic, oversize data_length, truncated message: drop this host only (one line).
            if (!closed.get()) {
                options.diagnostics().accept("adb-sim: dropping connection from " + peer + ": " + e.getMessage());
            }
        } catch (IOException e) {
            // Reset by the peer or closed by us: nothing worth reporting.
        } finally {
            close();
        }
    }

    private void writeLoop() {
        try {
            OutputStream out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
            while (true) {
                AdbMessage message = outbound.take();
                if (message == END_OF_QUEUE) {
                    return;
                }
                out.write(message.encode());
                if (outbound.isEmpty()) {
                    out.flush(); // answer at once (D.8 item 10); batch only what is already queued
                }
            }
        } catch (IOException e) {
            // The host went away; the reader notices too.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            close();
        }
    }

    private void send(AdbMessage message) {
        if (!closed.get()) {
            outbound.offer(message);
        }
    }

    private void dispatch(AdbMessage m) {
        switch (m.command()) {
            case AdbMessage.A_CNXN -> onConnect(m);
            case AdbMessage.A_AUTH -> onAuth(m);
            case AdbMessage.A_OPEN -> onOpen(m);
            case AdbMessage.A_OKAY -> onOkay(m);
            case AdbMessage.A_WRTE -> onWrite(m);
            case AdbMessage.A_CLSE -> onClose(m);
            default -> {
                // SYNC, STLS or unknown: adbd ignores what it does not handle, and so do we.
            }
        }
    }

    /** Host CNXN (D.2). A repeated CNXN means the host restarted its side: reset every stream (D.7 item 7). */
    private void onConnect(AdbMessage m) {
        abortAllStreams("connection reset by the host");
        online = false;
        maxPayload = (int) Math.min(advertisedMaxPayload(), Integer.toUnsignedLong(m.arg1()));
        if (maxPayload < TransportOptions.MIN_PAYLOAD) {
            options.diagnostics().accept("adb-sim: dropping connection from " + peer + ": host max payload "
                    + Integer.toUnsignedString(m.arg1()) + " too small");
            close();
            return;
        }
        if (options.authNever()) {
            sendAuthToken();
            return;
        }
        // No AUTH: like adbd with auth_required=false, go online and reply CNXN at once (D.2).
        online = true;
        send(new AdbMessage(AdbMessage.A_CNXN, identity.adbd().version(), advertisedMaxPayload(),
                identity.banner().getBytes(StandardCharsets.UTF_8)));
    }

    /** The max payload of our CNXN: the options', at most what the simulated adbd release has (4 KiB on 6.0). */
    private int advertisedMaxPayload() {
        return Math.min(options.maxPayload(), identity.adbd().maxPayload());
    }

    /**
     * --auth-never: a signature is answered with a fresh token (so the host tries its next key, then its public
     * key). The public key is not answered at all, as adbd does while waiting for the user; answering it with
     * another token would make the host loop token → key as fast as it can.
     */
    private void onAuth(AdbMessage m) {
        if (options.authNever() && m.arg0() == AdbMessage.AUTH_SIGNATURE) {
            sendAuthToken();
        }
    }

    private void sendAuthToken() {
        byte[] token = new byte[20];
        RANDOM.nextBytes(token);
        send(new AdbMessage(AdbMessage.A_AUTH, AdbMessage.AUTH_TOKEN, 0, token));
    }

    /** OPEN(remoteId, 0, "service\0") → OKAY(localId, remoteId), or CLSE(0, remoteId) if refused (D.4). */
    private void onOpen(AdbMessage m) {
        int remoteId = m.arg0();
        if (!online || remoteId == 0) {
            return;
        }
        Optional<ServiceRequest> request = ServiceRequest.parse(m.payloadText(), identity.adbd());
        // arg1 != 0 asks for delayed-ack, which we never advertise: adbd refuses such an OPEN too (D.4).
        if (m.arg1() != 0 || request.isEmpty()) {
            send(AdbMessage.of(AdbMessage.A_CLSE, 0, remoteId));
            return;
        }
        Socket tcp = null;
        if (request.get().kind() == ServiceRequest.Kind.TCP) {
            try {
                tcp = handler.connectTcp(Integer.parseInt(request.get().commandLine()));
            } catch (IOException | RuntimeException refused) {
                // service_to_fd returned -1: adbd answers the OPEN with CLSE (adb/adb.cpp handle_packet A_OPEN)
                send(AdbMessage.of(AdbMessage.A_CLSE, 0, remoteId));
                return;
            }
        }
        int localId = nextLocalId();
        AdbStream stream = new AdbStream(localId, remoteId, request.get(), maxPayload, this::send,
                finished -> streams.remove(finished.localId(), finished));
        streams.put(localId, stream);
        send(AdbMessage.of(AdbMessage.A_OKAY, localId, remoteId));
        Socket socket = tcp;
        try {
            handlerPool.execute(() -> {
                if (socket != null) {
                    pumpTcp(stream, socket);
                } else {
                    runShell(stream);
                }
            });
        } catch (RejectedExecutionException shuttingDown) {
            streams.remove(localId);
            stream.abort("device shutting down");
            send(AdbMessage.of(AdbMessage.A_CLSE, localId, remoteId));
        }
    }

    private int nextLocalId() {
        int id;
        do {
            id = nextLocalId++;
        } while (id == 0 || streams.containsKey(id));
        return id;
    }

    /** The host acknowledged a WRTE of ours: OKAY(remoteId, localId). */
    private void onOkay(AdbMessage m) {
        AdbStream stream = streams.get(m.arg1());
        if (stream != null && stream.remoteId() == m.arg0()) {
            stream.onOkay();
        }
    }

    /**
     * Host data (shell v2 stdin or close-stdin, id 0/4): goes to the handler's stdin, and is acknowledged at once or
     * the host stalls the stream (D.8 item 2).
     */
    private void onWrite(AdbMessage m) {
        AdbStream stream = streams.get(m.arg1());
        if (stream != null && stream.remoteId() == m.arg0()) {
            stream.fromHost(m.payload());
            send(AdbMessage.of(AdbMessage.A_OKAY, stream.localId(), stream.remoteId()));
        }
    }

    /** The host closed a stream (CLSE(remoteId, localId)); never answered (D.4). */
    private void onClose(AdbMessage m) {
        AdbStream stream = streams.remove(m.arg1());
        if (stream != null) {
            stream.abort("stream closed by the host");
        }
    }

    private void abortAllStreams(String reason) {
        List<AdbStream> open = new ArrayList<>(streams.values());
        streams.clear();
        for (AdbStream s : open) {
            s.abort(reason);
        }
    }

    /**
     * Carries a {@code tcp:} stream: the socket's bytes to the host on this thread, the host's bytes to the socket
     * on a second one. Either side ending closes both (adbd's fdevent-driven local socket does the same).
     */
    private void pumpTcp(AdbStream stream, Socket socket) {
        Thread toSocket = new Thread(() -> {
            try (InputStream in = stream.stdin()) {
                in.transferTo(socket.getOutputStream());
            } catch (IOException ignored) {
                // the socket or the stream closed; the other direction notices
            } finally {
                closeQuietly(socket);
            }
        }, "adb-sim-tcp " + peer);
        toSocket.setDaemon(true);
        toSocket.start();
        try (InputStream in = socket.getInputStream(); OutputStream out = stream.stdout()) {
            in.transferTo(out);
        } catch (IOException ignored) {
            // the host closed the stream, or the device end went away
        } finally {
            closeQuietly(socket);
        }
        try {
            stream.finish(0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    private void runShell(AdbStream stream) {
        String command = stream.request().commandLine();
        int status;
        try {
            status = handler.run(command, stream.stdin(), stream.stdout(), stream.stderr());
        } catch (IOException e) {
            if (stream.isClosed()) {
                return; // the host went away: the expected way for a handler to stop
            }
            status = failed(stream, e);
        } catch (RuntimeException e) {
            status = failed(stream, e);
        }
        try {
            stream.finish(status);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A handler that failed on its own: tell the host on stderr and exit 255. */
    private int failed(AdbStream stream, Exception e) {
        options.diagnostics().accept("adb-sim: shell handler failed on '" + stream.request().commandLine() + "': " + e);
        try {
            stream.stderr().write(("adb-sim: " + e + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException ignored) {
            // stream closed meanwhile; finish() will notice
        }
        return 255;
    }
}
