package io.fpsctl.engine;

import static io.fpsctl.engine.Frames.HZ120;
import static io.fpsctl.engine.Frames.HZ60;
import static io.fpsctl.engine.Frames.HZ90;
import static io.fpsctl.engine.Frames.frame;
import static io.fpsctl.engine.Frames.withGpu;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/metrics.md sections 1, 2, 4, 6, 7 for rendered (gfxinfo) frames. */
class FrameEngineTest {
    private static final String W = "com.example/com.example.MainActivity";

    private static FrameEngine engine() {
        return new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
    }

    private static void block(FrameSink e, String window, List<? extends Frame> frames) {
        e.blockStart(window);
        frames.forEach(e::frame);
        e.blockEnd();
    }

    /** n back-to-back frames of {@code durationNs}, one per vsync, from {@code start}. */
    private static List<RenderedFrame> run(long start, int n, long durationNs, long interval) {
        List<RenderedFrame> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            l.add(frame(W, start + i * interval, durationNs, interval));
        }
        return l;
    }

    @Test
    void emptyRingGivesZeroFramesAndNullsNotZeros() {
        FrameEngine e = engine();
        block(e, W, List.of());
        Summary s = e.summary("com.example");
        assertEquals(0, s.frames());
        assertNull(s.fps());
        assertNull(s.spanFps());
        assertNull(s.frameTimeMs());
        assertNull(s.jankPercent());
        assertTrue(s.warnings().stream().anyMatch(w -> w.contains("no frames")));
    }

    @Test
    void oneFrame() {
        FrameEngine e = engine();
        block(e, W, List.of(frame(W, 1_000_000_000L, 5_000_000, HZ60)));
        Summary s = e.summary("p");
        assertEquals(1, s.frames());
        assertEquals(1, s.timedFrames());
        assertEquals(60.0, s.fps(), 0.01); // 1e9 × 1 / (1 × T) = 60
        assertNull(s.spanFps(), "one frame has no span");
        assertEquals(5.0, s.frameTimeMs().p50(), 1e-9);
        assertEquals(5.0, s.frameTimeMs().max(), 1e-9);
    }

    @Test
    void duplicateRowsAcrossPollsAreCountedOnce() {
        FrameEngine e = engine();
        List<RenderedFrame> first = run(1_000_000_000L, 10, 4_000_000, HZ60);
        List<RenderedFrame> second = new ArrayList<>(first.subList(5, 10));
        second.addAll(run(1_000_000_000L + 10 * HZ60, 5, 4_000_000, HZ60));
        block(e, W, first);
        block(e, W, second);
        assertEquals(15, e.summary("p").frames());
    }

    @Test
    void incompleteRowIsNotRememberedAndCountsWhenComplete() {
        FrameEngine e = engine();
        RenderedFrame done = frame(W, 2_000_000_000L, 4_000_000, HZ60);
        RenderedFrame inFlight = new RenderedFrame(W, 0, done.intendedVsync(), done.vsync(), 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, HZ60);
        block(e, W, List.of(inFlight));
        assertEquals(0, e.summary("p").frames());
        block(e, W, List.of(done));
        assertEquals(1, e.summary("p").frames());
    }

    @Test
    void flagsDecideCountedAndTimed() {
        FrameEngine e = engine();
        long t0 = 1_000_000_000L;
        block(e, W, List.of(
                frame(W, t0, 40_000_000, HZ60, 1),               // first frame after visibility change: counted only
                frame(W, t0 + 3 * HZ60, 4_000_000, HZ60, 8),     // skipped: not counted
                frame(W, t0 + 4 * HZ60, 4_000_000, HZ60, 0),
                frame(W, t0 + 5 * HZ60, 6_000_000, HZ60, 4)));   // SurfaceCanvas: counted, not timed
        Summary s = e.summary("p");
        assertEquals(3, s.frames());
        assertEquals(1, s.timedFrames());
        assertEquals(4.0, s.frameTimeMs().max(), 1e-9);
        // fps over counted frames: dropped 2 + 0 + 0 → 3 frames over (3 + 1 + 1) vsyncs
        assertEquals(Math.min(1e9 / HZ60, 1e9 * 3 / (5.0 * HZ60)), s.fps(), 1e-9);
    }

    @Test
    void allFlagsSetMeansNothingCounted() {
        FrameEngine e = engine();
        block(e, W, List.of(frame(W, 1_000_000_000L, 4_000_000, HZ60, 15)));
        assertEquals(0, e.summary("p").frames());
    }

    @Test
    void overflowWhenAFullRingOfNewFramesFollowsAnEarlierPoll() {
        FrameEngine e = engine();
        long t0 = 1_000_000_000L;
        block(e, W, run(t0, 120, 4_000_000, HZ120));               // first poll: history, never an overflow
        assertEquals(0, e.summary("p").overflows());
        block(e, W, run(t0 + 200 * HZ120, 120, 4_000_000, HZ120)); // all 120 new: frames may be lost
        assertEquals(1, e.summary("p").overflows());
        block(e, W, run(t0 + 400 * HZ120, 119, 4_000_000, HZ120)); // not a full ring
        List<RenderedFrame> overlap = run(t0 + 518 * HZ120, 120, 4_000_000, HZ120);
        block(e, W, overlap);                                      // one row overlaps: nothing lost
        assertEquals(1, e.summary("p").overflows());
    }

    @Test
    void droppedIsCeilOfDurationOverIntervalMinusOne() {
        FrameEngine e = engine();
        long t0 = 1_000_000_000L;
        // ceil(d / T) − 1 — 120 Hz: T − 1 ns → 0; T + 1 ns → 1; 25 ms → ceil(3.0000012) − 1 = 3 (normal);
        // 90 Hz: 2T − 1 ns → 1
        block(e, W, List.of(frame(W, t0, HZ120 - 1, HZ120), frame(W, t0 + 10 * HZ120, HZ120 + 1, HZ120),
                frame(W, t0 + 20 * HZ120, 25_000_000, HZ120)));
        block(e, "other", List.of(frame("other", t0, 2 * HZ90 - 1, HZ90)));
        Summary s = e.summary("p");
        assertEquals(0 + 1 + 3 + 1, s.droppedFrames());
        assertEquals(3, s.dropLevel(DropLevel.BEST));
        assertEquals(1, s.dropLevel(DropLevel.NORMAL));
        assertEquals(120.0, s.windows().get(0).refreshHz(), 0.05);
        assertEquals(90.0, s.windows().get(1).refreshHz(), 0.05);
    }

    @Test
    void dropLevelBoundaries() {
        int[] b = DropLevel.DEFAULT_BOUNDS;
        assertEquals(DropLevel.BEST, DropLevel.of(2, b));
        assertEquals(DropLevel.NORMAL, DropLevel.of(3, b));
        assertEquals(DropLevel.NORMAL, DropLevel.of(8, b));
        assertEquals(DropLevel.MIDDLE, DropLevel.of(9, b));
        assertEquals(DropLevel.MIDDLE, DropLevel.of(23, b));
        assertEquals(DropLevel.HIGH, DropLevel.of(24, b));
        assertEquals(DropLevel.HIGH, DropLevel.of(41, b));
        assertEquals(DropLevel.FROZEN, DropLevel.of(42, b));
        assertEquals(DropLevel.MIDDLE, DropLevel.of(5, new int[] {2, 4, 6, 8}));
    }

    @Test
    void jankyUsesDeadlineAndGpuWhenBothAreKnown() {
        FrameEngine e = engine();
        long t0 = 1_000_000_000L;
        RenderedFrame fastButLateGpu = withGpu(frame(W, t0, 5_000_000, HZ60), t0 + HZ60, t0 + HZ60);      // GPU = deadline
        RenderedFrame slowButGpuOnTime = withGpu(frame(W, t0 + 10 * HZ60, 20_000_000, HZ60),
                t0 + 10 * HZ60 + 20_000_000, t0 + 10 * HZ60 + 30_000_000);                             // GPU < deadline
        RenderedFrame unknownDeadline = withGpu(frame(W, t0 + 20 * HZ60, 20_000_000, HZ60),
                t0 + 20 * HZ60 + 1_000_000, Long.MAX_VALUE);                                            // → duration > T
        RenderedFrame noGpu = withGpu(frame(W, t0 + 30 * HZ60, HZ60, HZ60), 0, t0 + 30 * HZ60 + 1);     // duration == T
        block(e, W, List.of(fastButLateGpu, slowButGpuOnTime, unknownDeadline, noGpu));
        Summary s = e.summary("p");
        assertEquals(2, s.jankyFrames());
        assertEquals(50.0, s.jankPercent(), 1e-9);
    }

    @Test
    void stagesAndMainCause() {
        FrameEngine e = engine();
        long t0 = 1_000_000_000L;
        // slow (40 ms at 60 Hz) frame dominated by draw: draw 30 ms > S/2
        long v = t0;
        RenderedFrame drawHeavy = new RenderedFrame(W, 0, v, v, v + 1_000_000, v + 2_000_000, v + 3_000_000,
                v + 4_000_000, v + 34_000_000, v + 35_000_000, v + 36_000_000, v + 38_000_000, v + 40_000_000,
                v + 41_000_000, 0, HZ60);
        // slow (20 ms) frame with no stage above S/2 = 8.33 ms → none
        RenderedFrame spread = frame(W, t0 + 10 * HZ60, 20_000_000, HZ60);
        // negative span (AnimationStart before HandleInputStart) counts as 0
        long u = t0 + 20 * HZ60;
        RenderedFrame negative = new RenderedFrame(W, 0, u, u, u + 2_000_000, u + 1_000_000, u + 3_000_000,
                u + 3_000_000, u + 4_000_000, u + 4_000_000, u + 4_000_000, u + 5_000_000, u + 6_000_000, 0, 0, HZ60);
        FrameResult[] seen = new FrameResult[1];
        List<String> causes = new ArrayList<>();
        List<Long> inputs = new ArrayList<>();
        FrameEngine e2 = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), new FrameEngine.Listener() {
            @Override
            public void frame(FrameResult r) {
                seen[0] = r;
                causes.add(r.mainCauseKey());
                inputs.add(r.stage(Stage.INPUT));
            }
        });
        block(e2, W, List.of(drawHeavy, spread, negative));
        assertEquals(List.of("draw", "none", ""), causes);
        assertEquals(0L, inputs.get(2));
        block(e, W, List.of(drawHeavy, spread, negative));
        Summary s = e.summary("p");
        assertEquals(1, s.mainCause("draw"));
        assertEquals(1, s.mainCause("none"));
        assertEquals((30.0 + 4.0 + 1.0) / 3, s.stageMs(Stage.DRAW), 1e-9); // draw = SyncQueued − DrawStart
        assertEquals(3.0, s.stageMs(Stage.GPU), 1e-9);                      // only the frame with GpuCompleted
    }

    @Test
    void slowFrameThresholdIsConfigurable() {
        EngineConfig c = new EngineConfig(DropLevel.DEFAULT_BOUNDS, 50_000_000, EngineConfig.DEFAULT_IDLE_GAP_NS, 0,
                EngineConfig.DEFAULT_WINDOW_NS);
        FrameEngine e = new FrameEngine(Source.GFXINFO, c);
        block(e, W, List.of(frame(W, 1_000_000_000L, 40_000_000, HZ60)));
        assertEquals(0, e.summary("p").mainCause("none") + e.summary("p").mainCause("draw"));
    }

    @Test
    void fpsIsMatrixFormulaAndSpanFpsCountsIdleInsideSegments() {
        FrameEngine e = engine();
        long t0 = 1_000_000_000L;
        List<RenderedFrame> l = new ArrayList<>(run(t0, 10, 5_000_000, HZ60));
        // a second burst after a 2 s pause: its own segment
        l.addAll(run(t0 + 10 * HZ60 + 2_000_000_000L, 5, 5_000_000, HZ60));
        // inside the second burst, skip 2 vsyncs (app rendered nothing): counts in spanFps, not in fps
        long after = t0 + 10 * HZ60 + 2_000_000_000L + 7 * HZ60;
        l.add(frame(W, after, 5_000_000, HZ60));
        block(e, W, l);
        Summary s = e.summary("p");
        assertEquals(16, s.frames());
        assertEquals(1e9 / HZ60, s.fps(), 1e-9, "no frame dropped: fps at refresh");
        double spans = 9.0 * HZ60 + 7.0 * HZ60;
        assertEquals(1e9 * (16 - 2) / spans, s.spanFps(), 1e-9);
        assertTrue(s.spanFps() < s.fps());
    }

    @Test
    void fpsWithDroppedFrames() {
        FrameEngine e = engine();
        long t0 = 1_000_000_000L;
        List<RenderedFrame> l = new ArrayList<>(run(t0, 9, 4_000_000, HZ60));
        l.add(frame(W, t0 + 9 * HZ60, 40_000_000, HZ60)); // dropped 2
        block(e, W, l);
        assertEquals(1e9 * 10 / (12.0 * HZ60), e.summary("p").fps(), 1e-9);
    }

    @Test
    void percentilesAreNearestRank() {
        FrameEngine e = engine();
        long t0 = 1_000_000_000L;
        List<RenderedFrame> l = new ArrayList<>();
        for (int i = 1; i <= 7; i++) {
            l.add(frame(W, t0 + i * 10 * HZ60, i * 1_000_000L, HZ60));
        }
        block(e, W, l);
        FrameTimes t = e.summary("p").frameTimeMs();
        // n = 7: p50 → ceil(3.5) = 4th, p90 → ceil(6.3) = 7th, p99 → 7th
        assertEquals(4.0, t.p50(), 1e-9);
        assertEquals(7.0, t.p90(), 1e-9);
        assertEquals(7.0, t.p95(), 1e-9);
        assertEquals(4.0, t.mean(), 1e-9);
    }

    @Test
    void intervalFallsBackToDisplayThenUserThenSixtyHertzWithWarning() {
        RenderedFrame noInterval = frame(W, 1_000_000_000L, 20_000_000, 0);
        FrameEngine display = engine();
        display.displayPeriodNs(HZ120);
        display.frame(noInterval);
        assertEquals(120.0, display.summary("p").refreshHz(), 0.01);
        FrameEngine user = new FrameEngine(Source.GFXINFO, EngineConfig.defaults().withUserRefreshPeriodNs(HZ90));
        user.frame(noInterval);
        assertEquals(90.0, user.summary("p").refreshHz(), 0.01);
        FrameEngine none = engine();
        none.frame(noInterval);
        Summary s = none.summary("p");
        assertEquals(60.0, s.refreshHz(), 0.01);
        assertTrue(s.warnings().stream().anyMatch(w -> w.contains("assuming 60 Hz")));
        assertEquals(1, s.droppedFrames()); // 20 ms / 16.67 ms
    }

    @Test
    void historyIsNotCounted() {
        FrameEngine e = engine();
        block(e.input(FrameEngine.Rows.HISTORY), W, run(1_000_000_000L, 50, 4_000_000, HZ60));
        List<RenderedFrame> next = run(1_000_000_000L + 40 * HZ60, 20, 4_000_000, HZ60);
        block(e, W, next);
        assertEquals(10, e.summary("p").frames());
    }

    @Test
    void liveWindowsCloseOnTheFrameTimelineAndIdleWindowsAreIdle() {
        List<LiveWindow> windows = new ArrayList<>();
        FrameEngine e = Frames.windowed(windows);
        long t0 = 5_000_000_000L;
        List<RenderedFrame> l = new ArrayList<>(run(t0, 60, 4_000_000, HZ60));              // second 0
        l.addAll(run(t0 + 2_000_000_000L, 30, 4_000_000, HZ60));                            // second 2
        block(e, W, l);
        e.finish();
        assertEquals(3, windows.size());
        assertEquals(60, windows.get(0).stats().frames());
        assertTrue(windows.get(1).stats().idle());
        assertNull(windows.get(1).stats().fps());
        assertEquals(30, windows.get(2).stats().frames());
        assertEquals(1e9 / HZ60, windows.get(2).stats().fps(), 1e-9);
        assertEquals(t0 + 2_000_000_000L, windows.get(2).startNs());
    }

    @Test
    void restartSegmentAcceptsTimestampsOfANewProcess() {
        FrameEngine e = engine();
        block(e, W, run(9_000_000_000L, 10, 4_000_000, HZ60));
        e.restartSegment();
        block(e, W, run(1_000_000_000L, 10, 4_000_000, HZ60));
        assertEquals(20, e.summary("p").frames());
    }

    @Test
    void measuredFramesGiveTheSameSummaryAsTheirRawFrames() {
        List<RenderedFrame> raw = run(1_000_000_000L, 30, 4_000_000, HZ60);
        raw.set(7, frame(W, raw.get(7).intendedVsync(), 45_000_000, HZ60));
        List<MeasuredFrame> measured = new ArrayList<>();
        FrameEngine a = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), new FrameEngine.Listener() {
            @Override
            public void frame(FrameResult r) {
                long[] st = new long[Stage.count()];
                for (Stage s : Stage.all()) {
                    st[s.ordinal()] = r.stage(s);
                }
                measured.add(new MeasuredFrame(r.window(), r.time(), r.end(), r.interval(), r.flags(), r.duration(),
                        r.janky(), st));
            }
        });
        block(a, W, raw);
        FrameEngine b = engine();
        block(b, W, measured);
        Summary sa = a.summary("p");
        Summary sb = b.summary("p");
        assertEquals(sa.frames(), sb.frames());
        assertEquals(sa.fps(), sb.fps());
        assertEquals(sa.spanFps(), sb.spanFps());
        assertEquals(sa.frameTimeMs(), sb.frameTimeMs());
        assertEquals(sa.mainCause("none") + sa.mainCause("draw"), sb.mainCause("none") + sb.mainCause("draw"));
        // every frame states its interval: neither run may warn (e.g. about a 60 Hz fallback), and both agree
        assertEquals(List.of(), sa.warnings());
        assertEquals(sa.warnings(), sb.warnings());
    }
}
