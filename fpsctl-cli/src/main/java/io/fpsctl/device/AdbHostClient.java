package io.fpsctl.device;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A client of the adb server's host services over TCP (the "smart socket" protocol, docs/formats.md 5.6): a request
 * is 4 hex digits of length plus the text; the answer is {@code OKAY} or {@code FAIL}+hex4+message, and for
 * queries hex4+text. One TCP connection per request.
 *
 * <p>When no server answers on a local address and an {@link AdbBinary} is known, the client runs
 * {@code adb -P <port> start-server} once and retries; without a binary it fails with a message saying what
 * to install. Thread-safe.
 */
public final class AdbHostClient {

    private static final int CONNECT_TIMEOUT_MS = 2_000;
    private static final int QUERY_TIMEOUT_MS = 10_000;
    /** {@code host:connect} waits up to 10 s for the device's CNXN (D.2), so allow more. */
    private static final int CONNECT_SERVICE_TIMEOUT_MS = 30_000;
    /** {@code len == 0 || len > MAX_PAYLOAD} is refused by the server (D.6). */
    private static final int MAX_REQUEST = 1024 * 1024;

    private final AdbServerAddress address;
    private final Optional<AdbBinary> adb;
    private final Object startLock = new Object();
    private boolean startAttempted;

    /**
     * @param address where the server listens
     * @param adb the binary to start the server with when none answers; empty to never start one
     */
    public AdbHostClient(AdbServerAddress address, Optional<AdbBinary> adb) {
        this.address = Objects.requireNonNull(address, "address");
        this.adb = Objects.requireNonNull(adb, "adb");
    }

    /** The server from the environment ({@link AdbServerAddress#fromEnvironment()}) and {@code adb} on PATH. */
    public static AdbHostClient fromEnvironment() {
        return new AdbHostClient(AdbServerAddress.fromEnvironment(), AdbBinary.onPath());
    }

    /** Where this client talks to. */
    public AdbServerAddress address() {
        return address;
    }

    /** {@code host:version}: the server's protocol version (41 for current servers, D.6). */
    public int version() {
        String hex = query("host:version", QUERY_TIMEOUT_MS);
        try {
            return Integer.parseInt(hex.strip(), 16);
        } catch (NumberFormatException e) {
            throw new DeviceException("the adb server at " + address + " sent an unreadable version '" + hex
                    + "': is something else listening on that port?", e);
        }
    }

    /** {@code host:devices-l}: every device the server knows, in any state. */
    public List<DeviceInfo> devices() {
        return DeviceInfo.parseList(query("host:devices-l", QUERY_TIMEOUT_MS));
    }

    /**
     * {@code host:track-devices-l}: calls {@code listener} on a background thread with the full device list
     * now and after every change, until the returned tracker is closed or the server goes away. Note that a
     * device that dies is shown {@code offline} by {@code host:devices} at once but by track-devices only when
     * the server reconnects or drops it (docs/formats.md 5.6 item 9).
     */
    public DeviceTracker trackDevices(Consumer<List<DeviceInfo>> listener) {
        Objects.requireNonNull(listener, "listener");
        Socket socket = open();
        try {
            socket.setSoTimeout(0);
            send(socket, "host:track-devices-l");
            return new DeviceTracker(address, socket, listener);
        } catch (IOException e) {
            closeQuietly(socket);
            throw lost("track devices", e);
        } catch (RuntimeException e) {
            closeQuietly(socket);
            throw e;
        }
    }

    /**
     * {@code host:connect:<hostPort>}: asks the server to connect to a device over TCP; waits until the server
     * answers (up to ~10 s when nothing replies there).
     *
     * @return the server's message, e.g. {@code connected to 127.0.0.1:15037},
     *     {@code already connected to …}, {@code failed to authenticate to …}, {@code failed to connect to …}
     */
    public String connect(String hostPort) {
        return message("host:connect:" + hostPort);
    }

