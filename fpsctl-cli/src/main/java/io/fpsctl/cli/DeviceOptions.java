package io.fpsctl.cli;

import io.fpsctl.capture.CaptureSession;
import io.fpsctl.capture.DeviceRequest;
import io.fpsctl.device.AdbServerAddress;
import io.fpsctl.device.AdbServers;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceAddress;
import io.fpsctl.device.DeviceException;
import io.fpsctl.text.TerminalText;
import java.io.IOException;
import java.time.Duration;
import picocli.CommandLine.Option;

/** How a command reaches its device: adb conventions ({@code -s}, {@code -H}, {@code -P}) or {@code --simulate}. */
final class DeviceOptions {

    @Option(names = {"-s", "--serial"}, paramLabel = "SERIAL",
            description = "Device serial (default: ANDROID_SERIAL, or the only device attached); capture takes several.")
    java.util.List<String> serials;

    /** -H, -P, --adb-server. */
    @picocli.CommandLine.Mixin
    AdbServerOptions adb = new AdbServerOptions();

    @Option(names = "--simulate", arity = "0..1", fallbackValue = "jank", paramLabel = "SCENARIO",
            converter = ScenarioConverter.class,
            description = "Measure a built-in simulated device instead of a phone (scenario: smooth, jank, game, "
                    + "game-late, refresh-switch, freeze, idle-bursts, two-windows, system-jank, scroll, throttle; default jank). "
                    + "Needs no adb.")
    String simulate;

    @Option(names = "--connect", paramLabel = "HOST:PORT",
            description = "Talk to a device's adbd (e.g. a running 'fpsctl sim') directly over TCP, without an adb server.")
    String connect;

    @Option(names = "--sim-android", paramLabel = "N", description = "Android version of the simulated device (default: 14).")
    int simAndroid = 14;

    @Option(names = "--sim-refresh", paramLabel = "HZ", description = "Refresh rate of the simulated device (60, 90, 120, 144).")
    Integer simRefresh;

    @Option(names = "--reconnect-timeout", paramLabel = "DUR", converter = DurationConverter.class,
            description = "How long to wait for a device that went away (default: 60s).")
    Duration reconnectTimeout = Duration.ofSeconds(60);

    /** An open device, and the simulator behind it when simulating. */
    static final class Connection implements AutoCloseable {
        final Device device;
        final CaptureSession.Reconnector reconnector;
        final SimulatedDevice simulator;

        Connection(Device device, CaptureSession.Reconnector reconnector, SimulatedDevice simulator) {
            this.device = device;
            this.reconnector = reconnector;
            this.simulator = simulator;
        }

        @Override
        public void close() {
            device.close();
            if (simulator != null) {
                try {
                    simulator.close();
                } catch (IOException e) {
                    // the simulator only holds loopback sockets and an optional truth file; nothing to tell the user
                }
            }
        }
    }

    boolean simulating() {
        return simulate != null;
    }

    /** The one {@code -s} value, or null; several are a usage error outside capture. */
    String serial() {
        if (serials == null || serials.isEmpty()) {
            return null;
        }
        if (serials.size() > 1) {
            throw new CliException(ExitCode.USAGE, "this command measures one device: give -s once");
        }
        return serials.get(0);
    }

    /** The adb servers to use: every {@code --adb-server}, else the one from -H/-P or the environment. */
    AdbServers servers() {
        return adb.servers();
    }

    /** The options as the typed value capture selects devices with. */
    DeviceRequest request() {
        java.util.List<AdbServerAddress> listed;
        try {
            listed = adb.adbServers == null ? java.util.List.of()
                    : adb.adbServers.stream().map(AdbServers::parseServer).toList();
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, "--adb-server: " + e.getMessage());
        }
        if (connect != null || listed.size() > 1) {
            return new DeviceRequest(serials, listed, null, connect == null ? null : direct());
        }
        try {
            AdbServerAddress one = listed.size() == 1 ? listed.get(0)
                    : AdbServerAddress.resolve(adb.host, adb.port, System.getenv());
            return new DeviceRequest(serials, listed, one, null);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, e.getMessage(), e);
        }
    }

    /** The devices a multi-device command should use: the {@code -s} values, or every online device. */
    java.util.List<String> serialsFor(boolean allDevices) {
        return serialsFor(allDevices, message -> System.err.println("fpsctl: " + TerminalText.escape(message)));
    }

    /** Same, reporting adb servers that do not answer (skipped) to {@code problems}. */
    java.util.List<String> serialsFor(boolean allDevices, java.util.function.Consumer<String> problems) {
        if (simulate != null) {
            return java.util.Collections.singletonList(null);
        }
        try {
            return request().serialsFor(allDevices, problems);
        } catch (DeviceException e) {
            throw new CliException(ExitCode.of(e), e.getMessage(), e);
        }
    }

    /** Opens the device for {@code pkg} (a simulated device runs that package; null: the simulator's default). */
    Connection connect(String pkg) {
        return connect(pkg, serial());
    }

    /** Opens {@code serial} (null: the default device) for {@code pkg}. */
    Connection connect(String pkg, String serial) {
        if (simulate != null) {
            return simulated(pkg);
        }
        DeviceRequest request = request();
        try {
            DeviceRequest.Opened d = request.open(serial, message -> System.err.println("fpsctl: " + TerminalText.escape(message)));
            return new Connection(d.device(), d.reconnector(), null);
        } catch (DeviceException e) {
            if (connect != null) {
                throw new CliException(ExitCode.DEVICE, "cannot reach a device at " + connect + ": " + e.getMessage()
                        + " (is it listening? for a phone use 'adb connect' and -s)", e);
            }
            throw new CliException(ExitCode.of(e), e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, (request.adbServers().size() > 1
                    || (serial != null && DeviceAddress.hasServer(serial)) ? "-s: " : "") + e.getMessage(), e);
        }
    }

    private Connection simulated(String pkg) {
        SimulatedDevice sim;
        try {
            sim = SimulatedDevice.start(simulate, simAndroid, simRefresh, pkg);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, "--simulate: " + e.getMessage() + " (scenarios: "
                    + SimulatedDevice.scenarioNames() + ")");
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, "cannot start the simulated device: " + e.getMessage());
        }
        DeviceRequest.Opened d = DeviceRequest.started("127.0.0.1", sim.port());
        return new Connection(d.device(), d.reconnector(), sim);
    }

    /** {@code --connect HOST:PORT}. */
    private DeviceRequest.Direct direct() {
        int colon = connect.lastIndexOf(':');
        int p;
        try {
            p = Integer.parseInt(connect.substring(colon + 1));
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            throw new CliException(ExitCode.USAGE, "--connect needs HOST:PORT, e.g. 127.0.0.1:15037");
        }
        return new DeviceRequest.Direct(colon > 0 ? connect.substring(0, colon) : "127.0.0.1", p);
    }

    /** A short name of the device for messages and file paths. */
    static String label(Connection c) {
        return c.simulator != null ? "sim-" + c.simulator.port() : c.device.serial();
    }
}
