package io.fpsctl.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.fpsctl.format.perfetto.AtraceSlice;
import io.fpsctl.format.perfetto.SurfaceFrame;
import io.fpsctl.format.perfetto.TraceContents;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link FrameTimingQuery}'s matching (found through a tree of slice ends, docs/metrics.md 15.3) chooses the same
 * slices as androidx's rules read literally (FrameTimingQuery.kt {@code getFrameData}: per RenderThread slice, walk
 * the pool of actual slices from its end and take out the first that starts before ui.ts + 50 µs and contains the UI
 * slice's middle; below API 31 the first UI slice that contains the RenderThread slice's start), on random traces
 * crowded enough that slices overlap, ids repeat, go missing or are shared, and starts tie.
 */
class FrameTimingQueryMatchingTest {

    private static final String PKG = "com.example.app";
    private static final int PID = 4000;
    private static final int RENDER_TID = 4010;

    @Property(tries = 400)
    void api31MatchingIsAndroidxWalk(@ForAll long seed, @ForAll @IntRange(min = 0, max = 60) int frames) {
        TraceContents c = trace(new Random(seed), frames);
        FrameTimingQuery.Samples s = FrameTimingQuery.samples(c, PKG, true);
        double[][] want = reference(c, true);
        if (want == null) {
            assertNull(s);
            return;
        }
        assertArrayEquals(want[0], s.cpuMs(), "frameDurationCpuMs");
        assertArrayEquals(want[1], s.overrunMs(), "frameOverrunMs");
    }

    @Property(tries = 400)
    void preApi31MatchingIsAndroidxWalk(@ForAll long seed, @ForAll @IntRange(min = 0, max = 60) int frames) {
        TraceContents c = trace(new Random(seed), frames);
        FrameTimingQuery.Samples s = FrameTimingQuery.samples(c, PKG, false);
        double[][] want = reference(c, false);
        if (want == null) {
            assertNull(s);
            return;
        }
        assertArrayEquals(want[0], s.cpuMs(), "frameDurationCpuMs");
        assertNull(s.overrunMs());
    }

    /** A hand-checked case: the pool walk takes the later of two actual slices that both contain the middle. */
    @Example
    void laterActualSliceIsTakenFirst() {
        List<AtraceSlice> slices = List.of(
                new AtraceSlice(PID, PID, 1_000_000, 4_000_000, "Choreographer#doFrame 7"),
                new AtraceSlice(RENDER_TID, PID, 5_000_000, 2_000_000, "DrawFrame 7"));
        List<SurfaceFrame> sf = List.of(
                frame(6, 500_000, 9_000_000, 900_000, 16_000_000),   // contains 3 ms, starts first
                frame(7, 1_020_000, 10_000_000, 1_000_000, 16_000_000)); // contains 3 ms, starts 20 µs after the UI
        TraceContents c = contents(slices, sf);
        FrameTimingQuery.Samples s = FrameTimingQuery.samples(c, PKG, true);
        assertArrayEquals(new double[] {6.0}, s.cpuMs()); // 7 ms (DrawFrame end) − 1 ms (doFrame start)
        // actual 7 ends at 11.02 ms, its expected (token 7) at 17 ms: max(11.02, 7) − 17
        assertEquals(1, s.overrunMs().length);
        assertEquals(11.02 - 17.0, s.overrunMs()[0], 1e-9);
    }

    private static TraceContents trace(Random r, int frames) {
        List<AtraceSlice> slices = new ArrayList<>();
        List<SurfaceFrame> sf = new ArrayList<>();
        for (int k = 0; k < frames; k++) {
            int id = 1 + r.nextInt(Math.max(1, frames));          // repeats and gaps
            long ui = 20_000L * r.nextInt(200);                   // 20 µs steps: starts tie
            long uiDur = 20_000L * r.nextInt(60) - (r.nextInt(20) == 0 ? 20_000 : 0); // some unterminated (<= 0)
            slices.add(new AtraceSlice(r.nextInt(10) == 0 ? PID + 1 : PID, PID, ui, uiDur,
                    "Choreographer#doFrame " + id));
            long rt = ui + 20_000L * (r.nextInt(40) - 5);
            slices.add(new AtraceSlice(RENDER_TID, PID, rt, 20_000L * r.nextInt(50), "DrawFrame " + id));
            if (r.nextInt(8) != 0) {
                long a = ui + 10_000L * (r.nextInt(24) - 8);           // 10 µs steps: some start 50 µs after
                sf.add(frame(r.nextInt(6) == 0 ? 1 + r.nextInt(Math.max(1, frames)) : id, a, 20_000L * r.nextInt(80),
                        r.nextInt(10) == 0 ? -1 : a - 20_000L * r.nextInt(5), 20_000L * r.nextInt(60)));
            }
        }
        return contents(slices, sf);
    }

