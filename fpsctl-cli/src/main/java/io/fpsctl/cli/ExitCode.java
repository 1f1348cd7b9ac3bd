package io.fpsctl.cli;

import io.fpsctl.capture.StopSignal;
import io.fpsctl.device.DeviceException;

/** fpsctl's documented exit codes (docs/outputs-and-signals.md, {@code --help}). */
public final class ExitCode {
    /** Success; for {@code gate}: every threshold passed. */
    public static final int OK = 0;
    /** {@code gate}: a threshold failed. */
    public static final int GATE_FAILED = 1;
    /** Bad command line. */
    public static final int USAGE = 2;
    /** adb or device problem: no server, no device, offline, unauthorized, several devices without -s. */
    public static final int DEVICE = 3;
    /** App problem: not installed, not running, no frames within the timeout. */
    public static final int APP = 4;
    /** Input/output problem: unreadable file, not a dump, cannot write output. */
    public static final int IO = 5;
    /** Stopped by SIGINT (Ctrl-C), after writing what was captured. */
    public static final int SIGINT = StopSignal.SIGINT_EXIT;
    /** Stopped by SIGHUP (terminal closed, ssh dropped), after writing what was captured. */
    public static final int SIGHUP = StopSignal.SIGHUP_EXIT;
    /** Stopped by SIGTERM, after writing what was captured. */
    public static final int SIGTERM = StopSignal.SIGTERM_EXIT;
    /**
     * The reader of standard output went away ({@code | head}): no message, the status a shell gives a process that
     * SIGPIPE ended (files the command writes are still complete).
     */
    public static final int READER_GONE = StopSignal.READER_GONE_EXIT;

    private ExitCode() {
    }

    /** The exit code for a device-layer problem, by whose problem it is. */
    public static int of(DeviceException e) {
        return switch (e.blame()) {
            case DEVICE -> DEVICE;
            case APP -> APP;
            case LOCAL_IO -> IO;
        };
    }
}
