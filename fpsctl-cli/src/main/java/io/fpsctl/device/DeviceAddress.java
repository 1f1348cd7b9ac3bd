package io.fpsctl.device;

import java.util.Objects;

/**
 * A device on one adb server: written {@code HOST:PORT/SERIAL} when the same serial is attached to several
 * servers (a serial never contains {@code /}), or just {@code SERIAL} when that is unambiguous.
 *
 * @param server the adb server the device is attached to
 * @param serial the device's serial on that server
 */
public record DeviceAddress(AdbServerAddress server, String serial) {

    public DeviceAddress {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(serial, "serial");
        if (serial.isBlank()) {
            throw new IllegalArgumentException("empty serial");
        }
    }

    /** Whether {@code text} names a server ({@code HOST:PORT/SERIAL}). */
    public static boolean hasServer(String text) {
        return text.indexOf('/') > 0;
    }

    /**
     * Parses {@code HOST:PORT/SERIAL} (also {@code [::1]:PORT/SERIAL}).
     *
     * @throws DeviceException (usage-level message) when the server part is not HOST:PORT
     */
    public static DeviceAddress parse(String text) {
        int slash = text.indexOf('/');
        if (slash <= 0 || slash == text.length() - 1) {
            throw new IllegalArgumentException("'" + text + "' is not HOST:PORT/SERIAL");
        }
        return new DeviceAddress(AdbServers.parseServer(text.substring(0, slash)), text.substring(slash + 1));
    }

    @Override
    public String toString() {
        return server + "/" + serial;
    }
}