    private static SurfaceFrame frame(long token, long ts, long dur, long expectedTs, long expectedDur) {
        return new SurfaceFrame(ts, dur, PID, token, token, "TX - " + PKG + "/.Main#0", 1, true, false, 0, 1, 0, 1,
                expectedTs, expectedDur, -1);
    }

    private static TraceContents contents(List<AtraceSlice> slices, List<SurfaceFrame> sf) {
        return new TraceContents("random", 0, 31, 0, Map.of(PID, PKG), Map.of(PID, PID, RENDER_TID, PID, PID + 1, PID),
                Map.of(PID, PKG, RENDER_TID, "RenderThread", PID + 1, "other"), sf, slices, Set.of(), List.of());
    }

    /** A slice as androidx's rules see it. */
    private record S(String name, long ts, long dur) {
        Integer id() {
            String[] parts = name.split(" ");
            try {
                return parts.length > 1 ? Integer.valueOf(parts[1]) : null;
            } catch (NumberFormatException e) {
                return null;
            }
        }

        boolean contains(long t) {
            return t >= ts && t <= ts + dur;
        }
    }

    /** androidx's rules, read literally: {cpuMs, overrunMs}; null when there are no UI or RenderThread slices. */
    private static double[][] reference(TraceContents c, boolean api31) {
        Set<S> ui = new LinkedHashSet<>();
        Set<S> rt = new LinkedHashSet<>();
        for (AtraceSlice s : c.slices()) {
            if (s.dur() <= 0) {
                continue;
            }
            if (s.name().startsWith("Choreographer#doFrame") && s.tid() == s.pid()) {
                ui.add(new S(s.name(), s.ts(), s.dur()));
            } else if (s.name().startsWith("DrawFrame") && "RenderThread".equals(c.threadName(s.tid()))) {
                rt.add(new S(s.name(), s.ts(), s.dur()));
            }
        }
        if (ui.isEmpty() || rt.isEmpty()) {
            return null;
        }
        Set<S> actualSet = new LinkedHashSet<>();
        Map<Integer, S> expected = new HashMap<>();
        for (SurfaceFrame f : c.surfaceFrames()) {
            if (f.dur() > 0) {
                actualSet.add(new S("actual " + f.token(), f.ts(), f.dur()));
            }
            if (f.expectedTs() >= 0 && f.expectedDur() > 0) {
                expected.putIfAbsent((int) f.token(), new S("expected " + f.token(), f.expectedTs(), f.expectedDur()));
            }
        }
        List<Double> cpu = new ArrayList<>();
        List<Double> overrun = new ArrayList<>();
        if (api31 && !actualSet.isEmpty()) {
            List<S> pool = new ArrayList<>(actualSet);
            pool.sort((a, b) -> Long.compare(a.ts(), b.ts()));
            Map<Integer, S> uiById = new HashMap<>();
            ui.forEach(u -> {
                if (u.id() != null) {
                    uiById.putIfAbsent(u.id(), u);
                }
            });
            for (S r : rt) {
                S u = r.id() == null ? null : uiById.get(r.id());
                if (u == null) {
                    continue;
                }
                S a = null;
                for (int i = pool.size() - 1; i >= 0; i--) {
                    S p = pool.get(i);
                    if (p.ts() < u.ts() + 50_000 && p.contains(u.ts() + u.dur() / 2)) {
                        a = pool.remove(i);
                        break;
                    }
                }
                S e = a == null || a.id() == null ? null : expected.get(a.id());
                if (e != null) {
                    cpu.add((r.ts() + r.dur() - u.ts()) / 1e6);
                    overrun.add((Math.max(a.ts() + a.dur(), r.ts() + r.dur()) - (e.ts() + e.dur())) / 1e6);
                }
            }
            return new double[][] {unbox(cpu), unbox(overrun)};
        }
        for (S r : rt) {
            for (S u : ui) {
                if (u.contains(r.ts())) {
                    cpu.add((r.ts() + r.dur() - u.ts()) / 1e6);
                    break;
                }
            }
        }
        return new double[][] {unbox(cpu), null};
    }

    private static double[] unbox(List<Double> l) {
        return l.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
