package io.fpsctl.device;

import dadb.AdbAuthException;
import dadb.AdbConnectException;
import dadb.AdbConnectionClosedException;
import dadb.AdbStreamOpenException;
import dadb.AdbTimeoutException;
import java.net.ConnectException;
import java.net.SocketException;
import java.util.Locale;

/**
 * Turns what adb and dadb report into {@link DeviceException}s with one line saying what happened and what to
 * do. Server messages are the {@code FAIL} texts of adb 29+ ({@code device 'X' not found},
 * {@code device offline}, {@code device unauthorized.…}, {@code closed}; docs/formats.md 5.6).
 */
final class AdbErrors {
    private AdbErrors() {
    }

    static DeviceException unauthorized(String serial) {
        return new DeviceException("device " + serial + " is unauthorized: accept the USB debugging prompt on the device");
    }

    /** Offline is reported as "gone": the device may come back on its own. */
    static DeviceGoneException offline(String serial, Throwable cause) {
        return new DeviceGoneException(serial, "device " + serial
                + " is offline: reconnect it (replug the USB cable, or 'adb reconnect') and retry", cause);
    }

    static DeviceGoneException gone(String serial, String detail, Throwable cause) {
        return new DeviceGoneException(serial, "device " + serial + " went away"
                + (detail == null || detail.isBlank() ? "" : " (" + oneLine(detail) + ")") + ": reconnect it and retry",
                cause);
    }

    /**
     * Maps an exception thrown by dadb (directly or through the adb server) while doing {@code what} on
     * {@code serial}.
     */
    static DeviceException fromDadb(String serial, String what, Exception e) {
        if (e instanceof DeviceException d) {
            return d;
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof AdbMessageGuardInput.DeviceProtocolException p) {
                // a device that breaks adb's framing is not "gone": reconnecting would get the same
                return new DeviceException(p.getMessage(), e);
            }
        }
        if (e instanceof AdbAuthException) {
            return unauthorized(serial);
        }
        if (e instanceof AdbStreamOpenException) {
            return refused(serial, what, e);
        }
        if (e instanceof AdbConnectException || e instanceof AdbConnectionClosedException
                || e instanceof AdbTimeoutException || e instanceof ConnectException || e instanceof SocketException) {
            return gone(serial, e.getMessage(), e);
        }
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        // dadb's server path wraps the server's FAIL text: "Command failed (<request>): <text>"
        String text = message.replaceFirst("(?s)^Command failed \\(.*?\\): ", "");
        return fromServerFailure(serial, what, text, e);
    }

    /** Maps an adb server {@code FAIL} text received while doing {@code what} on {@code serial}. */
    static DeviceException fromServerFailure(String serial, String what, String text, Throwable cause) {
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.contains("unauthorized")) {
            return unauthorized(serial);
        }
        if (lower.contains("offline")) {
            return offline(serial, cause);
        }
        if (lower.contains("not found") || lower.contains("no devices")) {
            return new DeviceGoneException(serial, "device " + serial + " is not attached (" + oneLine(text)
                    + "): reconnect it, or check the serial", cause);
        }
        if (lower.contains("no running adb server")) {
            return gone(serial, text, cause);
        }
        if (lower.strip().equals("closed")) {
            return refused(serial, what, cause);
        }
        return new DeviceException("adb failed to " + what + " on " + serial + ": " + oneLine(text), cause);
    }

    private static DeviceException refused(String serial, String what, Throwable cause) {
        return new DeviceException("device " + serial + " refused to " + what
                + ": this Android version or build does not offer that adb service", cause);
    }

    static String oneLine(String text) {
        return text.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
