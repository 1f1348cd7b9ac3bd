package io.fpsctl.sink.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.RenderedFrame;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Stage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the report keeps of the frames, checked against values worked out by hand. */
class ReportFramesTest {
    private static final long T = 16_666_667L;
    private static final long MS = 1_000_000L;
    private static final long T0 = 7_000_000_000L;
    private static final String WINDOW = "com.example/com.example.MainActivity";

    /** delay 1 ms, draw = duration − 2 ms, swap 1 ms, every other stage 0. */
    private static RenderedFrame frame(long vsync, long duration) {
        long his = vsync + MS;
        long sq = vsync + duration - MS;
        return new RenderedFrame(WINDOW, 0, vsync, vsync, his, his, his, his, sq, sq, sq, sq, vsync + duration, 0, 0, T);
    }

    @Test
    void keepsEveryFrameTheSlowStagesAndTheWorstFrames() {
        ReportFrames frames = new ReportFrames();
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), frames);
        engine.blockStart(WINDOW);
        engine.frame(frame(T0, 10 * MS));
        engine.frame(frame(T0 + T, 70 * MS));
        engine.frame(frame(T0 + 6 * T, 30 * MS));
        engine.frame(frame(T0 + 70 * T, 5 * MS)); // 1.17 s after the first: the second live window
        engine.blockEnd();
        engine.finish();

        assertEquals(4, frames.size());
        assertEquals(T0 + 6 * T, frames.timeNs(2));
        assertEquals(30f, frames.durationMs(2));
        assertEquals(0, frames.level(0));  // 10 ms: on time, best
        assertEquals(1, frames.level(1));  // 70 ms: ceil(70 / 16.67) − 1 = 4 vsyncs missed: normal (3–8)
        assertEquals(List.of(WINDOW), frames.windowNames());
        // slow frames (> T): 70 and 30 ms; draw = duration − 2 ms → (68 + 28) / 2; delay and swap 1 ms
        assertEquals(2, frames.slowFrames());
        assertEquals(48.0, frames.slowStageMs(Stage.DRAW), 1e-9);
        assertEquals(1.0, frames.slowStageMs(Stage.DELAY), 1e-9);
        assertEquals(1.0, frames.slowStageMs(Stage.SWAP), 1e-9);
        assertNull(frames.slowStageMs(Stage.GPU), "no GpuCompleted: unknown, not 0");
        List<ReportFrames.WorstFrame> worst = frames.worstFrames();
        assertEquals(List.of(70.0, 30.0, 10.0, 5.0), worst.stream().map(ReportFrames.WorstFrame::durationMs).toList());
        assertEquals("draw", worst.get(0).mainCause());
        assertEquals(2, frames.liveWindows().size());
        assertTrue(frames.liveWindows().get(1).fps() != null);
    }
    private static RenderedFrame withVsyncId(RenderedFrame f, long id) {
        return new RenderedFrame(f.window(), f.flags(), f.intendedVsync(), f.vsync(), f.handleInputStart(),
                f.animationStart(), f.performTraversalsStart(), f.drawStart(), f.syncQueued(), f.syncStart(),
                f.issueDrawCommandsStart(), f.swapBuffers(), f.frameCompleted(), f.gpuCompleted(), f.frameDeadline(),
                f.frameInterval(), id);
    }

    /**
     * Hand-worked verdicts through the listener, out of order and around frames that await none: frames 0–4 of the
     * gfxinfo engine await (sequences 0–4) with a SurfaceFlinger-source frame between 1 and 2 (index 2, no verdict),
     * so sequence 2 is frame index 3. Verdicts: 3 → system (Display HAL), 0 → on time (Buffer Stuffing alone),
     * 1 → app (App Deadline Missed + SurfaceFlinger CPU), 4 → unattributed, 2 → app.
     */
    @Test
    void keepsEachFramesFrameTimelineVerdictByItsSequence() {
        ReportFrames frames = new ReportFrames();
        FrameEngine gfx = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), frames);
        gfx.frameTimeline(new io.fpsctl.engine.FrameTimelineAttribution());
        FrameEngine sf = new FrameEngine(Source.SURFACEFLINGER, EngineConfig.defaults(), frames);
        gfx.blockStart(WINDOW);
        gfx.frame(withVsyncId(frame(T0, 10 * MS), 100));
        gfx.frame(withVsyncId(frame(T0 + T, 40 * MS), 101));
        gfx.blockEnd();
        sf.blockStart("SurfaceView");
        sf.frame(new io.fpsctl.engine.PresentedFrame("SurfaceView", T0, T0 + T, T0 + T, T));
        sf.frame(new io.fpsctl.engine.PresentedFrame("SurfaceView", T0 + T, T0 + 2 * T, T0 + 2 * T, T));
        sf.blockEnd();
        int before = frames.size();
        gfx.blockStart(WINDOW);
        gfx.frame(withVsyncId(frame(T0 + 4 * T, 8 * MS), 104));
        gfx.frame(withVsyncId(frame(T0 + 5 * T, 8 * MS), 105));
        gfx.frame(withVsyncId(frame(T0 + 6 * T, 8 * MS), 106));
        gfx.blockEnd();
        assertEquals(List.of(0, 0, 0, 0, 0, 0, 0), java.util.stream.IntStream.range(0, frames.size())
                .mapToObj(i -> (int) frames.frameTimeline(i)).toList(), "no verdict yet");
        assertTrue(!frames.hasFrameTimeline());
        int sfFrames = before - 2;
        assertTrue(sfFrames >= 1, "a SurfaceFlinger frame sits between the gfxinfo frames");

        frames.frameTimeline(3, verdict("Display HAL"));
        frames.frameTimeline(0, verdict("Buffer Stuffing"));
        frames.frameTimeline(1, verdict("App Deadline Missed", "SurfaceFlinger CPU Deadline Missed"));
        frames.frameTimeline(4, io.fpsctl.engine.FrameTimelineVerdict.UNATTRIBUTED);
        frames.frameTimeline(2, verdict("App Deadline Missed"));
        frames.frameTimeline(2, verdict("Display HAL")); // a second verdict for a frame is ignored
        frames.frameTimeline(99, verdict("Display HAL")); // no such frame

        List<Integer> expected = new java.util.ArrayList<>(List.of(2, 3));
        for (int i = 0; i < sfFrames; i++) {
            expected.add(0);
        }
        expected.addAll(List.of(3, 4, 1));
        assertEquals(expected, java.util.stream.IntStream.range(0, frames.size())
                .mapToObj(i -> (int) frames.frameTimeline(i)).toList());
        assertTrue(frames.hasFrameTimeline());
        assertEquals(2, frames.frameTimelineCount(ReportFrames.FT_APP_JANK));
        assertEquals(1, frames.frameTimelineCount(ReportFrames.FT_SYSTEM_JANK));
        assertEquals(1, frames.frameTimelineCount(ReportFrames.FT_ON_TIME));
        assertEquals(1, frames.frameTimelineCount(ReportFrames.FT_UNATTRIBUTED));
    }

    private static io.fpsctl.engine.FrameTimelineVerdict verdict(String... printed) {
        java.util.EnumSet<io.fpsctl.engine.FrameTimelineJankType> types =
                java.util.EnumSet.noneOf(io.fpsctl.engine.FrameTimelineJankType.class);
        for (String p : printed) {
            types.add(io.fpsctl.engine.FrameTimelineJankType.ofPrinted(p));
        }
        return new io.fpsctl.engine.FrameTimelineVerdict(true, types, "Presented");
    }
}
