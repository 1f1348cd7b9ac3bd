package io.fpsctl.device;

import java.time.Duration;

/** A shell command did not finish within its timeout; the command's stream was closed. */
public class ShellTimeoutException extends DeviceException {
    private static final long serialVersionUID = 1L;

    private final Duration timeout;
    private final String serial;

    public ShellTimeoutException(String serial, String command, Duration timeout) {
        this(timeout, serial, "'" + command + "' on " + serial + " did not finish within " + Durations.text(timeout)
                + ": the device is busy or stuck; retry, or reboot it if this keeps happening");
    }

    /** A timeout that says in {@code message} itself what did not finish ({@link DeviceSilentException}). */
    ShellTimeoutException(Duration timeout, String serial, String message) {
        super(message, null);
        this.serial = serial;
        this.timeout = timeout;
    }

    /** The device's serial. */
    public String serial() {
        return serial;
    }

    /** The timeout that expired. */
    public Duration timeout() {
        return timeout;
    }
}
