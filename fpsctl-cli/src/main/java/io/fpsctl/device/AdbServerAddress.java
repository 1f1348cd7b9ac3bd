package io.fpsctl.device;

import java.util.Map;
import java.util.Objects;

/**
 * Where the adb server listens (TCP). Resolved like the adb command line does (adb {@code client/main.cpp}):
 * {@code -H}/{@code -P} options win; otherwise {@code ADB_SERVER_SOCKET=tcp:[host:]port}; otherwise
 * {@code ANDROID_ADB_SERVER_ADDRESS} / {@code ANDROID_ADB_SERVER_PORT}; default {@code 127.0.0.1:5037}.
 *
 * @param host host name or address
 * @param port TCP port, 1..65535
 */
public record AdbServerAddress(String host, int port) {

    /** The adb server's default port. */
    public static final int DEFAULT_PORT = 5037;
    /** Default host; adb itself uses {@code localhost}, we use the loopback address to avoid IPv6 surprises. */
    public static final String DEFAULT_HOST = "127.0.0.1";

    public AdbServerAddress {
        Objects.requireNonNull(host, "host");
        if (host.isBlank()) {
            throw new IllegalArgumentException("adb server host is empty");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("adb server port out of range: " + port);
        }
    }

    /** 127.0.0.1:5037. */
    public static AdbServerAddress defaults() {
        return new AdbServerAddress(DEFAULT_HOST, DEFAULT_PORT);
    }

    /** Resolved from this process's environment, no options. */
    public static AdbServerAddress fromEnvironment() {
        return resolve(null, null, System.getenv());
    }

    /**
     * Resolves the server address.
     *
     * @param hostOption {@code -H} value or null
     * @param portOption {@code -P} value or null
     * @param env the environment to read
     * @throws DeviceException if a variable holds something that is not an address
     */
    public static AdbServerAddress resolve(String hostOption, Integer portOption, Map<String, String> env) {
        if (hostOption != null || portOption != null) {
            return new AdbServerAddress(hostOption != null ? hostOption : DEFAULT_HOST,
                    portOption != null ? checkedPort(portOption, "-P") : DEFAULT_PORT);
        }
        String socket = env.get("ADB_SERVER_SOCKET");
        if (socket != null && !socket.isBlank()) {
            return parseServerSocket(socket.strip());
        }
        String host = env.getOrDefault("ANDROID_ADB_SERVER_ADDRESS", "");
        String port = env.getOrDefault("ANDROID_ADB_SERVER_PORT", "");
        return new AdbServerAddress(host.isBlank() ? DEFAULT_HOST : host.strip(),
                port.isBlank() ? DEFAULT_PORT : parsePort(port.strip(), "ANDROID_ADB_SERVER_PORT=" + port));
    }

    /** {@code tcp:5037}, {@code tcp:host:5037}, {@code tcp:[::1]:5037}. */
    static AdbServerAddress parseServerSocket(String value) {
        String what = "ADB_SERVER_SOCKET=" + value;
        if (!value.startsWith("tcp:")) {
            throw new DeviceException(what + " is not supported: fpsctl needs tcp:[host:]port");
        }
        String rest = value.substring(4);
        int colon = rest.lastIndexOf(':');
        if (colon < 0) {
            return new AdbServerAddress(DEFAULT_HOST, parsePort(rest, what));
        }
        String host = rest.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        if (host.isEmpty()) {
            throw new DeviceException(what + " has no host: use tcp:[host:]port");
        }
        return new AdbServerAddress(host, parsePort(rest.substring(colon + 1), what));
    }

    /** True if the server runs on this machine, so fpsctl may start it. */
    public boolean isLocal() {
        return host.equals("localhost") || host.startsWith("127.") || host.equals("::1");
    }

    /**
     * The host to hand to dadb: {@code localhost} becomes {@code 127.0.0.1} because dadb 2.0.0's server path
     * tries to start an adb binary of its own choosing when the host is literally {@code "localhost"}
     * ({@code AdbBinary.ensureServerRunning}); fpsctl starts the server itself ({@link AdbHostClient}).
     */
    String hostForDadb() {
        return host.equals("localhost") ? DEFAULT_HOST : host;
    }

    @Override
    public String toString() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    private static int parsePort(String text, String what) {
        try {
            return checkedPort(Integer.parseInt(text), what);
        } catch (NumberFormatException e) {
            throw new DeviceException(what + " is not a port number: use 1..65535", e);
        }
    }

    private static int checkedPort(int port, String what) {
        if (port < 1 || port > 65535) {
            throw new DeviceException(what + " port " + port + " is out of range: use 1..65535");
        }
        return port;
    }
}
