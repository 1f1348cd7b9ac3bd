package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Waiting for a device that went away (docs/metrics.md "Coverage" rule 4), on a manual clock: texts by hand. */
class ReconnectPolicyTest {
    private static final long S = 1_000_000_000L;
    private final CaptureClockTest.ManualClock clock = new CaptureClockTest.ManualClock();
    private final long t0 = clock.now;
    private final List<String> notes = new ArrayList<>();
    private final List<Duration> asked = new ArrayList<>();
    private final LoopControl control = new LoopControl(clock);
    private final DeviceAbsences absences = new DeviceAbsences();
    private final RunOutcome outcome = new RunOutcome(control, absences, new UnreadableSource(), Duration.ofSeconds(30));

    /** A policy whose device answers {@code back} after waiting what it was asked (on the clock). */
    private ReconnectPolicy policy(boolean back) {
        return new ReconnectPolicy(timeout -> {
            asked.add(timeout);
            clock.now += timeout.toNanos();
            return back;
        }, Duration.ofSeconds(30), clock, notes::add, control, absences, outcome);
    }

    /** The run started at t0 for 60 s; the last poll was 2 s in and the device went away 2.5 s in. */
    private long started() {
        outcome.started(t0, Duration.ofSeconds(60));
        outcome.polled(t0 + 2 * S);
        clock.now = t0 + 2_500_000_000L;
        return t0 + 60 * S;
    }

    @Test
    void aDeviceBackWithinTheTimeoutIsBackWithNothingRecorded() {
        long deadline = started();
        assertEquals(ReconnectPolicy.Wait.BACK, policy(true).await("emu-1", deadline));
        assertEquals(List.of(Duration.ofSeconds(30)), asked);
        assertEquals(List.of("device disconnected: waiting up to 30.0 s for it to come back (files so far are complete)"),
                notes);
        assertFalse(absences.awayAtEnd());
        assertNull(absences.lostMessage());
    }

    @Test
    void aDeviceNotBackWithinTheTimeoutIsLostFromTheLastPoll() {
        long deadline = started();
        assertEquals(ReconnectPolicy.Wait.LOST, policy(false).await("emu-1", deadline));
        assertEquals(t0 + 2 * S, absences.awayAtEndSinceNs());
        assertEquals("device emu-1 went away and did not come back within 30 s: check the cable / 'adb devices', "
                + "then run again", absences.lostMessage());
    }

    @Test
    void nearTheEndItWaitsOnlyToTheEndAndTheRunIsPartial() {
        started();
        long deadline = t0 + 12 * S; // 9.5 s left, less than the 30 s timeout
        assertEquals(ReconnectPolicy.Wait.AWAY_AT_END, policy(false).await("emu-1", deadline));
        assertEquals(List.of(Duration.ofMillis(9500)), asked);
        assertEquals(List.of("device disconnected: waiting up to 9.5 s for it to come back (the end of the run) "
                + "(files so far are complete)"), notes);
        assertEquals("device emu-1 went away 2.0 s into the 12.0 s asked for and was not back before the end: the run "
                + "is partial; check the cable / 'adb devices', then run again", absences.lostMessage());
    }

    @Test
    void withTheRunsTimeUpOrTheLoopStoppedItDoesNotWait() {
        started();
        assertEquals(ReconnectPolicy.Wait.AWAY_AT_END, policy(true).await("emu-1", clock.now));
        assertEquals(List.of(), asked, "no time left: not asked, even though the device would be back");
        control.stop("SIGINT");
        assertEquals(ReconnectPolicy.Wait.STOPPED, policy(true).await("emu-1", clock.now + 60 * S));
        assertEquals(List.of(), asked);
        assertTrue(absences.awayAtEnd());
        assertEquals(t0 + 2 * S, absences.awayAtEndSinceNs(), "missing from the last poll on");
    }
}
