package io.fpsctl.sim.adb;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A simulated Android device that speaks the adb device transport over TCP on 127.0.0.1, so that a real adb
 * server accepts it after {@code adb connect 127.0.0.1:<port>} (docs/formats.md 5.6–D.8).
 *
 * <p>Each accepted TCP connection is one host transport; any number of hosts and streams may be active at
 * once. Shell services ({@code shell,v2,…:}, {@code shell:}, {@code exec:}) run the {@link ShellHandler} on
 * their own thread; everything else is refused. Fault controls ({@link #disconnect(Duration)},
 * {@link #disconnectAfter(Duration, Duration)}) make the device go {@code offline} for the adb server.
 *
 * <p>Typical use:
 * <pre>{@code
 * try (AdbDeviceServer device = new AdbDeviceServer(identity, handler, TransportOptions.defaults())) {
 *     device.start(0);
 *     // adb connect 127.0.0.1:<device.port()>
 * }
 * }</pre>
 */
public final class AdbDeviceServer implements AutoCloseable {

    /** How long {@link #disconnect()} keeps refusing connections. */
    public static final Duration DEFAULT_OFFLINE = Duration.ofSeconds(15);

    private final DeviceIdentity identity;
    private final ShellHandler handler;
    private final TransportOptions options;

    private final Object lock = new Object();
    private final Set<HostConnection> connections = new LinkedHashSet<>();
    private final ExecutorService handlerPool = Executors.newCachedThreadPool(daemonThreads("adb-sim-shell-"));
    private final ScheduledExecutorService faults = Executors.newSingleThreadScheduledExecutor(daemonThreads("adb-sim-fault-"));
    private ServerSocket serverSocket;
    private Thread acceptThread;
    private long refuseUntilNanos;
    private boolean refusing;
    private boolean closed;

    public AdbDeviceServer(DeviceIdentity identity, ShellHandler handler, TransportOptions options) {
        this.identity = Objects.requireNonNull(identity, "identity");
        this.handler = Objects.requireNonNull(handler, "handler");
        this.options = Objects.requireNonNull(options, "options");
    }

    /**
     * Binds 127.0.0.1:{@code port} and starts accepting hosts.
     *
     * @param port the TCP port, 0 for an ephemeral one. Avoid 5555–5585 unless wanted: the adb server probes
     *     those at start-up and would list the device as {@code emulator-<port-1>} (D.7 item 6)
     * @return the bound port
     * @throws IOException if the port cannot be bound
     * @throws IllegalStateException if already started or closed
     */
    public int start(int port) throws IOException {
        synchronized (lock) {
            if (serverSocket != null || closed) {
                throw new IllegalStateException(closed ? "closed" : "already started");
            }
            ServerSocket ss = new ServerSocket();
            try {
                ss.setReuseAddress(true);
                ss.bind(new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), port), 64);
            } catch (IOException e) {
                ss.close();
                throw e;
            }
            serverSocket = ss;
            acceptThread = new Thread(this::acceptLoop, "adb-sim-accept-" + ss.getLocalPort());
            acceptThread.setDaemon(true);
            acceptThread.start();
            return ss.getLocalPort();
        }
    }

    /** The bound port; only valid after {@link #start(int)}. */
    public int port() {
        synchronized (lock) {
            if (serverSocket == null) {
                throw new IllegalStateException("not started");
            }
            return serverSocket.getLocalPort();
        }
    }

    /** Same as {@link #disconnect(Duration)} with {@link #DEFAULT_OFFLINE}. */
    public void disconnect() {
        disconnect(DEFAULT_OFFLINE);
    }

    /**
     * Drops every host connection now and closes new ones at once for {@code refuseFor}; afterwards hosts are
     * accepted again. The adb server shows the device as {@code offline} within milliseconds and reconnects on
     * its own later (D.8 item 9). Open streams end; their handlers get IOExceptions.
     */
    public void disconnect(Duration refuseFor) {
        List<HostConnection> dropped;
        synchronized (lock) {
            refusing = !refuseFor.isZero() && !refuseFor.isNegative();
            refuseUntilNanos = System.nanoTime() + refuseFor.toNanos();
            dropped = new ArrayList<>(connections);
        }
        dropped.forEach(HostConnection::close);
    }

    /** Same as {@link #disconnectAfter(Duration, Duration)} with {@link #DEFAULT_OFFLINE}. */
    public void disconnectAfter(Duration delay) {
        disconnectAfter(delay, DEFAULT_OFFLINE);
    }

    /** Schedules {@link #disconnect(Duration) disconnect(refuseFor)} after {@code delay}; returns at once. */
    public void disconnectAfter(Duration delay, Duration refuseFor) {
        Objects.requireNonNull(refuseFor, "refuseFor");
        faults.schedule(() -> disconnect(refuseFor), delay.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Streams currently open over all host connections (for tests and status output). */
    public int openStreamCount() {
        synchronized (lock) {
            return connections.stream().mapToInt(HostConnection::openStreamCount).sum();
        }
    }

    /** Host connections currently established (including ones still in the handshake). */
    public int connectionCount() {
        synchronized (lock) {
            return connections.size();
        }
    }

    /** Stops listening, drops every connection and stops the handler threads. Idempotent. */
    @Override
    public void close() {
        List<HostConnection> dropped;
        ServerSocket ss;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            ss = serverSocket;
            dropped = new ArrayList<>(connections);
        }
        if (ss != null) {
            try {
                ss.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        dropped.forEach(HostConnection::close);
        faults.shutdownNow();
        handlerPool.shutdownNow();
    }

    private void acceptLoop() {
        ServerSocket ss;
        synchronized (lock) {
            ss = serverSocket;
        }
        while (!ss.isClosed()) {
            Socket socket;
            try {
                socket = ss.accept();
            } catch (IOException e) {
                if (!ss.isClosed()) {
                    options.diagnostics().accept("adb-sim: accept failed on port " + ss.getLocalPort() + ": " + e.getMessage());
                }
                continue;
            }
            admit(socket);
        }
    }

    private void admit(Socket socket) {
        try {
            socket.setTcpNoDelay(true); // without it a direct client waits ~40 ms per reply (D.8 item 10)
        } catch (SocketException e) {
            closeQuietly(socket);
            return;
        }
        synchronized (lock) {
            if (refusing && System.nanoTime() - refuseUntilNanos < 0) {
                closeQuietly(socket); // simulated outage: the host sees the connection end at once
                return;
            }
            refusing = false;
            if (closed) {
                closeQuietly(socket);
                return;
            }
            HostConnection connection = new HostConnection(socket, identity, handler, options, handlerPool,
                    this::forget);
            connections.add(connection);
            connection.start();
        }
    }

    private void forget(HostConnection connection) {
        synchronized (lock) {
            connections.remove(connection);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already unusable
        }
    }

    private static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
