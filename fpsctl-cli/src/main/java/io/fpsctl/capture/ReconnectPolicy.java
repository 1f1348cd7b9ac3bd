package io.fpsctl.capture;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * Waiting for a device that went away (docs/metrics.md "Coverage" rule 4): up to the reconnect timeout but never
 * past the end of the run's time (a device that returns after the end is not measured again), not at all once the
 * loop was stopped; what it came to goes into the device's absences with the line for the user. Part of
 * {@link CaptureSession}, which then finds out whether a device that came back restarted.
 */
final class ReconnectPolicy {
    /** What waiting came to. */
    enum Wait { BACK, STOPPED, LOST, AWAY_AT_END }

    private final CaptureSession.Reconnector reconnector;
    private final Duration timeout;
    private final HostClock clock;
    private final Consumer<String> notes;
    private final LoopControl control;
    private final DeviceAbsences absences;
    private final RunOutcome outcome;

    ReconnectPolicy(CaptureSession.Reconnector reconnector, Duration timeout, HostClock clock, Consumer<String> notes,
                    LoopControl control, DeviceAbsences absences, RunOutcome outcome) {
        this.reconnector = reconnector;
        this.timeout = timeout;
        this.clock = clock;
        this.notes = notes;
        this.control = control;
        this.absences = absences;
        this.outcome = outcome;
    }

    /** Waits for device {@code serial} that went away, for a run whose time is up at {@code deadline} (host ns). */
    Wait await(String serial, long deadline) {
        long left = deadline - clock.nanoTime();
        boolean boundedByEnd = left < timeout.toNanos();
        Duration wait = boundedByEnd ? Duration.ofNanos(Math.max(0, left)) : timeout;
        notes.accept("device disconnected: waiting up to " + RunOutcome.seconds(wait.toNanos())
                + " s for it to come back" + (boundedByEnd ? " (the end of the run)" : "")
                + " (files so far are complete)");
        boolean back = !control.stopped() && left > 0 && reconnector.awaitOnline(wait);
        long lastPollNs = outcome.lastPollNs();
        if (control.stopped()) {
            absences.awayAtEnd(lastPollNs); // stopped while the device was away: missing from the last poll on
            return Wait.STOPPED;
        }
        if (!back && boundedByEnd) {
            absences.lost(lastPollNs, "device " + serial + " went away "
                    + RunOutcome.seconds(lastPollNs - outcome.startedNs()) + " s into the "
                    + RunOutcome.seconds(deadline - outcome.startedNs()) + " s asked for and was not back before "
                    + "the end: the run is partial; check the cable / 'adb devices', then run again");
            return Wait.AWAY_AT_END;
        }
        if (!back) {
            absences.lost(lastPollNs, "device " + serial + " went away and did not come back within "
                    + timeout.toSeconds() + " s: check the cable / 'adb devices', then run again");
            return Wait.LOST;
        }
        return Wait.BACK;
    }
}
