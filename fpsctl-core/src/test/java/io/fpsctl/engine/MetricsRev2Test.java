package io.fpsctl.engine;

import static io.fpsctl.engine.Frames.HZ120;
import static io.fpsctl.engine.Frames.HZ60;
import static io.fpsctl.engine.Frames.frame;
import static io.fpsctl.engine.Frames.withGpu;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One test per docs/metrics.md revision-2 rule of the engine. Every expected number is worked out by hand in the
 * comments; none is taken from the engine.
 */
class MetricsRev2Test {
    private static final String W = "com.example/com.example.MainActivity";
    private static final String L = "SurfaceView[com.game/com.game.Main](BLAST)#12";
    private static final long T0 = 10_000_000_000L;

    private final List<FrameResult> results = new ArrayList<>();
    private final List<Long> intervals = new ArrayList<>();

    private FrameEngine engine(Source source, EngineConfig config) {
        return new FrameEngine(source, config, new FrameEngine.Listener() {
            @Override
            public void frame(FrameResult r) {
                intervals.add(r.interval());
                FrameResult copy = new FrameResult();
                copy.reset(r.source(), r.window());
                copy.time = r.time();
                copy.dropped = r.dropped();
                copy.janky = r.janky();
                copy.interval = r.interval();
                results.add(copy);
            }
        });
    }

    private FrameEngine gfx() {
        return engine(Source.GFXINFO, EngineConfig.defaults());
    }

    /** A gfxinfo block; {@code gpuColumn} says whether its layout has GpuCompleted. */
    private static void block(FrameSink e, String window, boolean gpuColumn, List<? extends Frame> rows) {
        e.blockStart(window);
        e.gpuColumn(gpuColumn);
        rows.forEach(e::frame);
        e.blockEnd();
    }

    /** Row i of a 60 Hz run: IntendedVsync T0 + i·T, 4 ms long, GPU done at +3 ms (or 0 = pending). */
    private static RenderedFrame row(int i, long interval, boolean gpuDone) {
        long v = T0 + i * interval;
        return withGpu(frame(W, v, 4_000_000, interval), gpuDone ? v + 3_000_000 : 0, 0);
    }

    private static List<RenderedFrame> rows(int from, int toExclusive, long interval) {
        List<RenderedFrame> l = new ArrayList<>();
        for (int i = from; i < toExclusive; i++) {
            l.add(row(i, interval, true));
        }
        return l;
    }

    // ---- 1.3 pending GPU fence, live polls ----

    @Test
    void liveRowWithoutGpuFenceWaitsUntilTheBlockIsOneSecondPastIt() {
        FrameEngine e = gfx();
        // poll 1: rows 0..4, rows 3 and 4 without GPU fence; newest − row 3 = T < 1 s → rows 3, 4 wait
        List<RenderedFrame> p1 = new ArrayList<>(rows(0, 3, HZ60));
        p1.add(row(3, HZ60, false));
        p1.add(row(4, HZ60, false));
        block(e, W, true, p1);
        assertEquals(3, e.summary("p").frames());
        // poll 2: rows 3, 4 now have their fence, row 5 has none (newest − row 5 = 0) → 3 + 2 = 5
        List<RenderedFrame> p2 = new ArrayList<>(rows(1, 5, HZ60));
        p2.add(row(5, HZ60, false));
        block(e, W, true, p2);
        assertEquals(5, e.summary("p").frames());
        // poll 3: row 5 still without fence, rows 6..65 done; newest − row 5 = 60 · 16 666 667 ns
        // = 1 000 000 020 ns ≥ 1 s → row 5 is taken as it is: all 66 rows
        List<RenderedFrame> p3 = new ArrayList<>();
        p3.add(row(5, HZ60, false));
        p3.addAll(rows(6, 66, HZ60));
        block(e, W, true, p3);
        assertEquals(66, e.summary("p").frames());
    }

    @Test
    void rowsAlreadyInTheRingWhenTheCaptureStartsAreHistoryPendingOrNot() {
        FrameEngine e = gfx();
        List<RenderedFrame> p1 = new ArrayList<>(rows(0, 3, HZ60));
        p1.add(row(3, HZ60, false));                         // drawn before the capture, fence not yet signalled
        p1.add(row(4, HZ60, false));
        block(e.input(FrameEngine.Rows.HISTORY), W, true, p1);
        block(e, W, true, rows(0, 7, HZ60));                 // rows 0..6, all fenced: only 5 and 6 are new
        assertEquals(2, e.summary("p").frames());
    }

