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
 * fpsctl's Flutter pairing ({@link FlutterFrameJoin}, docs/metrics.md 16 rule 9) against the simulator's truth over
 * many runs, faster than the end-to-end test can: each run's layer presents and the {@code Flutter.Frame} events the
 * VM service would post for them (whole µs, as {@code VmServiceHost.frameEvent} rounds them), the service reached a
 * few frames into the run and the last frames still on their way when it stops. Expected: the truth's own record of
 * which frame each present showed ({@link FlutterTimeline}), not the join.
 *
 * <p>Only runs without a dropped buffer: on Android 12+ a drop cannot be placed from the presents and the timings
 * (docs/metrics.md 16 rule 9), so {@code flutter-dropped-buffer} appears here only before BLAST, where it drops
 * nothing.
 */
class FlutterFrameJoinTruthTest {
    private static final long START = 3_600_000_000_000L;
    private static final int SEEDS = 12;

    @ParameterizedTest(name = "{0} at {1} Hz, BLAST {2}")
    @CsvSource({"flutter, 60, true", "flutter, 120, true", "flutter-short-latch, 60, true",
        "flutter-short-latch, 120, true", "flutter-dropped-buffer, 60, false", "flutter, 90, false"})
    void everyJoinedPresentIsItsFramesAndNoneIsSkipped(String scenario, int hz, boolean blast) {
        long frames = 0;
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
            int reached = 10 + seed; // the VM service answered from this frame on
            for (FlutterFrameTiming f : truth) {
                assertTrue(f.actualPresent() != FlutterFrameGenerator.DROPPED, "no drop in this run: " + f);
                numberByPresent.put(f.actualPresent(), f.number());
                if (f.number() > reached && f.number() <= truth.size() - 5) {
                    posted.add(event(f));
                }
            }
            long[] presents = layer.stream().mapToLong(LayerFrame::actualPresent).toArray();
            int[] join = FlutterFrameJoin.join(presents, posted, Math.round(1e6 / hz));
            boolean seen = false;
            boolean gap = false;
            for (int i = 0; i < presents.length; i++) {
                if (join[i] < 0) {
                    gap = seen;
                    continue;
                }
                assertTrue(!gap, "seed " + seed + ": a present left out between joined ones, before " + i);
                seen = true;
                joined++;
                assertEquals(numberByPresent.get(presents[i]), posted.get(join[i]).number(),
                        "seed " + seed + ": the frame shown at present " + i);
            }
            frames += posted.size();
        }
        // all but the few frames at a run's end whose presents the run did not record
        assertTrue(joined >= frames - 3L * SEEDS, joined + " of " + frames + " posted frames joined");
    }

    /** The {@code Flutter.Frame} event the VM service posts for f (see {@code VmServiceHost.frameEvent}). */
    private static FlutterFrame event(FlutterFrameTiming f) {
        long vsync = f.vsyncStart() / 1_000;
        long build = f.buildStart() / 1_000;
        return new FlutterFrame(f.number(), build, f.rasterFinish() / 1_000 - vsync, f.buildFinish() / 1_000 - build,
                f.rasterFinish() / 1_000 - f.rasterStart() / 1_000, build - vsync);
    }
}
