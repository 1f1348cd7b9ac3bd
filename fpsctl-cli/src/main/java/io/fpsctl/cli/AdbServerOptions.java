package io.fpsctl.cli;

import io.fpsctl.device.AdbBinary;
import io.fpsctl.device.AdbServerAddress;
import io.fpsctl.device.AdbServers;
import io.fpsctl.device.DeviceException;
import picocli.CommandLine.Option;

/**
 * Which adb servers to use ({@code -H}, {@code -P}, {@code --adb-server}): part of {@link DeviceOptions}, and on its
 * own the exporter's, which measures every device the servers list and offers nothing else ({@code --simulate},
 * {@code --connect} and {@code -s} would not work there, so its {@code --help} does not list them).
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

    /** The adb servers to use: every {@code --adb-server}, else the one from -H/-P or the environment. */
    AdbServers servers() {
        try {
            java.util.List<AdbServerAddress> list = adbServers == null || adbServers.isEmpty()
                    ? java.util.List.of(AdbServerAddress.resolve(host, port, System.getenv()))
                    : adbServers.stream().map(AdbServers::parseServer).toList();
            return AdbServers.of(list, AdbBinary.onPath());
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, "--adb-server: " + e.getMessage());
        } catch (DeviceException e) {
            throw new CliException(ExitCode.of(e), e.getMessage(), e);
        }
    }
}