    @Test
    void savedDumpAndLayoutsWithoutGpuColumnTakeRowsAsTheyAre() {
        List<RenderedFrame> p = new ArrayList<>(rows(0, 3, HZ60));
        p.add(row(3, HZ60, false));
        FrameEngine saved = gfx();
        saved.savedDump(true);
        block(saved, W, true, p);
        assertEquals(4, saved.summary("p").frames()); // 3 + the row without fence
        FrameEngine noColumn = gfx();
        block(noColumn, W, false, p);
        assertEquals(4, noColumn.summary("p").frames());
    }

    // ---- 1.3 malformed rows ----

    @Test
    void malformedRowsAreSkippedCountedOnceAndReportedInOneWarning() {
        FrameEngine e = gfx();
        long v = T0;
        RenderedFrame completedBeforeVsync = new RenderedFrame(W, 0, v, v, v, v, v, v, v, v, v, v, v - 1, 0, 0, HZ60);
        long w = T0 + HZ60;
        RenderedFrame overAnHour = frame(W, w, 3_600_000_000_001L, HZ60);       // 1 h + 1 ns
        long x = T0 + 2 * HZ60;
        RenderedFrame negative = new RenderedFrame(W, 0, x, x, -5, x, x, x, x, x, x, x, x + 4_000_000, 0, 0, HZ60);
        long y = T0 + 3 * HZ60;
        RenderedFrame huge = new RenderedFrame(W, 0, y, y, y, y, y, y, y, y, y, 1L << 62, y + 4_000_000, 0, 0, HZ60);
        long z = T0 + 4 * HZ60;
        // sentinels are "unknown", not malformed: HandleInputStart −1, GpuCompleted INT64_MAX, FrameDeadline INT64_MAX
        RenderedFrame sentinels = new RenderedFrame(W, 0, z, z, -1, z, z, z, z, z, z, z + 1_000_000, z + 4_000_000,
                Long.MAX_VALUE, Long.MAX_VALUE, HZ60);
        RenderedFrame good = frame(W, T0 + 5 * HZ60, 4_000_000, HZ60);
        List<RenderedFrame> poll = List.of(completedBeforeVsync, overAnHour, negative, huge, sentinels, good);
        block(e, W, false, poll);
        block(e, W, false, poll); // the next poll shows the same rows: not counted again
        e.malformedRows(2);       // two rows a parser could not read at all
        Summary s = e.summary("p");
        assertEquals(2, s.frames());
        assertEquals(4.0, s.frameTimeMs().max(), 1e-9);    // the 1 h row never reaches the sums
        assertNull(s.stageMs(Stage.GPU), "GpuCompleted INT64_MAX is unknown");
        // 4 malformed rows + 2 unreadable = 6, in one warning
        assertEquals(List.of("6 malformed rows skipped"),
                s.warnings().stream().filter(m -> m.contains("malformed")).toList());
    }

    // ---- 1.6 equal IntendedVsync ----

    @Test
    void equalIntendedVsyncWithAnotherFrameCompletedIsANewFrame() {
        FrameEngine e = gfx();
        RenderedFrame a = frame(W, T0, 5_000_000, HZ60);
        RenderedFrame b = frame(W, T0, 7_000_000, HZ60);        // same vsync, completed 2 ms later
        block(e, W, false, List.of(a, b));
        assertEquals(2, e.summary("p").frames());
        block(e, W, false, List.of(a, b, frame(W, T0, 5_000_000, HZ60))); // the same two again, and a copy of a
        assertEquals(2, e.summary("p").frames());
        block(e, W, false, List.of(frame(W, T0, 9_000_000, HZ60)));       // a third one at that vsync
        Summary s = e.summary("p");
        assertEquals(3, s.frames());
        assertEquals((5.0 + 7.0 + 9.0) / 3, s.frameTimeMs().mean(), 1e-9);
    }

    // ---- 1.7 overflow ----

