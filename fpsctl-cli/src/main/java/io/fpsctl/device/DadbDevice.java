package io.fpsctl.device;

import dadb.AdbKeyPair;
import dadb.AdbStream;
import dadb.Dadb;
import dadb.InstallResult;
import dadb.SyncResult;
import dadb.adbserver.AdbServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A {@link Device} backed by dadb, in one of two ways:
 * <ul>
 *   <li>{@link #viaServer(AdbServerAddress, String)}: through the adb server ({@code host:transport:<serial>},
 *       docs/formats.md 5.6), one TCP connection to the server per stream. Survives the device going away and
 *       coming back without being recreated.</li>
 *   <li>{@link #direct(String, int, AdbKeyPair)}: straight to a device's adb port with no server (the simulator
 *       behind {@code --simulate}), one TCP connection multiplexing all streams (D.1–D.4). After the
 *       transport dies the connection is dropped and rebuilt on the next call.</li>
 * </ul>
 * Commands run with the shell protocol v2 ({@code shell,v2,raw:}) when the device offers adb's {@code shell_v2}
 * feature (Android 7.0+: system/core {@code adb/transport.cpp supported_features}, android-7.0.0_r1, the first
 * release with it); without it (Android 6) through {@code exec:} with the exit status echoed after a mark
 * ({@link LegacyShellStream}), and each command list in a stream of its own.
 */
public final class DadbDevice implements Device {

    private static final int CONNECT_TIMEOUT_MS = 5_000;
    private static final Duration HANDSHAKE_TIMEOUT = Duration.ofSeconds(10);
    private static final String SHELL_V2 = "shell_v2";

    /** Closes streams whose shell command ran out of time. */
    private static final ScheduledThreadPoolExecutor WATCHDOG = watchdog();

