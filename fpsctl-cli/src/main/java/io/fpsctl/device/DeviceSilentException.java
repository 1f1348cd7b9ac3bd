package io.fpsctl.device;

import java.time.Duration;

/**
 * A device that answered before went silent: a stream it had accepted (the shell fpsctl keeps running on it) or the
 * request to open one got no answer within its bound, and the device did not close it either
 * (docs/outputs-and-signals.md, "Bounds on what a device sends"). A timeout like any other, with words for what went
 * silent, so that a poll loop can end the run as partial and say so instead of waiting on.
 */
public final class DeviceSilentException extends ShellTimeoutException {
    private static final long serialVersionUID = 1L;

    private final String what;

    /**
     * @param what what went silent, in words that follow "device SERIAL stopped answering: " (e.g. "the shell fpsctl
     *     keeps running on it ('sh') sent nothing for 25 s")
     */
    DeviceSilentException(String serial, String what, Duration timeout) {
        super(timeout, serial, "device " + serial + " stopped answering: " + what + ": reconnect it and retry");
        this.what = what;
    }

    /** What went silent (see the constructor). */
    public String what() {
        return what;
    }
}
