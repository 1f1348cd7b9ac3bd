package io.fpsctl.device;

import io.fpsctl.cli.ExitCode;

/**
 * An adb or device problem, reported to the user as one line saying what happened and what to do, with an
 * exit code ({@link ExitCode#DEVICE} unless stated otherwise).
 */
public class DeviceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int exitCode;

    public DeviceException(String message) {
        this(ExitCode.DEVICE, message, null);
    }

    public DeviceException(String message, Throwable cause) {
        this(ExitCode.DEVICE, message, cause);
    }

    public DeviceException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /** The process exit code to use when this ends the command (see {@link ExitCode}). */
    public int exitCode() {
        return exitCode;
    }
}