    /**
     * {@code host-serial:<serial>:forward:tcp:0;tcp:<devicePort>} (adb's SERVICES.TXT "host-serial:<serial>:forward:
     * <local>;<remote>"): the server listens on a free local port and connects each connection to the device's
     * {@code tcp:<devicePort>} service. The answer is OKAY (the host service), OKAY (the forward installed), then the
     * chosen port as a hex4-prefixed string (packages/modules/adb {@code adb.cpp handle_forward_request}; as Debian's
     * adb 34 answers: {@code OKAYOKAY000540617}).
     *
     * @return the local port
     */
    public int forwardTcp(String serial, int devicePort) {
        String request = "host-serial:" + serial + ":forward:tcp:0;tcp:" + devicePort;
        try (Socket socket = open()) {
            socket.setSoTimeout(QUERY_TIMEOUT_MS);
            send(socket, request);
            InputStream in = socket.getInputStream();
            String second = readString(in, 4);
            if (second.equals("FAIL")) {
                throw new ServerFailure(request, readHexString(in));
            }
            if (!second.equals("OKAY")) {
                throw notAdb(second);
            }
            String port = readHexString(in).trim();
            if (!port.matches("[0-9]{1,5}") || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65535) {
                throw new DeviceException("the adb server answered the forward of tcp:" + devicePort
                        + " with a port fpsctl cannot read: retry, or run 'adb forward tcp:0 tcp:" + devicePort + "'");
            }
            return Integer.parseInt(port);
        } catch (IOException e) {
            throw lost(request, e);
        }
    }

    /** {@code host-serial:<serial>:killforward:tcp:<localPort>}: removes a forward; quiet when it is gone already. */
    public void removeForward(String serial, int localPort) {
        String request = "host-serial:" + serial + ":killforward:tcp:" + localPort;
        try (Socket socket = open()) {
            socket.setSoTimeout(QUERY_TIMEOUT_MS);
            send(socket, request);
        } catch (IOException | DeviceException e) {
            // the server or the device went away: nothing is left to remove
        }
    }

    /**
     * {@code host:disconnect:<hostPort>}: drops a TCP device.
     *
     * @return the server's message, e.g. {@code disconnected 127.0.0.1:15037} or {@code no such device '…'}
     */
    public String disconnect(String hostPort) {
        return message("host:disconnect:" + hostPort);
    }

    // ---------------------------------------------------------------------------------------------------------

    /** Sends a request whose OKAY is followed by a hex4-prefixed text, and returns that text. */
    private String query(String request, int readTimeoutMs) {
        try (Socket socket = open()) {
            socket.setSoTimeout(readTimeoutMs);
            send(socket, request);
            return readHexString(socket.getInputStream());
        } catch (IOException e) {
            throw lost(request, e);
        }
    }

    /** connect/disconnect: the server's message whether it says OKAY or FAIL. */
    private String message(String request) {
        try (Socket socket = open()) {
            socket.setSoTimeout(CONNECT_SERVICE_TIMEOUT_MS);
            writeRequest(socket.getOutputStream(), request);
            InputStream in = socket.getInputStream();
            String status = readString(in, 4);
            if (!status.equals("OKAY") && !status.equals("FAIL")) {
                throw notAdb(status);
            }
            return readHexString(in);
        } catch (IOException e) {
            throw lost(request, e);
        }
    }

    /** Writes {@code request} and reads {@code OKAY}; a {@code FAIL} becomes a {@link DeviceException}. */
    static void send(Socket socket, String request) throws IOException {
        writeRequest(socket.getOutputStream(), request);
        InputStream in = socket.getInputStream();
        String status = readString(in, 4);
        if (status.equals("OKAY")) {
            return;
        }
        if (status.equals("FAIL")) {
            throw new ServerFailure(request, readHexString(in));
        }
        throw new DeviceException("unexpected answer '" + status + "' to " + request
                + ": is something other than an adb server listening there?");
    }

