package io.fpsctl.capture;

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
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;

/**
 * Which device a command measures, as adb's conventions name it: {@code -s} serials, the adb server of
 * {@code -H}/{@code -P} (or {@code ADB_SERVER_SOCKET}), several {@code --adb-server}s (a farm: devices may be named
 * {@code HOST:PORT/SERIAL}), or a device's adbd reached directly over TCP ({@code --connect}). {@link #open} selects
 * and opens one with the way to wait for it when it goes away.
 *
 * @param serials    the {@code -s} values (empty: the default device)
 * @param adbServers every {@code --adb-server} (empty: none given)
 * @param server     the one adb server of a run that names at most one: its {@code --adb-server}, else -H/-P or
 *                   the environment
 * @param direct     the {@code --connect} host and port, or null
 */
public record DeviceRequest(List<String> serials, List<AdbServerAddress> adbServers, AdbServerAddress server,
                            Direct direct) {

    /** A device's adbd listening on {@code host:port}. */
    public record Direct(String host, int port) {
    }

    /** An open device and how to wait for it when it goes away. */
    public record Opened(Device device, CaptureSession.Reconnector reconnector) {
    }

    public DeviceRequest {
        serials = serials == null ? List.of() : List.copyOf(serials);
        adbServers = adbServers == null ? List.of() : List.copyOf(adbServers);
    }

    /** The adb servers to use: every {@code --adb-server}, else {@link #server}. */
    public AdbServers servers() {
        return AdbServers.of(adbServers.isEmpty() ? List.of(server) : adbServers, AdbBinary.onPath());
    }

    /** True when devices come from several adb servers or are named HOST:PORT/SERIAL. */
    private boolean farm(String serial) {
        return adbServers.size() > 1 || (serial != null && DeviceAddress.hasServer(serial));
    }

    /**
     * The devices a multi-device command should use: the {@code -s} values, or every online device
     * ({@code allDevices}); a list of one null (the default device) otherwise. Adb servers that do not answer are
     * reported to {@code problems} and skipped.
     *
     * @throws DeviceException when no device is online
     */
    public List<String> serialsFor(boolean allDevices, Consumer<String> problems) {
        if (direct != null) {
            return Collections.singletonList(null);
        }
        if (!allDevices) {
            return serials.isEmpty() ? Collections.singletonList(null) : serials;
        }
        if (farm(null)) {
            List<AdbServers.Listed> all = servers().devices(problems);
            List<String> online = all.stream().filter(d -> d.info().isOnline()).map(d -> AdbServers.name(d, all))
                    .toList();
            if (online.isEmpty()) {
                throw new DeviceException("no device online on " + adbServers
                        + ": connect one, or run with --simulate");
            }
            return online;
        }
        List<String> online = new AdbHostClient(server, AdbBinary.onPath()).devices().stream()
                .filter(DeviceInfo::isOnline).map(DeviceInfo::serial).toList();
        if (online.isEmpty()) {
            throw new DeviceException("no device attached: connect one, or run with --simulate");
        }
        return online;
    }

    /**
     * Opens {@code serial} (null: the default device): directly, on one of several adb servers (waited for on its
     * own server when it goes away), or on the adb server.
     *
     * @throws DeviceException          when it cannot be selected or reached
     * @throws IllegalArgumentException when {@code serial} names a server that is not one of the run's
     */
    public Opened open(String serial, Consumer<String> problems) {
        if (direct != null) {
            return openDirect(direct.host(), direct.port());
        }
        if (farm(serial)) {
            AdbServers servers = servers();
            DeviceAddress a = servers.select(serial, problems);
            Devices devices = new Devices(servers.client(a.server()), System.getenv());
            Device device = DadbDevice.viaServer(a.server(), a.serial());
            return new Opened(device, timeout -> devices.comesBack(a.serial(), timeout));
        }
        Devices devices = new Devices(new AdbHostClient(server, AdbBinary.onPath()), System.getenv());
        DeviceInfo info = devices.select(serial);
        Device device = DadbDevice.viaServer(server, info.serial());
        return new Opened(device, timeout -> devices.comesBack(info.serial(), timeout));
    }

    /**
     * A device's adbd at {@code host:port}, checked with a trivial command; when it goes away it is back once such
     * a command runs again.
     *
     * @throws DeviceException when nothing answers there
     */
    public static Opened openDirect(String host, int port) {
        Device device = DadbDevice.direct(host, port);
        try {
            device.shell("true", Duration.ofSeconds(10));
        } catch (DeviceException e) {
            device.close();
            throw e;
        }
        return new Opened(device, timeout -> awaitDirect(device, timeout));
    }

    /** A device started by fpsctl itself (the simulator) at {@code host:port}: not checked, waited for as direct. */
    public static Opened started(String host, int port) {
        Device device = DadbDevice.direct(host, port);
        return new Opened(device, timeout -> awaitDirect(device, timeout));
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
}
