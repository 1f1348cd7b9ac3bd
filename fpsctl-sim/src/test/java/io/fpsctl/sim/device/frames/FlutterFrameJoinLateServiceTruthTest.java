package io.fpsctl.sim.device.frames;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.FlutterFrame;
import io.fpsctl.engine.FlutterFrameJoin;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * fpsctl's Flutter pairing ({@link FlutterFrameJoin}, docs/metrics.md 16 rule 9) when the Dart VM service is reached
 * late in a run (a capture on a loaded machine): the posted frames are only the run's last ones, 120 frames before
 * the last five still on their way (1–2 s of the run), and many such stretches hold no skipped vsync, where every
 * passing offset is equally steady. A joined present must be the frame the truth says it showed
 * ({@link FlutterTimeline}); a run that cannot be told joins none. The join once took the earliest passing offset
 * there, one period or more early: at 120 Hz 117 of 4,797 joined presents of these 40 runs were another frame's.
 * The seeds and the run as {@link FlutterFrameJoinTruthTest} builds them.
 */
class FlutterFrameJoinLateServiceTruthTest {
    private static final long START = 3_600_000_000_000L;
    private static final int SEEDS = 40;
    /** Frames posted after the service was reached: the run's last ones but the five still on their way. */
    private static final int POSTED = 120;

    @ParameterizedTest(name = "{0} at {1} Hz, BLAST {2}")
    @CsvSource({"flutter, 60, true", "flutter, 120, true", "flutter-short-latch, 120, true", "flutter, 90, false"})
    void aLateServiceJoinsOnlyTheFramesThePresentsShowed(String scenario, int hz, boolean blast) {
        long joined = 0;
        for (int seed = 1; seed <= SEEDS; seed++) {
            VsyncClock clock = new VsyncClock(START, hz);
            FlutterTimeline timeline = new FlutterTimeline();
            FlutterFrameGenerator g = new FlutterFrameGenerator(Scenarios.byName(scenario).flutter(), clock,
                    new SplittableRandom(seed), timeline, START, blast);
            List<LayerFrame> layer = new ArrayList<>();
            for (int i = 0; i < 3 * hz; i++) {
                layer.add(g.next());
            }
            List<FlutterFrameTiming> truth = timeline.finishedAfter(0, Long.MAX_VALUE, Integer.MAX_VALUE);
            Map<Long, Long> numberByPresent = new HashMap<>();
            List<FlutterFrame> posted = new ArrayList<>();
            long reached = truth.size() - 5 - POSTED;
            for (FlutterFrameTiming f : truth) {
                numberByPresent.put(f.actualPresent(), f.number());
                if (f.number() > reached && f.number() <= truth.size() - 5) {
                    posted.add(event(f));
                }
            }
            long[] presents = layer.stream().mapToLong(LayerFrame::actualPresent).toArray();
            int[] join = FlutterFrameJoin.join(presents, posted, Math.round(1e6 / hz));
            for (int i = 0; i < presents.length; i++) {
                if (join[i] >= 0) {
                    joined++;
                    assertEquals(numberByPresent.get(presents[i]), posted.get(join[i]).number(),
                            "seed " + seed + ": the frame shown at present " + i);
                }
            }
        }
        // most runs hold a skipped vsync that tells the pairing (the simulator's: 4,200 to 4,800 of 4,800 joined)
        assertTrue(joined > SEEDS * POSTED / 2, joined + " of " + SEEDS * POSTED + " posted frames joined");
    }

    /** The {@code Flutter.Frame} event the VM service posts for f (as {@link FlutterFrameJoinTruthTest} does). */
    private static FlutterFrame event(FlutterFrameTiming f) {
        long vsync = f.vsyncStart() / 1_000;
        long build = f.buildStart() / 1_000;
        return new FlutterFrame(f.number(), build, f.rasterFinish() / 1_000 - vsync, f.buildFinish() / 1_000 - build,
                f.rasterFinish() / 1_000 - f.rasterStart() / 1_000, build - vsync);
    }
}
