package io.fpsctl.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The engine hands each counted rendered frame's FrameTimeline verdict to its listener, keyed on the frame's
 * sequence, on the engine's own thread (at the end of a block, at finish), exactly once. Expected verdicts are
 * worked out by hand from the SurfaceFrames fed in.
 */
class FrameTimelineVerdictDeliveryTest {
    private static final String W = "com.example/com.example.Main";
    private static final String LAYER = W + "#7";

    private static RenderedFrame frame(int i, long vsyncId) {
        RenderedFrame f = Frames.frame(W, 1_000_000_000L + i * Frames.HZ60, 8_000_000L, Frames.HZ60);
        return new RenderedFrame(f.window(), f.flags(), f.intendedVsync(), f.vsync(), f.handleInputStart(),
                f.animationStart(), f.performTraversalsStart(), f.drawStart(), f.syncQueued(), f.syncStart(),
                f.issueDrawCommandsStart(), f.swapBuffers(), f.frameCompleted(), f.gpuCompleted(), f.frameDeadline(),
                f.frameInterval(), vsyncId);
    }

    private static SurfaceFrameRecord sf(long token, String... types) {
        return new SurfaceFrameRecord(token, LAYER, 42, 7, true, "Presented", List.of(types));
    }

    @Test
    void verdictsReachTheListenerOnceEachKeyedOnSequence() {
        Map<Long, FrameTimelineVerdict> verdicts = new LinkedHashMap<>();
        List<Boolean> awaited = new ArrayList<>();
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), new FrameEngine.Listener() {
            @Override
            public void frame(FrameResult r) {
                assertEquals(awaited.size(), r.sequence());
                awaited.add(r.awaitsVerdict());
            }

            @Override
            public void frameTimeline(long sequence, FrameTimelineVerdict v) {
                assertFalse(verdicts.containsKey(sequence), "twice: " + sequence);
                verdicts.put(sequence, v);
            }
        });
        FrameTimelineAttribution ft = new FrameTimelineAttribution();
        engine.appPid(new AppPid(42));
        engine.frameTimeline(ft);
        ft.surfaceFrame(sf(101));                          // frame 0: on time, known before the frame
        engine.blockStart(W);
        engine.frame(frame(0, 101));
        engine.frame(frame(1, 102));                       // frame 1: its SurfaceFrame comes after the block
        engine.frame(frame(2, 0));                         // frame 2: no vsync id → unattributed at once
        engine.frame(frame(3, 104));                       // frame 3: never arrives → unattributed at finish
        engine.blockEnd();
        assertEquals(List.of(true, true, true, true), awaited);
        assertEquals(List.of(0L, 2L), List.copyOf(verdicts.keySet()), "settled by the end of the block");
        assertTrue(verdicts.get(0L).attributed());
        assertFalse(verdicts.get(2L).attributed());

        ft.surfaceFrame(sf(102, "App Deadline Missed")); // settles frame 1, but only queues it
        assertEquals(2, verdicts.size(), "not delivered on the poller's call");
        engine.blockStart(W);
        engine.blockEnd();
        assertTrue(verdicts.get(1L).appJank());
        assertEquals("appDeadlineMissed", verdicts.get(1L).jankTypesColumn());

        ft.finish();
        engine.finish();
        assertEquals(4, verdicts.size());
        assertFalse(verdicts.get(3L).attributed());
        assertEquals("", verdicts.get(3L).presentState());
    }

    @Test
    void withoutFrameTimelineNoFrameAwaitsAVerdict() {
        List<Boolean> awaited = new ArrayList<>();
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), new FrameEngine.Listener() {
            @Override
            public void frame(FrameResult r) {
                awaited.add(r.awaitsVerdict());
            }
        });
        engine.blockStart(W);
        engine.frame(frame(0, 101));
        engine.frame(frame(1, 102));
        engine.blockEnd();
        assertEquals(List.of(false, false), awaited);
    }

    @Test
    void detachingTheTimelineSettlesWhatItHeld() {
        Map<Long, FrameTimelineVerdict> verdicts = new LinkedHashMap<>();
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), new FrameEngine.Listener() {
            @Override
            public void frameTimeline(long sequence, FrameTimelineVerdict v) {
                verdicts.put(sequence, v);
            }
        });
        engine.frameTimeline(new FrameTimelineAttribution());
        engine.blockStart(W);
        engine.frame(frame(0, 555));
        engine.blockEnd();
        assertTrue(verdicts.isEmpty());
        engine.frameTimeline(null);
        assertEquals(1, verdicts.size());
        assertFalse(verdicts.get(0L).attributed());
    }
}