    private static void writeRequest(OutputStream out, String request) throws IOException {
        byte[] body = request.getBytes(StandardCharsets.UTF_8);
        if (body.length == 0 || body.length > MAX_REQUEST) {
            throw new IllegalArgumentException("adb request length out of range: " + body.length);
        }
        out.write(String.format("%04x", body.length).getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
    }

    static String readHexString(InputStream in) throws IOException {
        String hex = readString(in, 4);
        int length;
        try {
            length = Integer.parseInt(hex, 16);
        } catch (NumberFormatException e) {
            throw new IOException("bad length prefix '" + hex + "'", e);
        }
        return readString(in, length);
    }

    /** Reads exactly {@code n} bytes as UTF-8; EOF on the very first byte of a hex4 read is an EOFException. */
    static String readString(InputStream in, int n) throws IOException {
        byte[] b = in.readNBytes(n);
        if (b.length < n) {
            throw new EOFException("the adb server closed the connection");
        }
        return new String(b, StandardCharsets.UTF_8);
    }

    /** A socket to the server, starting the server once if none answers. */
    private Socket open() {
        try {
            return connectSocket();
        } catch (ConnectException e) {
            startServerOnce(e);
            try {
                return connectSocket();
            } catch (IOException again) {
                throw new DeviceException("the adb server at " + address + " still does not answer after starting it ("
                        + again.getMessage() + "): run 'adb -P " + address.port() + " start-server' by hand to see why",
                        again);
            }
        } catch (SocketTimeoutException e) {
            throw new DeviceException("the adb server at " + address + " does not answer (connect timed out):"
                    + " check -H/-P, ADB_SERVER_SOCKET or ANDROID_ADB_SERVER_PORT", e);
        } catch (IOException e) {
            throw new DeviceException("cannot reach the adb server at " + address + ": " + e.getMessage(), e);
        }
    }

    private Socket connectSocket() throws IOException {
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(address.host(), address.port()), CONNECT_TIMEOUT_MS);
            return socket;
        } catch (IOException e) {
            closeQuietly(socket);
            throw e;
        }
    }

    private void startServerOnce(ConnectException refused) {
        synchronized (startLock) {
            if (startAttempted) {
                throw noServer("it was started once already and stopped answering", refused);
            }
            startAttempted = true;
            if (!address.isLocal()) {
                throw noServer("fpsctl only starts a server on this machine: start it on " + address.host()
                        + ", or fix -H/-P/ADB_SERVER_SOCKET", refused);
            }
            if (adb.isEmpty()) {
                throw noServer("adb is not on PATH: install Android platform-tools (e.g. apt-get install adb)"
                        + " and make sure 'adb' is on PATH, or run with --simulate", refused);
            }
            adb.get().startServer(address.port());
        }
    }

    private DeviceException noServer(String what, Throwable cause) {
        return new DeviceException("no adb server answers at " + address + " and " + what, cause);
    }

    private DeviceException lost(String what, IOException e) {
        if (e instanceof ServerFailure f) {
            return new DeviceException("the adb server refused " + f.request + ": " + AdbErrors.oneLine(f.message), e);
        }
        return new DeviceException("lost the adb server at " + address + " during " + what + " (" + e.getMessage()
                + "): retry; if it keeps happening run 'adb kill-server'", e);
    }

    private DeviceException notAdb(String status) {
        return new DeviceException("unexpected answer '" + status + "' from " + address
                + ": is something other than an adb server listening there?");
    }

    static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // nothing more to release
        }
    }

    /** A {@code FAIL} answer: the request and the server's message. */
    static final class ServerFailure extends IOException {
        private static final long serialVersionUID = 1L;
        final String request;
        final String message;

        ServerFailure(String request, String message) {
            super("adb server: " + message);
            this.request = request;
            this.message = message;
        }
    }
}
