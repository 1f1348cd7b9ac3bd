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
}
