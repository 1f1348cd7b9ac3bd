package io.fpsctl.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Restarts as coverage gaps (docs/metrics.md 11, docs/metrics.md "Coverage" rules 2 and 5): an app restart opens a gap at
 * the newest frame read that the first frame of the new process closes; a device restart also moves the new boot's
 * times onto the run's timeline. Expected lengths are worked out by hand from the frames given.
 */
class RestartGapTest {
    private static final long MS = 1_000_000L;
    private static final String W = "w";

    private static void block(FrameEngine e, long firstVsync, int n) {
        e.blockStart(W);
        for (int i = 0; i < n; i++) {
            e.frame(Frames.frame(W, firstVsync + i * Frames.HZ60, 4 * MS, Frames.HZ60));
        }
        e.blockEnd();
    }

    @Test
    void anAppRestartIsAGapFromTheNewestFrameToTheFirstOfTheNewProcess() {
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
        block(e, 9_000 * MS, 10); // vsyncs 9 000 … 9 150.000003 ms (9 × 16.666667)
        e.restartSegment();
        block(e, 9_800 * MS, 10);
        Summary s = e.summary("p");
        assertEquals(20, s.frames());
        // 9 800 − 9 150.000003 = 649.999997 ms
        assertEquals(1, s.coverageGaps());
        assertEquals(649.999997, s.coverageGapMs(), 1e-6);
        assertTrue(s.warnings().contains("coverage gap of 650.0 ms: the app process restarted (new pid): what it drew "
                + "after the last poll is lost"), s.warnings().toString());
    }

    @Test
    void aDeviceRestartShiftsTheNewBootOntoTheRunsTimelineAfterItsGap() {
        List<Long> times = new ArrayList<>();
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), new FrameEngine.Listener() {
            @Override
            public void frame(FrameResult r) {
                times.add(r.time());
            }
        });
        block(e, 3_600_000 * MS, 10); // the old boot: 3 600 s …
        // the device came back rebooted; the old boot's clock now reads 3 605 s and the new boot's 20 s: shift
        // 3 585 s; the gap opens at the last poll, 3 600.2 s on the old clock
        e.newBoot(3_585_000 * MS, 3_600_200 * MS, "the device restarted");
        block(e, 19_500 * MS, 30); // the new boot: 19.5 s … → written 3 604.5 s …
        Summary s = e.summary("p");
        assertEquals(40, s.frames());
        assertEquals(3_604_500 * MS, times.get(10));
        for (int i = 1; i < times.size(); i++) {
            assertTrue(times.get(i) > times.get(i - 1), "no step back in time at " + i);
        }
        // from 3 600.2 s to 3 604.5 s: 4 300 ms
        assertEquals(1, s.coverageGaps());
        assertEquals(4_300, s.coverageGapMs(), 1e-6);
        assertEquals(3_585_000 * MS, e.timelineShiftNs());
    }

    @Test
    void aRestartAfterWhichNothingIsDrawnIsAGapToTheEndOfTheRun() {
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
        block(e, 1_000 * MS, 3); // 1 000 … 1 033.333334 ms
        e.restartSegment();
        e.closeOpenGap(2_000 * MS);
        e.closeOpenGap(9_000 * MS); // already closed: nothing more
        Summary s = e.summary("p");
        assertEquals(1, s.coverageGaps());
        assertEquals(966.666666, s.coverageGapMs(), 1e-6);
    }

    @Test
    void theShiftMovesTimesAndKeepsSentinels() {
        RenderedFrame f = new RenderedFrame(W, 0, 100, 100, 0, 0, 0, 0, 0, 0, 0, 0, 120, 0, Long.MAX_VALUE, 16, 7);
        RenderedFrame g = (RenderedFrame) TimelineShift.apply(f, 1_000);
        assertEquals(1_100, g.intendedVsync());
        assertEquals(1_120, g.frameCompleted());
        assertEquals(0, g.gpuCompleted(), "0 = absent stays absent");
        assertEquals(Long.MAX_VALUE, g.frameDeadline(), "INT64_MAX = unknown stays unknown");
        assertEquals(16, g.frameInterval(), "an interval is not a time");
        assertEquals(7, g.frameTimelineVsyncId(), "a token is not a time");
        PresentedFrame p = (PresentedFrame) TimelineShift.apply(new PresentedFrame("L", 50, Long.MAX_VALUE, 40,
                16), 1_000);
        assertEquals(1_050, p.desiredPresent());
        assertEquals(Long.MAX_VALUE, p.actualPresent(), "a pending fence stays pending");
        assertEquals(1_040, p.frameReady());
    }
}
