package io.fpsctl.engine;

import static io.fpsctl.engine.Frames.HZ60;
import static io.fpsctl.engine.Frames.present;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/metrics.md sections 1, 3, 6 and 7 for SurfaceFlinger presents. */
class PresentedFrameEngineTest {
    private static final String L = "SurfaceView[com.game/com.game.Main](BLAST)#12";

    private final List<FrameResult> results = new ArrayList<>();

    private FrameEngine engine() {
        return new FrameEngine(Source.SURFACEFLINGER, EngineConfig.defaults(), new FrameEngine.Listener() {
            @Override
            public void frame(FrameResult r) {
                FrameResult copy = new FrameResult();
                copy.reset(r.source(), r.window());
                copy.duration = r.duration();
                copy.dropped = r.dropped();
                copy.jank = r.jank();
                copy.bigJank = r.bigJank();
                copy.timed = r.timed();
                copy.janky = r.janky();
                results.add(copy);
            }
        });
    }

    /** Presents at the given offsets (ms) from t0. */
    private static List<PresentedFrame> at(long t0, double... ms) {
        List<PresentedFrame> l = new ArrayList<>();
        for (double m : ms) {
            l.add(present(L, t0 + Math.round(m * 1e6), HZ60));
        }
        return l;
    }

    private static void block(FrameEngine e, List<PresentedFrame> frames) {
        e.blockStart(L);
        frames.forEach(e::frame);
        e.blockEnd();
    }

    @Test
    void zeroAndPendingRowsAreSkippedAndPendingOnesCountLater() {
        FrameEngine e = engine();
        long t0 = 10_000_000_000L;
        List<PresentedFrame> first = new ArrayList<>(at(t0, 0, 16.666667));
        first.add(0, new PresentedFrame(L, 0, 0, 0, HZ60));
        first.add(new PresentedFrame(L, t0 + 30_000_000, Long.MAX_VALUE, Long.MAX_VALUE, HZ60));
        block(e, first);
        assertEquals(2, e.summary("p").frames());
        block(e, at(t0, 0, 16.666667, 33.333333));
        Summary s = e.summary("p");
        assertEquals(3, s.frames());
        assertEquals(2, s.timedFrames(), "the first frame of a segment is not judged");
    }

    @Test
    void droppedIsRoundedGapMinusOne() {
        FrameEngine e = engine();
        // gaps: 16.67 ms (0), 25.1 ms (round 1.506 = 2 → 1), 24.9 ms (round 1.494 = 1 → 0), 50 ms (3 → 2)
        block(e, at(1_000_000_000L, 0, 16.666667, 41.766667, 66.666667, 116.666667));
        Summary s = e.summary("p");
        assertEquals(3, s.droppedFrames());
        assertEquals(2, s.jankyFrames());
        assertEquals(50.0, s.jankPercent(), 1e-9);
    }

    @Test
    void jankNeedsThreeEarlierGapsTwiceTheirMeanAndMoreThanTwoFilmFrames() {
        FrameEngine e = engine();
        long t0 = 1_000_000_000L;
        // three 40 ms gaps, then 83.333333 ms: > 2 × 40 but not > 83.33 ms → no jank
        // then 3 × 16.67 ms, then 83.333334 ms → jank (> 2 × 16.67 and > 83.33 ms), not big jank
        // then 3 × 40 ms, then 125.000000 ms → jank not big; then 3 × 40 ms, then 125.000001 → big jank
        double[] offsets = {0, 40, 80, 120, 203.333333,
            220, 236.666667, 253.333333, 336.666667,
            376.666667, 416.666667, 456.666667, 581.666667,
            621.666667, 661.666667, 701.666667, 826.666668};
        block(e, at(t0, offsets));
        Summary s = e.summary("p");
        List<Boolean> jank = results.stream().map(FrameResult::jank).toList();
        List<Boolean> big = results.stream().map(FrameResult::bigJank).toList();
        assertEquals(List.of(false, false, false, false, false, false, false, false, true, false, false, false, true,
                false, false, false, true), jank);
        assertEquals(1L, big.stream().filter(b -> b).count());
        assertTrue(big.get(16));
        assertEquals(3L, s.jank());
        assertEquals(1L, s.bigJank());
    }

    @Test
    void jankNeedsThreeGapsInTheSameSegment() {
        FrameEngine e = engine();
        // 2 gaps, then 200 ms: too few earlier gaps → not jank
        block(e, at(1_000_000_000L, 0, 16.666667, 33.333333, 233.333333));
        assertEquals(0L, e.summary("p").jank());
    }

    @Test
    void idleGapEndsSegmentAndIsNotJudgedNorCounted() {
        FrameEngine e = engine();
        long t0 = 1_000_000_000L;
        // segment 1: 0..100 ms in 5 frames of 25 ms gaps; 1.5 s idle; segment 2: 3 frames 20 ms apart
        block(e, at(t0, 0, 25, 50, 75, 100, 1600, 1620, 1640));
        Summary s = e.summary("p");
        assertEquals(8, s.frames());
        assertEquals(6, s.timedFrames());
        // fps = (N − segments) / Σ spans = (8 − 2) / (0.1 s + 0.04 s)
        assertEquals(Math.min(1e9 / HZ60, 6 / 0.14), s.fps(), 1e-6);
        assertEquals(s.fps(), s.spanFps());
        assertEquals(25.0, s.frameTimeMs().max(), 1e-6);
    }

    @Test
    void stutterIsJankGapTimeOverSegmentTime() {
        FrameEngine e = engine();
        block(e, at(1_000_000_000L, 0, 16.666667, 33.333333, 50, 250, 266.666667));
        Summary s = e.summary("p");
        assertEquals(1L, s.jank());
        assertEquals(1L, s.bigJank());
        assertEquals(200.0 / 266.666667 * 100, s.stutterPercent(), 1e-4);
        assertNull(s.stagesMs());
        assertNull(s.mainCauses());
    }

    @Test
    void fpsIsCappedAtRefresh() {
        FrameEngine e = engine();
        block(e, at(1_000_000_000L, 0, 16, 32, 48)); // faster than 60 Hz by rounding
        assertEquals(1e9 / HZ60, e.summary("p").fps(), 1e-9);
    }

    @Test
    void allZeroLayerStillSummarisesWithWarning() {
        FrameEngine e = engine();
        List<PresentedFrame> zeros = new ArrayList<>();
        for (int i = 0; i < 127; i++) {
            zeros.add(new PresentedFrame(L, 0, 0, 0, HZ60));
        }
        block(e, zeros);
        Summary s = e.summary("p");
        assertEquals(0, s.frames());
        assertNull(s.fps());
        assertNull(s.frameTimeMs());
        assertEquals(0L, s.jank());
        assertTrue(s.warnings().stream().anyMatch(w -> w.contains("no frames")));
    }
}