    @Test
    void overflowCountsFullRingsCompleteOrNotAndAddsACoverageGap() {
        FrameEngine e = gfx();
        block(e, W, true, rows(0, 120, HZ120));   // first poll: never an overflow
        assertEquals(0, e.summary("p").overflows());
        // poll 2: rows 200..319, the oldest one in flight (FrameCompleted 0): the ring is still full and none of
        // its rows was in poll 1 (1.7 rev 3) → overflow, gap (newest 119 → oldest 200) = 81 · 8 333 333 ns
        List<RenderedFrame> p2 = rows(200, 320, HZ120);
        RenderedFrame r200 = p2.get(0);
        p2.set(0, new RenderedFrame(W, 0, r200.intendedVsync(), r200.vsync(), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, HZ120));
        block(e, W, true, p2);
        assertEquals(1, e.summary("p").overflows());
        // poll 3: rows 400..519, the newest 10 pending (no GPU fence): still a full ring; gap (319 → 400) = 81 T
        List<RenderedFrame> p3 = rows(400, 510, HZ120);
        for (int i = 510; i < 520; i++) {
            p3.add(row(i, HZ120, false));
        }
        block(e, W, true, p3);
        // poll 4: rows 509..628: row 509 was in poll 3 as it is now (510.. were pending then) → nothing lost
        block(e, W, true, rows(509, 629, HZ120));
        // poll 5: 119 rows, all new: not a full ring → no overflow
        block(e, W, true, rows(700, 819, HZ120));
        Summary s = e.summary("p");
        assertEquals(2, s.overflows());
        assertEquals(2, s.coverageGaps());
        // 2 × 81 × 8 333 333 ns = 1 349 999 946 ns = 1349.999946 ms
        assertEquals(1349.999946, s.coverageGapMs(), 1e-6);
        assertEquals(2L, s.warnings().stream().filter(
                m -> m.equals("coverage gap of 675.0 ms: ring overflow in " + W
                        + ": frames between two polls may be lost")).count()); // 674.999973 ms → 675.0
    }

    @Test
    void surfaceFlingerOverflowNeeds127Rows() {
        FrameEngine e = engine(Source.SURFACEFLINGER, EngineConfig.defaults());
        e.blockStart(L);
        for (int i = 0; i < 127; i++) {
            e.frame(Frames.present(L, T0 + i * HZ60, HZ60));
        }
        e.blockEnd();                            // watermark = T0 + 126 T
        e.blockStart(L);
        for (int i = 130; i < 256; i++) {        // 126 rows: not the whole ring → no overflow
            e.frame(Frames.present(L, T0 + i * HZ60, HZ60));
        }
        e.blockEnd();                            // watermark = T0 + 255 T
        assertEquals(0, e.summary("p").overflows());
        e.blockStart(L);
        e.frame(new PresentedFrame(L, T0 + 299 * HZ60, Long.MAX_VALUE, Long.MAX_VALUE, HZ60)); // pending counts too
        for (int i = 300; i < 426; i++) {        // 1 + 126 = 127 rows, oldest T0 + 300 T > watermark
            e.frame(Frames.present(L, T0 + i * HZ60, HZ60));
        }
        e.blockEnd();
        Summary s = e.summary("p");
        assertEquals(1, s.overflows());
        // gap = (300 − 255) · 16 666 667 ns = 750 000 015 ns
        assertEquals(750.000015, s.coverageGapMs(), 1e-6);
    }

    // ---- 2.3 period in force ----

    @Test
    void aChangedPeriodLineAppliesOnlyToFramesPresentedAfterThePreviousPoll() {
        FrameEngine e = engine(Source.SURFACEFLINGER, EngineConfig.defaults());
        e.blockStart(L);
        for (int i = 0; i <= 10; i++) {                       // 60 Hz: presents 16 666 667 ns apart
            e.frame(Frames.present(L, T0 + i * HZ60, HZ60));
        }
        e.blockEnd();
        long last60 = T0 + 10 * HZ60;
        e.blockStart(L);                                      // the next poll prints 120 Hz
        for (int i = 0; i <= 10; i++) {                       // the same 60 Hz rows again: not new, keep 60 Hz
            e.frame(Frames.present(L, T0 + i * HZ60, HZ120));
        }
        for (int i = 1; i <= 12; i++) {                       // then 120 Hz presents 8 333 333 ns apart
            e.frame(Frames.present(L, last60 + i * HZ120, HZ120));
        }
        e.blockEnd();
        // 11 + 12 frames; the first 11 with T = 60 Hz, the rest 120 Hz; every gap is one vsync of its own T:
        // round(16 666 667 / 16 666 667) − 1 = 0 and round(8 333 333 / 8 333 333) − 1 = 0 → nothing janky
        assertEquals(23, results.size());
        for (int i = 0; i < 23; i++) {
            assertEquals(i < 11 ? HZ60 : HZ120, results.get(i).interval(), "frame " + i);
        }
        Summary s = e.summary("p");
        assertEquals(0, s.jankyFrames());
        assertEquals(0, s.droppedFrames());
        assertEquals(120.0, s.refreshHz(), 0.05);             // 1e9 / 8 333 333 = 120.0000048
    }

