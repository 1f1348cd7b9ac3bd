package io.fpsctl.cli;

import io.fpsctl.capture.CaptureSession;
import io.fpsctl.device.AdbBinary;
import io.fpsctl.device.AdbHostClient;
import io.fpsctl.device.AdbServerAddress;
import io.fpsctl.device.AdbServers;
import io.fpsctl.device.DadbDevice;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceAddress;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.DeviceInfo;
import io.fpsctl.device.Devices;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
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
        final Simulator simulator;

        Connection(Device device, CaptureSession.Reconnector reconnector, Simulator simulator) {
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

    /** The one adb server of a run that names at most one: its {@code --adb-server}, else -H/-P or the environment. */
    private AdbServerAddress server() {
        if (adb.adbServers != null && adb.adbServers.size() == 1) {
            try {
                return AdbServers.parseServer(adb.adbServers.get(0));
            } catch (IllegalArgumentException e) {
                throw new CliException(ExitCode.USAGE, "--adb-server: " + e.getMessage());
            }
        }
        return AdbServerAddress.resolve(adb.host, adb.port, System.getenv());
    }

    /** True when devices come from several adb servers or are named HOST:PORT/SERIAL. */
    private boolean farm(String serial) {
        return (adb.adbServers != null && adb.adbServers.size() > 1) || (serial != null && DeviceAddress.hasServer(serial));
    }

    /** The devices a multi-device command should use: the {@code -s} values, or every online device. */
    java.util.List<String> serialsFor(boolean allDevices) {
        return serialsFor(allDevices, message -> System.err.println("fpsctl: " + message));
    }

    /** Same, reporting adb servers that do not answer (skipped) to {@code problems}. */
    java.util.List<String> serialsFor(boolean allDevices, java.util.function.Consumer<String> problems) {
        if (simulate != null || connect != null) {
            return java.util.Collections.singletonList(null);
        }
        if (!allDevices) {
            return serials == null || serials.isEmpty() ? java.util.Collections.singletonList(null) : serials;
        }
        if (farm(null)) {
            try {
                java.util.List<AdbServers.Listed> all = servers().devices(problems);
                java.util.List<String> online = all.stream().filter(d -> d.info().isOnline())
                        .map(d -> AdbServers.name(d, all)).toList();
                if (online.isEmpty()) {
                    throw new CliException(ExitCode.DEVICE, "no device online on " + adb.adbServers
                            + ": connect one, or run with --simulate");
                }
                return online;
            } catch (DeviceException e) {
                throw new CliException(ExitCode.of(e), e.getMessage(), e);
            }
        }
        try {
            AdbServerAddress address = server();
            java.util.List<String> online = new AdbHostClient(address, AdbBinary.onPath()).devices().stream()
                    .filter(DeviceInfo::isOnline).map(DeviceInfo::serial).toList();
            if (online.isEmpty()) {
                throw new CliException(ExitCode.DEVICE, "no device attached: connect one, or run with --simulate");
            }
            return online;
        } catch (DeviceException e) {
            throw new CliException(ExitCode.of(e), e.getMessage(), e);
        }
    }

    /** Opens the device for {@code pkg} (a simulated device runs that package). */
    Connection connect(String pkg) {
        return connect(pkg, serial());
    }

    /** Opens {@code serial} (null: the default device) for {@code pkg}. */
    Connection connect(String pkg, String serial) {
        if (simulate != null) {
            return simulated(pkg);
        }
        if (connect != null) {
            return direct();
        }
        if (farm(serial)) {
            return farmDevice(serial);
        }
        try {
            AdbServerAddress address = server();
            Devices devices = new Devices(new AdbHostClient(address, AdbBinary.onPath()), System.getenv());
            DeviceInfo info = devices.select(serial);
            Device device = DadbDevice.viaServer(address, info.serial());
            return new Connection(device, timeout -> devices.comesBack(info.serial(), timeout), null);
        } catch (DeviceException e) {
            throw new CliException(ExitCode.of(e), e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, e.getMessage(), e);
        }
    }

    /** A device of one of several adb servers; it is waited for on its own server when it goes away. */
    private Connection farmDevice(String serial) {
        try {
            AdbServers servers = servers();
            DeviceAddress a = servers.select(serial, message -> System.err.println("fpsctl: " + message));
            Devices devices = new Devices(servers.client(a.server()), System.getenv());
            Device device = DadbDevice.viaServer(a.server(), a.serial());
            return new Connection(device, timeout -> devices.comesBack(a.serial(), timeout), null);
        } catch (DeviceException e) {
            throw new CliException(ExitCode.of(e), e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, "-s: " + e.getMessage(), e);
        }
    }

    private Connection simulated(String pkg) {
        Simulator sim;
        try {
            SimOptions options = new SimOptions(AndroidVersion.of(simAndroid), simRefresh, 1, pkg);
            sim = Simulator.start(new Simulator.Config(Scenarios.byNameOrFile(simulate), options, 0, null, false,
                    null, 0));
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCode.USAGE, "--simulate: " + e.getMessage() + " (scenarios: "
                    + Scenarios.names() + ")");
        } catch (IOException e) {
            throw new CliException(ExitCode.IO, "cannot start the simulated device: " + e.getMessage());
        }
        Device device = DadbDevice.direct("127.0.0.1", sim.port());
        return new Connection(device, timeout -> awaitDirect(device, timeout), sim);
    }

    private Connection direct() {
        int colon = connect.lastIndexOf(':');
        int p;
        try {
            p = Integer.parseInt(connect.substring(colon + 1));
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            throw new CliException(ExitCode.USAGE, "--connect needs HOST:PORT, e.g. 127.0.0.1:15037");
        }
        String h = colon > 0 ? connect.substring(0, colon) : "127.0.0.1";
        try {
            Device device = DadbDevice.direct(h, p);
            device.shell("true", Duration.ofSeconds(10));
            return new Connection(device, timeout -> awaitDirect(device, timeout), null);
        } catch (DeviceException e) {
            throw new CliException(ExitCode.DEVICE, "cannot reach a device at " + connect + ": " + e.getMessage()
                    + " (is it listening? for a phone use 'adb connect' and -s)", e);
        }
    }

    /** A directly connected device is back when a trivial command runs again. */
    private static boolean awaitDirect(Device device, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                if (device.shell("true", Duration.ofSeconds(5)).succeeded()) {
                    return true;
                }
            } catch (DeviceException e) {
                // still away
            }
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    /** A short name of the device for messages and file paths. */
    static String label(Connection c) {
        return c.simulator != null ? "sim-" + c.simulator.port() : c.device.serial();
    }
}
