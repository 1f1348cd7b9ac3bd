package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Summary;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A run's coverage and partial reason from its times and absences: expected texts and figures worked by hand. */
class RunOutcomeTest {
    private static final long S = 1_000_000_000L;
    private final LoopControl control = new LoopControl(new CaptureClockTest.ManualClock());
    private final DeviceAbsences absences = new DeviceAbsences();
    private final UnreadableSource unreadable = new UnreadableSource();
    private final RunOutcome outcome = new RunOutcome(control, absences, unreadable, Duration.ofSeconds(30));

    /** An engine's summary with one coverage gap of {@code gapNs}. */
    private static Summary summaryWithGap(long gapNs) {
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
        if (gapNs > 0) {
            e.coverageGap(100 * S, 100 * S + gapNs, "test gap");
        }
        e.finish();
        return e.summary("com.example.feed");
    }

    @Test
    void whileTheRunRunsTheSummaryIsLeftAlone() {
        outcome.started(0, Duration.ofSeconds(10));
        Summary s = summaryWithGap(0);
        assertSame(s, outcome.markPartial(s));
        assertNull(outcome.end());
    }

    @Test
    void aCompleteRunMeasuredItsTimeLessItsGaps() {
        outcome.started(0, Duration.ofSeconds(10));
        outcome.ended(CaptureSession.End.DURATION, 10 * S);
        Summary s = outcome.markPartial(summaryWithGap(S / 2));
        assertFalse(outcome.partial());
        assertFalse(s.partial());
        assertEquals(10_000.0, s.coverage().askedMs(), 1e-9);
        assertEquals(9_500.0, s.coverage().measuredMs(), 1e-9);
    }

    @Test
    void aSignalStopsARunWithADurationAsPartial() {
        outcome.started(0, Duration.ofSeconds(10));
        control.stop("SIGTERM");
        outcome.ended(CaptureSession.End.STOPPED, 2_345_000_000L);
        assertTrue(outcome.partial());
        assertEquals("stopped by SIGTERM after 2.3 s of the 10.0 s asked for",
                outcome.markPartial(summaryWithGap(0)).coverage().partialReason());
    }

    @Test
    void aStoppedWatchWithoutADurationIsComplete() {
        outcome.started(0, null);
        control.stop("SIGINT");
        outcome.ended(CaptureSession.End.STOPPED, 5 * S);
        assertFalse(outcome.partial());
        Summary s = outcome.markPartial(summaryWithGap(0));
        assertNull(s.coverage().askedMs(), "no length was asked for");
        assertEquals(5_000.0, s.coverage().measuredMs(), 1e-9);
    }

    @Test
    void aDeviceLostSaysWhenAndForHowLongItWasAwaited() {
        outcome.started(0, Duration.ofSeconds(60));
        outcome.polled(12_300_000_000L);
        absences.disconnected();
        absences.lost(12_300_000_000L, "device x went away");
        outcome.ended(CaptureSession.End.DEVICE_LOST, 42 * S);
        assertTrue(outcome.partial());
        String why = outcome.markPartial(summaryWithGap(0)).coverage().partialReason();
        assertTrue(why.startsWith("the device was lost 12.3 s into the run and did not come back within 30 s"), why);
    }

    @Test
    void measuringLessThan90PercentIsPartialWithItsCauses() {
        outcome.started(0, Duration.ofSeconds(10));
        absences.disconnected();
        absences.disconnected();
        absences.restarted(null);
        outcome.ended(CaptureSession.End.DURATION, 10 * S);
        Summary s = outcome.markPartial(summaryWithGap(2 * S));
        assertTrue(s.partial());
        // two disconnects, one of them a restart: both causes; no overflow, the source always read
        assertTrue(s.coverage().partialReason().endsWith("less than 90 %: 1 coverage gap, 2000.0 ms in all "
                + "(the device restarted, the device was away)"), s.coverage().partialReason());
        assertEquals(8_000.0, s.coverage().measuredMs(), 1e-9);
    }

    @Test
    void aDeviceThatWasAwayOnlyToRestartIsNotAlsoSaidToHaveBeenAway() {
        outcome.started(0, Duration.ofSeconds(10));
        absences.disconnected();
        absences.restarted(null);
        outcome.ended(CaptureSession.End.DURATION, 10 * S);
        Summary s = outcome.markPartial(summaryWithGap(3 * S));
        assertTrue(s.coverage().partialReason().endsWith("3000.0 ms in all (the device restarted)"),
                s.coverage().partialReason());
    }

    @Test
    void gapsWithNoOtherCauseAreTheAppRestarting() {
        outcome.started(0, Duration.ofSeconds(10));
        outcome.ended(CaptureSession.End.DURATION, 10 * S);
        Summary s = outcome.markPartial(summaryWithGap(5 * S));
        assertEquals("5.0 s measured of the 10.0 s asked for (50 %), less than 90 %: 1 coverage gap, 5000.0 ms in all "
                + "(the app restarted)", s.coverage().partialReason());
    }
}
