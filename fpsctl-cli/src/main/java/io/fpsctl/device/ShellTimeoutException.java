package io.fpsctl.device;

import java.time.Duration;

/** A shell command did not finish within its timeout; the command's stream was closed. */
public class ShellTimeoutException extends DeviceException {
    private static final long serialVersionUID = 1L;

    private final Duration timeout;

    public ShellTimeoutException(String serial, String command, Duration timeout) {
        super("'" + command + "' on " + serial + " did not finish within " + Durations.text(timeout)
                + ": the device is busy or stuck; retry, or reboot it if this keeps happening", null);
        this.timeout = timeout;
    }

    /** The timeout that expired. */
    public Duration timeout() {
        return timeout;
    }
}