    // ---- 3: T for frames without an interval ----

    @Test
    void savedDumpWithoutIntervalInfersTheVsyncGrid() {
        long t144 = 6_944_444L;                               // 1e9 / 6 944 444 = 144.0000092 Hz
        FrameEngine e = gfx();
        e.savedDump(true);
        List<RenderedFrame> l = new ArrayList<>();
        int[] vsyncs = {0, 1, 2, 3, 5, 6};                    // differences T, T, T, 2T, T: T occurs 4 times
        for (int k : vsyncs) {
            l.add(frame(W, T0 + k * t144, 10_000_000, 0));    // 10 ms frames, no interval column
        }
        block(e, W, false, l);
        Summary s = e.summary("p");
        assertEquals(144.0, s.refreshHz(), 0.05);
        assertTrue(s.warnings().contains(
                "refresh rate inferred from the vsync grid: 144.0 Hz; pass --refresh-rate to override"));
        // each frame: ceil(10 000 000 / 6 944 444) − 1 = ceil(1.44) − 1 = 1 dropped → 6 in all
        assertEquals(6, s.droppedFrames());
        assertTrue(intervals.stream().allMatch(t -> t == t144));
    }

    @Test
    void vsyncGridNeedsThreeEqualDifferencesInRangeElseSixtyHertzWithWarning() {
        FrameEngine twice = gfx();
        twice.savedDump(true);
        // differences 10 ms, 10 ms, 20 ms: no difference occurs 3 times → 60 Hz with the warning
        block(twice, W, false, List.of(frame(W, T0, 4_000_000, 0), frame(W, T0 + 10_000_000, 4_000_000, 0),
                frame(W, T0 + 20_000_000, 4_000_000, 0), frame(W, T0 + 40_000_000, 4_000_000, 0)));
        Summary s = twice.summary("p");
        assertEquals(60.0, s.refreshHz(), 0.05);
        assertTrue(s.warnings().contains("refresh rate unknown: assuming 60 Hz (pass --refresh-rate)"));
        FrameEngine tooShort = gfx();
        tooShort.savedDump(true);
        List<RenderedFrame> l = new ArrayList<>();
        for (int i = 0; i < 5; i++) {                         // 3 ms apart, 4 times: smallest repeated < 4 ms
            l.add(frame(W, T0 + i * 3_000_000L, 2_000_000, 0));
        }
        block(tooShort, W, false, l);
        assertEquals(60.0, tooShort.summary("p").refreshHz(), 0.05);
        FrameEngine user = engine(Source.GFXINFO, EngineConfig.defaults().withUserRefreshPeriodNs(HZ120));
        user.savedDump(true);
        block(user, W, false, List.of(frame(W, T0, 4_000_000, 0)));
        assertEquals(120.0, user.summary("p").refreshHz(), 0.05);
        assertTrue(user.summary("p").warnings().stream().noneMatch(m -> m.contains("refresh rate")));
    }

    @Test
    void periodInForceIsTakenByFramesDrawnAfterIt() {
        FrameEngine e = gfx();                                // live: the capture hands the display period in
        e.displayPeriodNs(HZ60);
        block(e, W, false, List.of(frame(W, T0, 12_000_000, 0)));
        e.displayPeriodNs(HZ120);                             // the display switched to 120 Hz
        block(e, W, false, List.of(frame(W, T0 + HZ60, 12_000_000, 0)));
        // 12 ms at 60 Hz: ceil(0.72) − 1 = 0; at 120 Hz: ceil(1.44) − 1 = 1
        assertEquals(List.of(HZ60, HZ120), intervals);
        assertEquals(List.of(0L, 1L), results.stream().map(FrameResult::dropped).toList());
        assertTrue(e.summary("p").warnings().stream().noneMatch(m -> m.contains("60 Hz")));
    }

    @Test
    void latencyDumpWithoutFramesReportsItsPeriodLine() {
        FrameEngine e = engine(Source.SURFACEFLINGER, EngineConfig.defaults());
        e.period(16_666_667L);                                // line 1 of the dump, then no rows
        e.blockStart(L);
        e.blockEnd();
        Summary s = e.summary("p");
        assertEquals(0, s.frames());
        assertEquals(60.0, s.refreshHz(), 0.05);              // 1e9 / 16 666 667 = 59.9999988
        assertNull(s.fps());
        FrameEngine zero = engine(Source.SURFACEFLINGER, EngineConfig.defaults());
        zero.period(0);                                       // a period of 0 says nothing: null, never 0.0
        assertNull(zero.summary("p").refreshHz());
    }

