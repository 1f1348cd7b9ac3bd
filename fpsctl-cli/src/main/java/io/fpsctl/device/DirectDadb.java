package io.fpsctl.device;

import dadb.AdbConnectException;
import dadb.AdbConnection;
import dadb.AdbException;
import dadb.AdbKeyPair;
import dadb.AdbShellResponse;
import dadb.AdbShellStream;
import dadb.AdbStream;
import dadb.AdbSyncStream;
import dadb.Dadb;
import dadb.InstallResult;
import dadb.RootResult;
import dadb.SyncResult;
import dadb.UninstallResult;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;

/**
 * dadb straight to a device's adb port, as {@code Dadb.create(host, port, keys, …)} does (one connection, made on
 * first use and again after {@link #close()}), except that the device's bytes pass through
 * {@link FeaturelessBannerInput}, so that an Android 6 adbd, whose banner has no features, is accepted. Every
 * operation beyond opening streams is dadb's own ({@code Dadb.DefaultImpls}).
 */
final class DirectDadb implements Dadb {

    /** dadb's own write timeout for a connection ({@code AdbConnection.WRITE_TIMEOUT_MILLIS}). */
    private static final long WRITE_TIMEOUT_MS = AdbConnection.WRITE_TIMEOUT_MILLIS;

    private final String host;
    private final int port;
    private final AdbKeyPair keys;
    private final int connectTimeoutMs;
    private AdbConnection connection;

    DirectDadb(String host, int port, AdbKeyPair keys, int connectTimeoutMs) {
        this.host = host;
        this.port = port;
        this.keys = keys;
        this.connectTimeoutMs = connectTimeoutMs;
    }

    private synchronized AdbConnection connection() throws IOException {
        if (connection == null) {
            Socket socket = new Socket() {
                private InputStream input;

                @Override
                public synchronized InputStream getInputStream() throws IOException {
                    if (input == null) {
                        // the guard sees the device's bytes first: nothing impossible reaches dadb's reader
                        input = new FeaturelessBannerInput(new AdbMessageGuardInput(super.getInputStream(),
                                host + ":" + port));
                    }
                    return input;
                }
            };
            try {
                socket.connect(new InetSocketAddress(host, port), connectTimeoutMs);
                socket.setKeepAlive(true);
                connection = AdbConnection.Companion.connect(socket, keys, WRITE_TIMEOUT_MS);
            } catch (IOException | RuntimeException e) {
                socket.close();
                throw e;
            }
        }
        return connection;
    }

    @Override
    public AdbStream open(String destination) throws AdbException {
        try {
            return connection().open(destination);
        } catch (AdbException e) {
            throw e;
        } catch (IOException e) {
            throw new AdbConnectException("cannot connect to " + host + ":" + port + ": " + e.getMessage(), e);
        }
    }

    /** Like dadb's own, throws {@link AdbConnectException} (undeclared, as Kotlin does) when it cannot connect. */
    @Override
    public boolean supportsFeature(String feature) {
        try {
            return connection().supportsFeature(feature);
        } catch (IOException e) {
            throw DirectDadb.<RuntimeException>undeclared(e instanceof AdbException ? e : new AdbConnectException("cannot connect to " + host + ":" + port + ": " + e.getMessage(), e));
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T undeclared(Throwable t) throws T {
        throw (T) t;
    }

    @Override
    public synchronized void close() {
        if (connection != null) {
            try {
                connection.close();
            } catch (Exception ignored) {
                // already closed
            }
            connection = null;
        }
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }

    @Override
    public AdbShellResponse shell(String command) throws AdbException {
        return Dadb.DefaultImpls.shell(this, command);
    }

    @Override
    public AdbShellStream openShell(String command) throws AdbException {
        return Dadb.DefaultImpls.openShell(this, command);
    }

    @Override
    public SyncResult push(File src, String remotePath, int mode, long lastModifiedMs) throws AdbException {
        return Dadb.DefaultImpls.push(this, src, remotePath, mode, lastModifiedMs);
    }

    @Override
    public SyncResult push(okio.Source source, String remotePath, int mode, long lastModifiedMs) throws AdbException {
        return Dadb.DefaultImpls.push(this, source, remotePath, mode, lastModifiedMs);
    }

    @Override
    public SyncResult pull(File dst, String remotePath) throws AdbException {
        return Dadb.DefaultImpls.pull(this, dst, remotePath);
    }

    @Override
    public SyncResult pull(okio.Sink sink, String remotePath) throws AdbException {
        return Dadb.DefaultImpls.pull(this, sink, remotePath);
    }

    @Override
    public AdbSyncStream openSync() throws AdbException {
        return Dadb.DefaultImpls.openSync(this);
    }

    @Override
    public InstallResult install(File file, String... options) throws AdbException {
        return Dadb.DefaultImpls.install(this, file, options);
    }

    @Override
    public InstallResult install(okio.Source source, long size, String... options) throws AdbException {
        return Dadb.DefaultImpls.install(this, source, size, options);
    }

    @Override
    public InstallResult installMultiple(List<? extends File> apks, String... options) throws AdbException {
        return Dadb.DefaultImpls.installMultiple(this, apks, options);
    }

    @Override
    public UninstallResult uninstall(String packageName) throws AdbException {
        return Dadb.DefaultImpls.uninstall(this, packageName);
    }

    @Override
    public AdbStream execCmd(String... command) throws AdbException {
        return Dadb.DefaultImpls.execCmd(this, command);
    }

    @Override
    public AdbStream abbExec(String... command) throws AdbException {
        return Dadb.DefaultImpls.abbExec(this, command);
    }

    @Override
    public RootResult root() throws AdbException {
        return Dadb.DefaultImpls.root(this);
    }

    @Override
    public RootResult unroot() throws AdbException {
        return Dadb.DefaultImpls.unroot(this);
    }

    @Override
    public AutoCloseable tcpForward(int hostPort, int targetPort) throws InterruptedException {
        return Dadb.DefaultImpls.tcpForward(this, hostPort, targetPort);
    }
}