    private final String serial;
    private final Dadb dadb;
    private final boolean direct;
    /** Through an adb server: where it listens (shell streams go there without dadb); null when direct. */
    private final AdbServerAddress server;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Where a direct connection goes (host, port, keys), for {@link #separateConnection()}; null through a server. */
    private volatile String directHost;
    private volatile int directPort;
    private volatile AdbKeyPair directKeys;
    /** Whether the device offers {@code shell_v2}; null until asked (straight to the device that connects). */
    private volatile Boolean shellV2;

    /**
     * Through the adb server its own {@code forward} (the server owns the listener and removes it when the device
     * goes); direct, {@link LoopbackForward}, which listens on loopback in this process and opens {@code tcp:<port>}
     * per connection.
     */
    @Override
    public PortForward forwardTcp(int devicePort) {
        if (server != null) {
            AdbHostClient host = new AdbHostClient(server, Optional.empty());
            int local = host.forwardTcp(serial, devicePort);
            return new PortForward() {
                @Override
                public int localPort() {
                    return local;
                }

                @Override
                public void close() {
                    host.removeForward(serial, local);
                }
            };
        }
        try {
            return new LoopbackForward(dadb, devicePort); // dadb's tcpForward would listen on every interface
        } catch (IOException e) {
            throw new DeviceException("no local port to forward tcp:" + devicePort + " to: " + e.getMessage(), e);
        }
    }

    private DadbDevice(String serial, Dadb dadb, AdbServerAddress server) {
        this.serial = serial;
        this.dadb = dadb;
        this.direct = server == null;
        this.server = server;
    }

    /**
     * A device reached through the adb server at {@code server}. The server must be running (see
     * {@link AdbHostClient}); dadb asks it for the device's features right away.
     *
     * @throws DeviceException if the server does not know the serial, or the device is offline or unauthorized
     */
    public static DadbDevice viaServer(AdbServerAddress server, String serial) {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(serial, "serial");
        try {
            Dadb dadb = AdbServer.createDadb(server.hostForDadb(), server.port(), "host:transport:" + serial,
                    CONNECT_TIMEOUT_MS, 0);
            return new DadbDevice(serial, dadb, server);
        } catch (Exception e) { // Kotlin does not declare its IOExceptions
            throw AdbErrors.fromDadb(serial, "read its features", e);
        }
    }

    /**
     * A device reached directly at {@code host:port} using the user's adb key ({@link AdbKeyFiles}: where adb
     * keeps it, created owner-only if missing).
     */
    public static DadbDevice direct(String host, int port) {
        return direct(host, port, AdbKeyFiles.forUser().load());
    }

    /**
     * A device reached directly at {@code host:port}, without an adb server. Connects at once.
     *
     * @param keys the key pair to answer AUTH with; null if the device never asks (no-auth adbd, simulator)
     * @throws DeviceException if nothing answers there, the device rejects the key, or the handshake does not
     *     finish within 10 s (a device waiting for the user to accept the debugging prompt)
     */
    public static DadbDevice direct(String host, int port, AdbKeyPair keys) {
        return direct(host, port, keys, HANDSHAKE_TIMEOUT);
    }

    /** {@link #direct(String, int, AdbKeyPair)} with a given handshake timeout (tests). */
    static DadbDevice direct(String host, int port, AdbKeyPair keys, Duration handshakeTimeout) {
        String serial = host + ":" + port;
        Dadb dadb = new DirectDadb(host, port, keys, CONNECT_TIMEOUT_MS);
        DadbDevice device = new DadbDevice(serial, dadb, null);
        device.directHost = host;
        device.directPort = port;
        device.directKeys = keys;
        // dadb reads the handshake without a timeout and only exposes the socket once it is done; a device
        // that keeps the host waiting (adbd showing the "Allow USB debugging?" prompt, or the simulator's
        // --auth-never, D.2) would block forever. So handshake on a helper thread and give up after a while;
        // if the handshake completes later, the helper closes the connection.
        CompletableFuture<Void> ready = CompletableFuture.runAsync(device::shellV2, r -> {
            Thread t = new Thread(r, "fpsctl-adb-handshake-" + serial);
            t.setDaemon(true);
            t.start();
        });
        try {
            ready.get(handshakeTimeout.toNanos(), TimeUnit.NANOSECONDS);
            return device;
        } catch (TimeoutException e) {
            ready.whenComplete((ok, err) -> device.close());
            throw new DeviceException("device " + serial + " did not finish the adb handshake within "
                    + Durations.text(handshakeTimeout) + ": accept the USB debugging prompt on the device, then retry", e);
        } catch (ExecutionException e) {
            device.close();
            if (e.getCause() instanceof DeviceGoneException gone) {
                throw new DeviceException("cannot reach an adb device at " + serial
                        + ": check that it (or the simulator) is running on that port", gone);
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new DeviceException("cannot connect to " + serial + ": " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            device.close();
            throw new DeviceException("interrupted while connecting to " + serial, e);
        }
    }

    /**
     * A direct connection carries every stream over one socket, and dadb's writer was seen to fail ("Unbalanced
     * enter/exit" in okio) when a stream closes on one thread while another writes: a long-running stream gets a
     * connection of its own. Through the adb server every stream has its own socket already.
     */
    @Override
    public Device separateConnection() {
        String host = directHost;
        return host == null ? this : direct(host, directPort, directKeys);
    }

    @Override
    public String serial() {
        return serial;
    }

    /**
     * Through the server the stream's socket carries the deadline ({@link ServerStream}); straight to the device a
     * watchdog task closes the stream (and the shared connection a blocked reader waits on) when time is up.
     */
    @Override
    public ShellResult shell(String command, Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (server != null) {
            ServerStream socket = openServerStream(command, Math.max(1, timeout.toNanos()));
            return readAll(streamOver(command, socket), socket::timedOut, null, timeout);
        }
        CommandStream stream = openStream(command);
        AtomicBoolean timedOut = new AtomicBoolean();
        ScheduledFuture<?> watchdog = WATCHDOG.schedule(() -> {
            timedOut.set(true);
            stream.close();
            dropConnection(); // a blocked reader on the shared connection only wakes up when the connection closes
        }, timeout.toNanos(), TimeUnit.NANOSECONDS);
        return readAll(stream, timedOut::get, watchdog, timeout);
    }

    /**
     * {@link #shell(String, Duration)} through the adb server, handing {@code starting} the stream's socket before its
     * request is sent: closing it from another thread (a stop) ends the command at once ({@link PersistentShell}'s
     * lists in a stream of their own).
     */
    ShellResult shellViaServer(String command, Duration timeout, java.util.function.Consumer<java.io.Closeable> starting) {
        Objects.requireNonNull(timeout, "timeout");
        if (server == null) {
            return shell(command, timeout); // straight to the device: its own watchdog, nothing to hand over
        }
        ServerStream socket = openServerStream(command, Math.max(1, timeout.toNanos()), starting);
        return readAll(streamOver(command, socket), socket::timedOut, null, timeout);
    }

    /** The whole stream; a stream that ended because the time was up is a {@link ShellTimeoutException}. */
    private ShellResult readAll(CommandStream stream, java.util.function.BooleanSupplier timedOut,
                                ScheduledFuture<?> watchdog, Duration timeout) {
        try {
            ShellResult result = stream.readAll();
            if (result == null) {
                throw new ShellTimeoutException(serial, stream.command(), timeout);
            }
            return result;
        } catch (DeviceGoneException e) {
            if (timedOut.getAsBoolean()) {
                throw new ShellTimeoutException(serial, stream.command(), timeout);
            }
            throw e;
        } finally {
            if (watchdog != null) {
                watchdog.cancel(false);
            }
            stream.close();
        }
    }

    /** Through the server: a shell stream on fpsctl's own connection, bounded by {@code timeoutNs} (0: none). */
    private ServerStream openServerStream(String command, long timeoutNs) {
        return openServerStream(command, timeoutNs, c -> { });
    }

    private ServerStream openServerStream(String command, long timeoutNs,
                                          java.util.function.Consumer<java.io.Closeable> starting) {
        Objects.requireNonNull(command, "command");
        requireOpen();
        try {
            return ServerStream.open(server, serial, serviceFor(command), timeoutNs, starting);
        } catch (AdbHostClient.ServerFailure f) {
            throw AdbErrors.fromServerFailure(serial, "run '" + command + "'", f.message, f);
        } catch (IOException e) {
            throw AdbErrors.gone(serial, e.getMessage(), e);
        }
    }

    /**
     * Through the adb server, one shell kept running for all the lists ({@link PersistentShell}). Straight to the
     * device, one stream per list: dadb 2.0.0 checksums its whole 1 MiB stream buffer on every write to a stream
     * ({@code AdbWriter.payloadChecksum} over the array, not the bytes written), so writing each list to a running
     * shell's input cost more than opening a stream for it (measured: 1.1 % of a core against 0.68 %).
     */
    @Override
    public ShellSession openSession() {
        return server != null && shellV2() ? new PersistentShell(this) : Device.super.openSession();
    }

    /**
     * Starts {@code command} through the adb server for {@link PersistentShell}, the deadline on its socket. Shell
     * protocol v2 only: {@link PersistentShell} writes id-0 packets to it.
     */
    RunningShell startShell(String command) {
        return startShell(command, c -> { });
    }

    /** As {@link #startShell(String)}, handing {@code starting} what ends the start from another thread (a stop). */
    RunningShell startShell(String command, java.util.function.Consumer<java.io.Closeable> starting) {
        if (!shellV2()) {
            throw new IllegalStateException(serial + " has no shell protocol v2 for a running shell");
        }
        ServerStream socket = openServerStream(command, 0, starting);
        return new RunningShell(serial, socket, new ShellV2Stream(serial, command, socket, this::afterGone));
    }

    @Override
    public ShellStream openShell(String command) {
        return server != null ? streamOver(command, openServerStream(command, 0)) : openStream(command);
    }

    @Override
    public void install(Path apk) {
        requireOpen();
        InstallResult result;
        try {
            result = dadb.install(apk.toFile(), "-r");
        } catch (Exception e) {
            throw failure("install " + apk.getFileName(), e);
        }
        if (result instanceof InstallResult.Failure failure) {
            throw new DeviceException(DeviceException.Blame.APP, "installing " + apk.getFileName() + " on " + serial + " failed: "
                    + AdbErrors.oneLine(failure.getReason()), null);
        }
    }

    @Override
    public void push(Path local, String remotePath) {
        requireOpen();
        SyncResult result;
        try {
            result = dadb.push(local.toFile(), remotePath, fileMode(local), Files.getLastModifiedTime(local).toMillis());
        } catch (IOException e) {
            if (e instanceof dadb.AdbException) {
                throw failure("push " + local.getFileName(), e);
            }
            throw new DeviceException(DeviceException.Blame.LOCAL_IO, "cannot read " + local + ": " + e.getMessage(), e);
        } catch (Exception e) {
            throw failure("push " + local.getFileName(), e);
        }
        if (result instanceof SyncResult.Failure failure) {
            throw new DeviceException("pushing " + local.getFileName() + " to " + serial + ":" + remotePath
                    + " failed: " + AdbErrors.oneLine(failure.getReason()));
        }
    }

    /**
     * Straight to the device every stream shares one connection, and a reader blocked on a silent device only wakes
     * when it closes (as the shell watchdog does): closed here, the next call reconnects. Through the adb server each
     * stream has its own socket, which its owner closes ({@link PersistentShell#close()}).
     */
    @Override
    public void abortCalls() {
        if (direct) {
            dropConnection();
        }
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            dropConnection();
        }
    }

    @Override
    public String toString() {
        return "DadbDevice[" + serial + (direct ? ", direct" : ", via adb server") + "]";
    }

    private CommandStream openStream(String command) {
        Objects.requireNonNull(command, "command");
        requireOpen();
        String service = serviceFor(command);
        AdbStream stream;
        // dadb waits for the device's OKAY without a deadline: a device that never answers an OPEN would hold the
        // run for ever, so the open has its own bound (docs/outputs-and-signals.md, "Bounds on what a device sends")
        AtomicBoolean unanswered = new AtomicBoolean();
        ScheduledFuture<?> openWatchdog = WATCHDOG.schedule(() -> {
            unanswered.set(true);
            dropConnection(); // wakes the reader blocked on the OKAY
        }, OPEN_TIMEOUT.toNanos(), TimeUnit.NANOSECONDS);
        try {
            stream = dadb.open(service);
        } catch (Exception e) {
            if (unanswered.get()) {
                throw new DeviceGoneException(serial, "device " + serial + " did not answer the request to run '"
                        + AdbErrors.oneLine(command) + "' within " + OPEN_TIMEOUT.toSeconds()
                        + " s (adbd answers at once): reconnect it and retry", e);
            }
            throw failure("run '" + command + "'", e);
        } finally {
            openWatchdog.cancel(false);
        }
        return streamOver(command, stream);
    }

    /** How long a device may take to accept or refuse a stream (adbd answers an OPEN as soon as it starts it). */
    static final Duration OPEN_TIMEOUT = Duration.ofSeconds(5);

    /** The adb service that runs {@code command}: shell protocol v2 where the device has it, else {@code exec:}. */
    private String serviceFor(String command) {
        return shellV2() ? "shell,v2,raw:" + command : LegacyShellStream.service(command);
    }

    /** The reader of a stream opened with {@link #serviceFor}. */
    private CommandStream streamOver(String command, AdbStream stream) {
        return shellV2() ? new ShellV2Stream(serial, command, stream, this::afterGone)
                : new LegacyShellStream(serial, command, stream, this::afterGone);
    }

    /**
     * Whether the device offers adb's {@code shell_v2} feature (D.8 item 3): asked once (through the server dadb
     * read the features with {@code host:features} when it was made; straight to the device the first question
     * connects). Without it adbd's {@code shell:} gives neither a separate standard error nor the exit status, and on
     * Android 6 runs on a terminal; {@link LegacyShellStream} makes up for that.
     */
    boolean shellV2() {
        Boolean known = shellV2;
        if (known != null) {
            return known;
        }
        boolean supported;
        try {
            supported = dadb.supportsFeature(SHELL_V2);
        } catch (Exception e) { // direct: the first feature query connects
            throw failure("connect", e);
        }
        shellV2 = supported;
        return supported;
    }

    private DeviceException failure(String what, Exception e) {
        DeviceException mapped = AdbErrors.fromDadb(serial, what, e);
        if (mapped instanceof DeviceGoneException) {
            afterGone();
        }
        return mapped;
    }

    /** Direct: dadb keeps reusing a connection whose peer vanished unless it is closed (it reconnects then). */
    private void afterGone() {
        if (direct) {
            dropConnection();
        }
    }

    private void dropConnection() {
        try {
            dadb.close(); // server path: no-op; direct: closes the socket, the next call reconnects
        } catch (Exception ignored) {
            // already closed
        }
    }

    private void requireOpen() {
        if (closed.get()) {
            throw new IllegalStateException(this + " is closed");
        }
    }

    private static int fileMode(Path local) {
        try {
            Object mode = Files.getAttribute(local, "unix:mode");
            if (mode instanceof Integer m) {
                return m;
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            // not a POSIX file system: fall back below
        }
        return 0100644; // S_IFREG | rw-r--r--
    }

    private static ScheduledThreadPoolExecutor watchdog() {
        ScheduledThreadPoolExecutor ex = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = Executors.defaultThreadFactory().newThread(r);
            t.setName("fpsctl-shell-timeout");
            t.setDaemon(true);
            return t;
        });
        ex.setRemoveOnCancelPolicy(true);
        return ex;
    }
}
