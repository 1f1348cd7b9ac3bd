package io.fpsctl.cli;

import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * How the exporter reaches its devices: adb servers only ({@code -H}, {@code -P}, {@code --adb-server}), as it
 * measures every device they list. The options of {@link DeviceOptions} it cannot use ({@code --simulate},
 * {@code --connect}, {@code -s}) are not offered, so {@code --help} lists only what works.
 */
final class AdbServerOptions {

    @Option(names = "-H", paramLabel = "HOST", description = "adb server host (default: 127.0.0.1, or ADB_SERVER_SOCKET).")
    String host;

    @Option(names = "-P", paramLabel = "PORT", description = "adb server port (default: 5037, or ADB_SERVER_SOCKET).")
    Integer port;

    @Option(names = "--adb-server", paramLabel = "HOST:PORT",
            description = "An adb server to use; repeat for a device farm (one server per host). Devices whose "
                    + "serial is on several servers are named HOST:PORT/SERIAL. Default: -H/-P or ADB_SERVER_SOCKET.")
    java.util.List<String> adbServers;

    @Option(names = "--reconnect-timeout", paramLabel = "DUR", converter = DurationConverter.class,
            description = "How long to wait for a device that went away (default: 60s).")
    Duration reconnectTimeout = Duration.ofSeconds(60);

    /** The same choices as device options (which resolve the servers). */
    DeviceOptions asDeviceOptions() {
        DeviceOptions d = new DeviceOptions();
        d.host = host;
        d.port = port;
        d.adbServers = adbServers;
        d.reconnectTimeout = reconnectTimeout;
        return d;
    }
}