    // ---- 4: dropped ----

    @Test
    void droppedIsCeilOfDurationOverIntervalMinusOneSoThatDroppedMeansJanky() {
        FrameEngine e = gfx();
        long t = HZ60;
        long[] durations = {t - 1, t, t + 1, 2 * t, 2 * t + 1, 0};
        for (int i = 0; i < durations.length; i++) {
            block(e, W, false, List.of(frame(W, T0 + 10L * i * t, durations[i], t)));
        }
        // ceil(d/T) − 1: T−1 → 1−1 = 0; T → 1−1 = 0 (on its vsync: not janky, nothing dropped);
        // T+1 → 2−1 = 1; 2T → 2−1 = 1; 2T+1 → 3−1 = 2; 0 → max(0, 0−1) = 0
        assertEquals(List.of(0L, 0L, 1L, 1L, 2L, 0L), results.stream().map(FrameResult::dropped).toList());
        assertEquals(List.of(false, false, true, true, true, false),
                results.stream().map(FrameResult::janky).toList());
        Summary s = e.summary("p");
        assertEquals(4, s.droppedFrames());
        // fps = 1e9 · 6 / Σ (dropped + 1) · T = 6 / (10 · T) → 36.0 fps
        assertEquals(1e9 * 6 / (10.0 * t), s.fps(), 1e-9);
    }

    // ---- 7: sums, zero timed frames, refreshHz ----

    @Test
    void sumsNearInt64MaxDoNotWrap() {
        FrameEngine e = gfx();
        long d = 4_000_000_000_000_000_000L;                 // 3 · 4e18 = 1.2e19 > INT64_MAX ≈ 9.22e18
        long[] stages = new long[Stage.count()];
        java.util.Arrays.fill(stages, -1);
        stages[Stage.DRAW.ordinal()] = d;
        e.blockStart(W);
        for (int i = 0; i < 3; i++) {
            e.frame(new MeasuredFrame(W, T0 + i, T0 + i + d, HZ60, 0, d, true, stages));
        }
        e.blockEnd();
        Summary s = e.summary("p");
        assertEquals(4e12, s.frameTimeMs().mean(), 1.0);     // 4e18 ns = 4e12 ms, not a third of it
        assertEquals(4e12, s.stageMs(Stage.DRAW), 1.0);
        // fps = 1e9 · 3 / (3 · ceil(4e18 / T) · T) ≈ 1e9 / 4e18 = 2.5e-10
        assertEquals(2.5e-10, s.fps(), 1e-15);
    }

    @Test
    void zeroTimedFramesGiveNullPercentilesAndFpsAndAPeriodNeverZero() {
        FrameEngine e = gfx();
        // both frames have Flags 1 (first frame after a layout change): counted, not timed;
        // the second states an interval of 10 s, which is no refresh period → the 60 Hz fallback, not 0.1 Hz
        block(e, W, false, List.of(frame(W, T0, 4_000_000, HZ60, 1),
                frame(W, T0 + HZ60, 4_000_000, 10_000_000_000L, 1)));
        Summary s = e.summary("p");
        assertEquals(2, s.frames());
        assertEquals(0, s.timedFrames());
        assertNull(s.fps());
        assertNull(s.spanFps());
        assertNull(s.frameTimeMs());
        assertNull(s.jankPercent());
        assertEquals(60.0, s.refreshHz(), 0.05);
        assertEquals(List.of(HZ60, EngineConfig.FALLBACK_PERIOD_NS), intervals);
    }

    // ---- 11: coverage gaps ----

    @Test
    void coverageGapCountsTheIntervalAndWarnsWithItsLength() {
        FrameEngine e = gfx();
        Summary none = e.summary("p");
        assertEquals(0, none.coverageGaps());
        assertEquals(0.0, none.coverageGapMs());
        e.coverageGap(1_000_000_000L, 2_234_500_000L, "the device reconnected");   // 1 234 500 000 ns
        e.coverageGap(5_000_000_000L, 5_000_250_000L, "the app restarted");        // 250 000 ns
        Summary s = e.summary("p");
        assertEquals(2, s.coverageGaps());
        assertEquals(1234.75, s.coverageGapMs(), 1e-9);
        assertTrue(s.warnings().contains("coverage gap of 1234.5 ms: the device reconnected"));
        assertTrue(s.warnings().contains("coverage gap of 0.3 ms: the app restarted")); // 0.25 → %.1f half-up
    }

