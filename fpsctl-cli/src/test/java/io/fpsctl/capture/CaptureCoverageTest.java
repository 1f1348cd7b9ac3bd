package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.capture.CaptureClockTest.ManualClock;
import io.fpsctl.device.DeviceGoneException;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.RenderedFrame;
import io.fpsctl.engine.RunCoverage;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Summary;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Coverage is measured, never assumed (docs/metrics.md "Coverage"): the poll loop on a manual clock against a phone
 * whose app draws every 60 Hz vsync into a 120-frame ring, and which goes away, comes back, restarts. Expected
 * values are worked out from the phone's schedule below, not from fpsctl's code.
 */
class CaptureCoverageTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;
    /** 60 Hz. */
    private static final long T = 16_666_667L;
    /** What one poll takes on the clock (the loop polls every 100 ms). */
    private static final long DUMP = 5 * MS;

    /**
     * A phone: its clock is the host's shifted to the boot's uptime; its app draws one frame per vsync from
     * {@code appStart} (host time), FrameCompleted 4 ms after IntendedVsync, and its gfxinfo ring holds the last 120.
     * It can be away (every poll throws) and it can restart (new boot id, the clock starts again at 20 s).
     */
    static final class Phone implements FramePoller {
        final ManualClock clock;
        final FrameEngine engine;
        long bootHost;
        long bootUptime = 3_600 * S;
        long appStartHost;
        String bootId = UUID.randomUUID().toString();
        long awayFrom = Long.MAX_VALUE;
        long awayUntil = Long.MAX_VALUE;
        /** Host time of a restart while away, or MAX. */
        long restartAt = Long.MAX_VALUE;
        boolean first = true;

        Phone(ManualClock clock, FrameEngine engine) {
            this.clock = clock;
            this.engine = engine;
            this.bootHost = clock.now;
            this.appStartHost = clock.now - 10 * S; // drawing since long before the run
        }

        long deviceNow() {
            return clock.now - bootHost + bootUptime;
        }

        boolean away() {
            return clock.now >= awayFrom && clock.now < awayUntil;
        }

        /** Applies a restart that is due: the new boot reads 20 s at {@code restartAt}; the app draws from 0.5 s later. */
        void catchUp() {
            if (clock.now >= restartAt && bootHost != restartAt) {
                bootHost = restartAt;
                bootUptime = 20 * S;
                appStartHost = restartAt + 500 * MS;
                bootId = UUID.randomUUID().toString();
            }
        }

        DeviceBoot.Reading boot() {
            catchUp();
            return away() ? new DeviceBoot.Reading(null, -1, clock.now)
                    : new DeviceBoot.Reading(bootId, deviceNow(), clock.now);
        }

        @Override
        public Poll poll() {
            catchUp();
            if (away()) {
                clock.now += DUMP;
                throw new DeviceGoneException("phone", "device 'phone' not found", null);
            }
            long now = deviceNow();
            long appStart = appStartHost - bootHost + bootUptime;
            io.fpsctl.engine.FrameSink in = engine.input(first ? FrameEngine.Rows.HISTORY : FrameEngine.Rows.LIVE);
            in.blockStart("w");
            long n = 0;
            if (now - 4 * MS >= appStart) {
                long last = (now - 4 * MS - appStart) / T;
                for (long k = Math.max(0, last - 119); k <= last; k++) {
                    long v = appStart + k * T;
                    in.frame(new RenderedFrame("w", 0, v, v, 0, 0, 0, 0, 0, 0, 0, 0, v + 4 * MS, 0, 0, T));
                    n++;
                }
            }
            in.blockEnd();
            first = false;
            clock.now += DUMP;
            return new Poll(n, true, false, Duration.ofMillis(100));
        }

        @Override
        public Source source() {
            return Source.GFXINFO;
        }

        @Override
        public io.fpsctl.engine.Summary summary(String pkg) {
            return engine.summary(pkg);
        }

        @Override
        public String describe() {
            return "phone";
        }
    }

    /** One run: the phone, the session, what the loop asked of the reconnector, the frames' written times. */
    static final class Run {
        final ManualClock clock = new ManualClock();
        final List<Long> times = new ArrayList<>();
        final FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), new FrameEngine.Listener() {
            @Override
            public void frame(FrameResult r) {
                times.add(r.time());
            }
        });
        final Phone phone = new Phone(clock, engine);
        final List<Long> waits = new ArrayList<>();
        final List<Long> waitLeft = new ArrayList<>();
        final List<String> notes = new ArrayList<>();
        final long start = clock.now;
        long deadline;
        CaptureSession session;

        /**
         * The reconnector: waits on the clock (in 50 ms steps, as a poll for the device would) until the phone is
         * back or the timeout passed.
         */
        boolean awaitOnline(Duration timeout) {
            waits.add(timeout.toNanos());
            waitLeft.add(deadline - clock.now);
            long until = clock.now + timeout.toNanos();
            while (clock.now < until) {
                phone.catchUp();
                if (!phone.away()) {
                    return true;
                }
                clock.now += Math.min(50 * MS, until - clock.now);
            }
            return !phone.away();
        }

        Summary run(Duration duration, Duration reconnectTimeout) throws InterruptedException {
            deadline = start + duration.toNanos();
            session = new CaptureSession(phone, List.of(engine), this::awaitOnline, reconnectTimeout, notes::add,
                    null, clock);
            session.watchBoot(phone::boot);
            session.run(duration);
            return session.summary("p");
        }
    }

    private static void assertNeverBackInTime(List<Long> times) {
        for (int i = 1; i < times.size(); i++) {
            assertTrue(times.get(i) > times.get(i - 1), "frame " + i + " goes back in time: " + times.get(i - 1)
                    + " then " + times.get(i));
        }
    }

    @Test
    void aDeviceBackWithinTheRunIsMeasuredAgainAndWhatItsRingLostIsAGap() throws Exception {
        Run r = new Run();
        r.phone.awayFrom = r.start + 2 * S;
        r.phone.awayUntil = r.start + 6 * S;
        Summary s = r.run(Duration.ofSeconds(10), Duration.ofSeconds(30));
        // polls every 100 ms: the last one before 2 s is at 1.9 s and reads frames up to 1.896 s at most (FrameCompleted
        // 4 ms after the vsync). The poll at 2.0 s fails (+5 ms), the reconnector steps 50 ms: back at 6.005 s, where
        // the ring holds the last 120 frames = 2.0 s, from ~4.005 s. Gap = 4.005 − ~1.89 ≈ 2.11 s, ± one vsync each end
        assertEquals(1, s.coverageGaps(), s.warnings().toString());
        assertEquals(2_110, s.coverageGapMs(), 40, s.warnings().toString());
        assertTrue(r.notes.contains("device is back: capture continues"), r.notes.toString());
        // the wait was bounded by what was left of the run (8 s), not the 30 s timeout
        assertEquals(List.of(r.waitLeft.get(0)), r.waits, "waited at most until the end");
        // measured = 10 s − the gap ≈ 8.0 s: 80 % < 90 %, so the run is partial and says why
        RunCoverage c = s.coverage();
        assertEquals(10_000, c.askedMs(), 1e-9);
        assertEquals(10_000 - s.coverageGapMs(), c.measuredMs(), 1e-6);
        assertTrue(s.partial());
        assertTrue(c.partialReason().contains("less than 90 %") && c.partialReason().contains("the device was away"),
                c.partialReason());
        // frames: up to 1.896 s (114) and from 4.005 s to the final poll at 10 s (360): 474, ± one at each edge
        assertEquals(474, s.frames(), 3);
        assertNeverBackInTime(r.times);
        assertTrue(r.clock.now - r.start <= 10 * S + DUMP, "the run ends on time");
    }

    @Test
    void aShortAbsenceWhoseFramesTheRingStillHoldsIsNoGapAndNotPartial() throws Exception {
        Run r = new Run();
        r.phone.awayFrom = r.start + 2 * S;
        r.phone.awayUntil = r.start + 3_500 * MS; // 1.5 s away: the 2 s ring still holds every frame drawn meanwhile
        Summary s = r.run(Duration.ofSeconds(10), Duration.ofSeconds(30));
        assertEquals(0, s.coverageGaps(), s.warnings().toString());
        assertFalse(s.partial(), String.valueOf(s.coverage()));
        assertEquals(10_000, s.coverage().measuredMs(), 1e-6);
        assertTrue(r.notes.contains("every frame drawn while the device was away was recovered from its buffers"),
                r.notes.toString());
        // every vsync of the 10 s drawn once: 600 frames, give or take the first (history) and the last poll
        assertEquals(600, s.frames(), 3);
    }

    @Test
    void aDeviceBackOnlyAfterTheEndIsNotWaitedForAndTheRestOfTheRunIsAGap() throws Exception {
        Run r = new Run();
        r.phone.awayFrom = r.start + 4 * S;
        r.phone.awayUntil = r.start + 19 * S; // back 9 s after the end of a 10 s run
        Summary s = r.run(Duration.ofSeconds(10), Duration.ofSeconds(30));
        // the wait ended with the run: at most 10 s − 4 s, never the 30 s timeout
        assertEquals(1, r.waits.size());
        assertTrue(r.waits.get(0) <= 6 * S, "waited " + r.waits.get(0) / 1e9 + " s");
        assertTrue(r.clock.now - r.start <= 10 * S + 50 * MS, "ran " + (r.clock.now - r.start) / 1e9 + " s");
        assertTrue(s.partial());
        assertNotNull(r.session.lostMessage(), "the device is reported");
        assertTrue(r.session.lostMessage().contains("was not back before the end"), r.session.lostMessage());
        // gap from the last poll that succeeded (3.9 s; the one at 4.0 s failed) to the end at 10 s: 6.1 s
        assertEquals(1, s.coverageGaps());
        assertEquals(6_100, s.coverageGapMs(), 1);
        assertEquals(3_900, s.coverage().measuredMs(), 1);
        assertTrue(s.coverage().partialReason().startsWith("the device went away 3.9 s into the run"),
                s.coverage().partialReason());
        assertTrue(s.warnings().stream().anyMatch(w -> w.startsWith("coverage gap of ")
                && w.contains("was not back before its end")), s.warnings().toString());
    }

    @Test
    void aDeviceLostForGoodWithinTheRunIsLostAfterItsTimeoutAndSaysWhen() throws Exception {
        Run r = new Run();
        r.phone.awayFrom = r.start + 3 * S; // never back
        Summary s = r.run(Duration.ofSeconds(15), Duration.ofSeconds(1));
        assertEquals(CaptureSession.End.DEVICE_LOST, r.session.end());
        assertTrue(s.partial());
        String why = s.coverage().partialReason();
        // the last poll that succeeded is at 2.9 s: "lost 2.9 s into the run", never a time past the 15 s asked for
        assertTrue(why.startsWith("the device was lost 2.9 s into the run"), why);
        // the poll at 3.0 s fails (+5 ms), the 1 s wait ends at 4.005 s: the run lasted 4.005 s, of which the 1.105 s
        // since the last poll is a gap: 2.9 s measured of the 15 s asked for
        assertEquals(4_005 * MS, r.clock.now - r.start, MS);
        assertEquals(2_900, s.coverage().measuredMs(), 1, why);
    }

    @Test
    void aDeviceThatRestartedWhileAwayStartsANewSegmentAfterAGapAndNeverGoesBackInTime() throws Exception {
        Run r = new Run();
        r.phone.awayFrom = r.start + 3 * S;
        r.phone.restartAt = r.start + 5 * S; // its clock reads 20 s at 5 s: 3 580 s earlier than the old boot's
        r.phone.awayUntil = r.start + 6 * S;
        Summary s = r.run(Duration.ofSeconds(10), Duration.ofSeconds(30));
        assertTrue(r.notes.stream().anyMatch(n -> n.startsWith("device is back after a restart (boot id changed)")),
                r.notes.toString());
        assertFalse(r.notes.stream().anyMatch(n -> n.contains("was recovered")), r.notes.toString());
        assertNeverBackInTime(r.times);
        // the new app draws from 5.5 s; the gap runs from the last poll that succeeded (2.9 s) to that first new
        // frame: 2.6 s, less the device offset's lower-bound error (the newest frame's age at a poll: 4 ms + at most
        // one vsync + the 5 ms dump, so at most ~26 ms)
        assertEquals(1, s.coverageGaps(), s.warnings().toString());
        assertEquals(2_600, s.coverageGapMs(), 30, s.warnings().toString());
        assertTrue(s.warnings().stream().anyMatch(w -> w.contains("the device restarted")), s.warnings().toString());
        // on the written timeline the new frames follow the old ones by the real time between them (the shift reads
        // the new boot's clock exactly here): last old frame ≤ 2.896 s, first new one at 5.5 s, ≈ 2.6 s, less the
        // offset's error (≤ ~26 ms)
        long biggest = 0;
        for (int i = 1; i < r.times.size(); i++) {
            biggest = Math.max(biggest, r.times.get(i) - r.times.get(i - 1));
        }
        assertEquals(2_600 * MS, biggest, 35 * MS);
        // measured 10 − 2.5 = 7.5 s: partial
        assertTrue(s.partial());
        assertTrue(s.coverage().partialReason().contains("the device restarted"), s.coverage().partialReason());
        // frames: up to 2.896 s (174), then from 5.5 s to the final poll at 10 s (270; the new ring at 6.005 s holds
        // all of the first 0.5 s)
        assertEquals(444, s.frames(), 3);
    }

    @Test
    void aRunWithoutGapsMeasuresAllItsTimeAndIsComplete() throws Exception {
        Run r = new Run();
        Summary s = r.run(Duration.ofSeconds(5), Duration.ofSeconds(30));
        assertFalse(s.partial());
        assertNull(s.coverage().partialReason());
        assertEquals(5_000, s.coverage().measuredMs(), 1e-6);
        // 5 s at 60 Hz = 300 vsyncs; the final poll at the end reads the last ones
        assertEquals(300, s.frames(), 2);
    }
}
