package io.fpsctl.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Agent frames in the engine: all-frames, scroll and finger-scroll fps, Choreographer means, slow messages. */
class AgentFrameEngineTest {
    static final long T = 10_000_000L; // 100 Hz: round numbers
    static final String W = "com.example/com.example.Main";

    /** One frame of {@code durationMs} at slot {@code i} (50 ms apart), stages known, deadline unknown. */
    static AgentFrame frame(int i, double durationMs, long interaction, long[] ch) {
        long start = 1_000_000_000L + i * 50_000_000L;
        long d = (long) (durationMs * 1e6);
        long[] stages = {100_000, 0, 1_000_000, d / 2, 500_000, 200_000, 300_000, 400_000, -1};
        return new AgentFrame(W, start, start + d, T, 0, interaction, stages, 0, ch);
    }

    static final long[] CH = {1_000_000, 2_000_000, 3_000_000};

    /**
     * 8 frames at T = 10 ms: 4 scrolling with the finger down (5, 5, 5, 25 ms: 0, 0, 0, 2 dropped), 2 scrolling
     * after the finger lifted (5, 35 ms: 0, 3 dropped), 2 without interaction (5, 5 ms).
     */
    static FrameEngine run() {
        FrameEngine e = new FrameEngine(Source.AGENT, EngineConfig.defaults());
        long both = Interaction.SCROLLING | Interaction.FINGER;
        e.frame(frame(0, 5, both, CH));
        e.frame(frame(1, 5, both, CH));
        e.frame(frame(2, 5, both | Interaction.IDLE_BEFORE, CH));
        e.frame(frame(3, 25, both, new long[] {1_000_000, 2_000_000, 11_000_000}));
        e.frame(frame(4, 5, Interaction.SCROLLING, CH));
        e.frame(frame(5, 35, Interaction.SCROLLING, new long[] {-1, 2_000_000, 3_000_000}));
        e.frame(frame(6, 5, 0, CH));
        e.frame(frame(7, 5, Interaction.IDLE_BEFORE, CH));
        return e;
    }

    @Test
    void scrollAndFingerFpsUseMatrixFormulaOverTheirFrames() {
        Summary s = run().summary("com.example");
        assertEquals(8, s.frames());
        // all: 8 frames over Σ (dropped + 1) × T = (1+1+1+3 + 1+4 + 1+1) × 10 ms = 130 ms
        assertEquals(8 / 0.130, s.fps(), 1e-9);
        // scrolling: 6 frames over 110 ms; finger: 4 frames over 60 ms
        assertEquals(6 / 0.110, s.scrollFps(), 1e-9);
        assertEquals(4 / 0.060, s.fingerScrollFps(), 1e-9);
        assertEquals(5L, s.droppedFrames());
        assertEquals(2, s.jankyFrames()); // no deadline: duration > T
    }

    @Test
    void choreographerMeansSkipUnknownValues() {
        Summary s = run().summary("com.example");
        assertEquals(1.0, s.choreographerMs(Interaction.CH_INPUT), 1e-9); // 7 known
        assertEquals(2.0, s.choreographerMs(Interaction.CH_ANIMATION), 1e-9);
        assertEquals((7 * 3 + 11) / 8.0, s.choreographerMs(Interaction.CH_TRAVERSAL), 1e-9);
        assertEquals(1.0, s.stageMs(Stage.ANIMATION), 1e-9);
        assertNull(s.stageMs(Stage.GPU));
        assertEquals(1, s.windows().size());
        assertEquals(6 / 0.110, s.windows().get(0).scrollFps(), 1e-9);
    }

    @Test
    void deadlineRuleWhenDeadlineAndGpuAreKnown() {
        FrameEngine e = new FrameEngine(Source.AGENT, EngineConfig.defaults());
        long start = 1_000_000_000L;
        // 8 ms frame, swap 2 ms, gpu 5 ms: GpuCompleted = start + 6 + 5 = start + 11 ms ≥ deadline start + 10 ms
        long[] stages = {0, 0, 1_000_000, 1_000_000, 1_000_000, 1_000_000, 1_000_000, 2_000_000, 5_000_000};
        e.frame(new AgentFrame(W, start, start + 8_000_000, T, 0, 0, stages, start + T, null));
        Summary s = e.summary("p");
        assertEquals(1, s.jankyFrames());
        assertEquals(0, s.droppedFrames());
        assertNull(s.scrollFps());
        assertNull(s.choreographerMs());
    }

    @Test
    void slowMessagesKeepTheCountAndTheWorstFive() {
        FrameEngine e = run();
        for (int i = 1; i <= 7; i++) {
            e.slowMessage(new SlowMessage(i, i * 100L, "target " + i, "a <- b"));
        }
        SlowMessages slow = e.summary("p").slowMessages();
        assertEquals(7, slow.count());
        assertEquals(List.of(700L, 600L, 500L, 400L, 300L),
                slow.worst().stream().map(SlowMessage::durationMs).toList());
        assertEquals(SlowMessages.NONE, run().summary("p").slowMessages());
    }

    @Test
    void otherSourcesHaveNoAgentValues() {
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
        e.frame(new MeasuredFrame(W, 1_000_000_000L, 1_005_000_000L, T, 0, 5_000_000, false, new long[9]));
        Summary s = e.summary("p");
        assertNull(s.scrollFps());
        assertNull(s.fingerScrollFps());
        assertNull(s.choreographerMs());
        assertNull(s.slowMessages());
        assertTrue(s.fps() > 0);
    }

    /**
     * An approximately dated frame (flag 2) is counted but not timed. Two frames at T = 10 ms: a 5 ms frame
     * (0 dropped) and a 35 ms approximate one (floor(35 / 10) = 3 dropped). fps = 1e9 × 2 / ((0+1) + (3+1)) × 10 ms
     * = 2 / 0.05 s = 40; timedFrames 1; the 35 ms frame is neither janky nor in droppedFrames nor in the p99.
     */
    @Test
    void anApproximatelyDatedFrameIsCountedButNotTimed() {
        FrameEngine e = new FrameEngine(Source.AGENT, EngineConfig.defaults());
        e.frame(frame(0, 5, 0, CH));
        AgentFrame late = frame(1, 35, 0, CH);
        e.frame(new AgentFrame(late.window(), late.intendedVsync(), late.end(), late.interval(), 2,
                late.interaction(), late.stageNs(), late.deadline(), late.choreographerNs()));
        Summary s = e.summary("p");
        assertEquals(2, s.frames());
        assertEquals(1, s.timedFrames());
        assertEquals(0, s.jankyFrames());
        assertEquals(0, s.droppedFrames());
        assertEquals(40.0, s.fps(), 1e-9);
    }
}
