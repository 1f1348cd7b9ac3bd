package io.fpsctl.capture;

import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceSilentException;
import io.fpsctl.device.ShellTimeoutException;
import java.time.Duration;

/**
 * How long a poll loop waits for the device's answer to one poll (docs/outputs-and-signals.md, "Bounds on what a
 * device sends"): never past the end of the run plus {@link #GRACE}, and never more than a shell command's own
 * timeout. A device that has not answered by then stopped answering: the run ends there as partial, the time since
 * the last poll it answered a coverage gap named for it ({@link #gapReason}), never "ring overflow".
 */
final class PollBound {
    /**
     * How long past the end of its run a poll may still wait. Inferred: a dump that takes longer is a device in
     * trouble (dumpsys gives up on a service after 10 s by default, its {@code -t}), and the adb server's own request
     * bound (an OPEN answered, {@code device/ServerStream}) is 10 s as well.
     */
    static final Duration GRACE = Duration.ofSeconds(10);

    private PollBound() {
    }

    /** The time the answer to a poll starting at {@code nowNs} may take, for a run that ends at {@code endNs}. */
    static Duration timeout(long nowNs, long endNs) {
        long most = Device.DEFAULT_SHELL_TIMEOUT.toNanos();
        long left = endNs == Long.MAX_VALUE ? most : Math.max(0, endNs - nowNs) + GRACE.toNanos();
        return Duration.ofNanos(Math.min(most, left));
    }

    /** What went silent, in words that follow "stopped answering: ". */
    static String what(ShellTimeoutException e) {
        if (e instanceof DeviceSilentException s) {
            return s.what();
        }
        return "a poll's commands did not finish within " + e.timeout().toSeconds() + " s";
    }

    /** The coverage gap's reason, and the partial run's: from {@code into} (e.g. "3.2 s into the run") to its end. */
    static String gapReason(String serial, String what, String into) {
        return "device " + serial + " stopped answering " + into + " (" + what + "): nothing was read from then to "
                + "the end of the run";
    }
}