    // ---- live windows ----

    private final List<LiveWindow> windows = new ArrayList<>();

    private FrameEngine windowed() {
        return Frames.windowed(windows);
    }

    @Test
    void aFarFutureTimestampCreatesABoundedNumberOfWindows() {
        FrameEngine e = windowed();
        List<RenderedFrame> l = new ArrayList<>(rows(0, 30, HZ60));          // 0.5 s of frames in window 0
        long bogus = T0 + 100_000L * 1_000_000_000L;                          // 100 000 s later: window 100 000
        l.add(frame(W, bogus, 4_000_000, HZ60));
        block(e, W, false, l);
        e.finish();
        // window 0 (30 frames), windows 1, 2, 3 idle, one idle gap 4 … 99 998, then 99 999 (idle) and 100 000
        assertEquals(7, windows.size());
        assertEquals(30, windows.get(0).stats().frames());
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 99_999L, 100_000L),
                windows.stream().map(LiveWindow::index).toList());
        LiveWindow gap = windows.get(4);
        assertTrue(gap.stats().idle());
        assertEquals(T0 + 4_000_000_000L, gap.startNs());
        assertEquals(T0 + 99_999_000_000_000L, gap.endNs());
        assertEquals(1, windows.get(6).stats().frames());
    }

    @Test
    void anOlderFrameOfASecondWindowLandsInItsOwnWindowNeverTheCurrentOne() {
        FrameEngine e = windowed();
        // window A draws from T0 to T0 + 2.5 s (windows 0, 1, 2; 2 in progress, 1 still open)
        block(e, W, false, rows(0, 150, HZ60));                               // 150 · 16.67 ms = 2.5 s
        // then the block of a dialog: one frame at 1.5 s (window 1) and one at 0.5 s (window 0, already closed)
        String dialog = "com.example/com.example.Dialog";
        block(e, dialog, false, List.of(frame(dialog, T0 + 500_000_000L, 4_000_000, HZ60),
                frame(dialog, T0 + 1_500_000_000L, 4_000_000, HZ60)));
        e.finish();
        assertEquals(3, windows.size());
        // rows with T0 + i·T in [1 s, 2 s): i = 60 … 119 → 60 frames, plus the dialog's 1.5 s frame
        assertEquals(61, windows.get(1).stats().frames());
        // [2 s, 2.5 s): i = 120 … 149 → 30 frames, nothing of the dialog
        assertEquals(30, windows.get(2).stats().frames());
        assertEquals(60, windows.get(0).stats().frames());                   // emitted before the dialog's block
        assertEquals(152, e.summary("p").frames());                           // the summary counts both
    }

    @Test
    void windowsCloseOnTheDeviceClockWithoutFrames() {
        FrameEngine e = windowed();
        block(e, W, false, rows(0, 30, HZ60));                                // window 0 = [T0, T0 + 1 s)
        e.advanceTo(T0 + 999_999_999L);                                       // window 0 not over yet
        assertEquals(0, windows.size());
        e.advanceTo(T0 + 3_200_000_000L);                                     // windows 0, 1, 2 end ≤ now
        assertEquals(List.of(0L, 1L, 2L), windows.stream().map(LiveWindow::index).toList());
        assertEquals(30, windows.get(0).stats().frames());
        assertTrue(windows.get(1).stats().idle());
        assertTrue(windows.get(2).stats().idle());
        e.advanceTo(T0 + 4_000_000_000L);                                     // window 3 ends exactly now
        assertEquals(4, windows.size());
        assertTrue(windows.get(3).stats().idle());
        // a device clock far ahead (a bogus estimate, 1 000 000.5 s): window 4 (open, idle) closes, then 3 idle
        // windows 5, 6, 7 and one gap window [8 s, 1 000 000 s); window 1 000 000 is the one in progress
        e.advanceTo(T0 + 1_000_000_500_000_000L);
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L),
                windows.stream().map(LiveWindow::index).toList());
        assertEquals(T0 + 8_000_000_000L, windows.get(8).startNs());
        assertEquals(T0 + 1_000_000_000_000_000L, windows.get(8).endNs());
    }
}
