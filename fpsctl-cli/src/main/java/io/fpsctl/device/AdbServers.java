package io.fpsctl.device;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Several adb servers seen as one pool of devices (a device farm: one server per host). A server that does not
 * answer is reported and skipped; the others carry on. A device is named by its serial when only one server
 * has it, and {@code HOST:PORT/SERIAL} when the serial is on several servers.
 */
public final class AdbServers {

    /** One device as one server lists it. */
    public record Listed(AdbServerAddress server, DeviceInfo info) {
        public DeviceAddress address() {
            return new DeviceAddress(server, info.serial());
        }
    }

    private final Map<AdbServerAddress, AdbHostClient> clients = new LinkedHashMap<>();

    /** @param clients one per server, in the order given (duplicates are dropped) */
    public AdbServers(List<AdbHostClient> clients) {
        if (clients.isEmpty()) {
            throw new IllegalArgumentException("no adb server");
        }
        for (AdbHostClient c : clients) {
            this.clients.putIfAbsent(c.address(), c);
        }
    }

    /** Clients for {@code addresses}, each starting a local server with {@code adb} when none answers. */
    public static AdbServers of(List<AdbServerAddress> addresses, Optional<AdbBinary> adb) {
        return new AdbServers(addresses.stream().map(a -> new AdbHostClient(a, adb)).toList());
    }

    /**
     * Parses {@code HOST:PORT} (or {@code [v6]:PORT}, or just {@code PORT} for 127.0.0.1).
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    public static AdbServerAddress parseServer(String text) {
        String t = text.strip();
        int colon = t.lastIndexOf(':');
        String host = colon < 0 ? AdbServerAddress.DEFAULT_HOST : t.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(t.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("adb server '" + text + "' is not HOST:PORT (e.g. 10.0.0.7:5037)");
        }
        if (host.isBlank() || port < 1 || port > 65535) {
            throw new IllegalArgumentException("adb server '" + text + "' is not HOST:PORT with a port 1..65535");
        }
        return new AdbServerAddress(host, port);
    }

    public List<AdbServerAddress> addresses() {
        return List.copyOf(clients.keySet());
    }

    /** The client of {@code server} (one of {@link #addresses()}). */
    public AdbHostClient client(AdbServerAddress server) {
        AdbHostClient c = clients.get(server);
        if (c == null) {
            throw new DeviceException("adb server " + server + " is not one of " + addresses()
                    + ": add it with --adb-server " + server);
        }
        return c;
    }

    /**
     * Every device of every server. A server that fails is reported to {@code problems} ("adb server X: why")
     * and skipped.
     *
     * @throws DeviceException when no server answers at all (the first server's error)
     */
    public List<Listed> devices(Consumer<String> problems) {
        List<Listed> out = new ArrayList<>();
        DeviceException first = null;
        int answered = 0;
        for (AdbHostClient c : clients.values()) {
            try {
                for (DeviceInfo d : c.devices()) {
                    out.add(new Listed(c.address(), d));
                }
                answered++;
            } catch (DeviceException e) {
                first = first == null ? e : first;
                problems.accept("adb server " + c.address() + ": " + e.getMessage());
            }
        }
        if (answered == 0 && first != null) {
            throw first;
        }
        return List.copyOf(out);
    }

    /** How to name {@code d} among {@code all}: its serial, or {@code HOST:PORT/SERIAL} when the serial repeats. */
    public static String name(Listed d, List<Listed> all) {
        long same = all.stream().filter(o -> o.info().serial().equals(d.info().serial())).count();
        return same > 1 ? d.address().toString() : d.info().serial();
    }

    /**
     * The device {@code wanted} names: {@code HOST:PORT/SERIAL}, a serial found on exactly one server, or (null)
     * the only device of all servers. It must be online.
     *
     * @throws DeviceException (exit 3) saying what to do when there is none, several, or it is not usable
     */
    public DeviceAddress select(String wanted, Consumer<String> problems) {
        if (wanted != null && DeviceAddress.hasServer(wanted)) {
            DeviceAddress a = DeviceAddress.parse(wanted);
            Devices.select(client(a.server()).devices(), a.serial());
            return a;
        }
        List<Listed> all = devices(problems);
        if (wanted == null) {
            if (all.size() == 1) {
                Devices.requireUsable(all.get(0).info());
                return all.get(0).address();
            }
            if (all.isEmpty()) {
                throw new DeviceException("no device attached to " + addressesText()
                        + ": connect one, or run with --simulate");
            }
            throw new DeviceException(all.size() + " devices attached to " + addressesText() + " ("
                    + all.stream().map(d -> name(d, all)).collect(Collectors.joining(", "))
                    + "): choose one with -s SERIAL or -s HOST:PORT/SERIAL");
        }
        List<Listed> matches = all.stream().filter(d -> d.info().serial().equals(wanted)).toList();
        if (matches.isEmpty()) {
            throw new DeviceException("device " + wanted + " is not attached to " + addressesText()
                    + ": check -s, or connect it");
        }
        if (matches.size() > 1) {
            throw new DeviceException("device " + wanted + " is attached to several adb servers ("
                    + matches.stream().map(d -> d.server().toString()).collect(Collectors.joining(", "))
                    + "): use -s HOST:PORT/" + wanted);
        }
        Devices.requireUsable(matches.get(0).info());
        return matches.get(0).address();
    }

    private String addressesText() {
        return clients.size() == 1 ? "the adb server at " + addresses().get(0)
                : "the adb servers " + addresses().stream().map(Object::toString).collect(Collectors.joining(", "));
    }
}
