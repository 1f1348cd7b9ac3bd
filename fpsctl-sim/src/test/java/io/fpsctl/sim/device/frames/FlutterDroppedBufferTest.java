package io.fpsctl.sim.device.frames;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.sim.device.scenario.FlutterSpec;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The simulator's dropped buffers ({@link FlutterSpec#dropEveryFrames}, docs/metrics.md 16 rule 9): on BLAST (Android
 * 12+) every Nth engine frame is posted by the engine but never presented, the newer frame presented instead, the
 * layer's presents still one per vsync at most; before BLAST nothing is dropped (auto-timestamped buffers are never
 * dropped by BufferQueueConsumer::acquireBuffer).
 */
class FlutterDroppedBufferTest {
    private static final long START = 3_600_000_000_000L;

    private record Run(List<LayerFrame> presented, List<FlutterFrameTiming> timeline) {
    }

    private static Run run(boolean blast, int frames) {
        FlutterSpec spec = Scenarios.byName("flutter-dropped-buffer").flutter();
        VsyncClock clock = new VsyncClock(START, 60);
        FlutterTimeline timeline = new FlutterTimeline();
        FlutterFrameGenerator g = new FlutterFrameGenerator(spec, clock, new SplittableRandom(7), timeline, START,
                blast);
        List<LayerFrame> out = new ArrayList<>();
        for (int i = 0; i < frames; i++) {
            out.add(g.next());
        }
        return new Run(out, timeline.finishedAfter(0, Long.MAX_VALUE, Integer.MAX_VALUE));
    }

    @Test
    void everyFortiethFrameIsPostedButNeverPresentedOnBlast() {
        Run r = run(true, 200);
        List<Long> dropped = new ArrayList<>();
        for (FlutterFrameTiming f : r.timeline()) {
            if (f.actualPresent() == FlutterFrameGenerator.DROPPED) {
                dropped.add(f.number());
            }
        }
        assertEquals(List.of(40L, 80L, 120L, 160L, 200L), dropped, "the dropped frames");
        // one layer buffer per presented frame, the dropped ones absent: 200 buffers for 205 engine frames
        assertEquals(200 + dropped.size(), r.timeline().size());
        long last = 0;
        for (LayerFrame f : r.presented()) {
            assertTrue(f.actualPresent() > last, "presents strictly increase: " + f);
            last = f.actualPresent();
        }
        // each presented buffer is a timeline frame's, presented at that frame's present
        List<Long> timelinePresents = r.timeline().stream().map(FlutterFrameTiming::actualPresent)
                .filter(p -> p != FlutterFrameGenerator.DROPPED).toList();
        assertEquals(timelinePresents, r.presented().stream().map(LayerFrame::actualPresent).toList());
    }

    @Test
    void nothingIsDroppedBeforeBlast() {
        Run r = run(false, 100);
        assertEquals(100, r.timeline().size());
        assertTrue(r.timeline().stream().noneMatch(f -> f.actualPresent() == FlutterFrameGenerator.DROPPED));
    }
}
