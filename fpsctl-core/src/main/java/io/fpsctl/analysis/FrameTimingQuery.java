package io.fpsctl.analysis;

import io.fpsctl.engine.FrameTiming;
import io.fpsctl.format.perfetto.AtraceSlice;
import io.fpsctl.format.perfetto.SurfaceFrame;
import io.fpsctl.format.perfetto.TraceContents;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Macrobenchmark's frame matching (androidx {@code benchmark/benchmark-macro/.../perfetto/FrameTimingQuery.kt},
 * {@code getFrameData} and {@code FrameData.get}, read at xiaocainiaooo/room3 32acf57b, an androidx copy; frame id
 * and {@code contains} from {@code benchmark-traceprocessor/.../Slice.kt}, androidx/androidx 3795d06e), on fpsctl's
 * own reading of the trace instead of trace_processor's SQL (docs/metrics.md 15.3):
 * <ul>
 *   <li>slices: {@code Choreographer#doFrame…} on a thread whose tid is its process's pid (the UI thread) and
 *       {@code DrawFrame…} on a thread named {@code RenderThread}, of processes named {@code pkg} or {@code pkg:…}
 *       ({@code processNameLikePkg}); the actual and expected FrameTimeline SurfaceFrames of the same processes;
 *       slices with {@code dur <= 0} (unterminated) and names containing {@code resynced} are dropped, identical
 *       (name, ts, dur) slices kept once (the query's {@code UNION});</li>
 *   <li>frame id: the integer between the first and the second space of the name ({@code actual 123} → its
 *       token);</li>
 *   <li>API 31+: per RenderThread slice, the UI slice with its id; the actual slice is the last one still in the pool
 *       with {@code ts < ui.ts + 50 µs} that contains {@code ui.ts + ui.dur / 2} (inclusive ends), taken out of the
 *       pool; the expected slice has the actual's id; a frame missing any of the four is dropped;</li>
 *   <li>below API 31 (no FrameTimeline): the UI slice is the first that contains the RenderThread slice's start;
 *       no overrun.</li>
 * </ul>
 * {@code frameDurationCpuMs = rt.end − ui.ts}; {@code frameOverrunMs = max(actual.end, rt.end) − expected.end}.
 */
public final class FrameTimingQuery {

    /** The slop androidx allows an actual slice to start after its UI slice ("have observed 2us in practice"). */
    static final long ACTUAL_AFTER_UI_NS = 50_000L;

    private FrameTimingQuery() {
    }

    /** A slice as FrameTimingQuery sees it: name, start, duration. */
    record Slice(String name, long ts, long dur) {
        long end() {
            return ts + dur;
        }

        /** Slice.kt {@code frameId}: the integer between the first and the second space; null when none. */
        Integer frameId() {
            int first = name.indexOf(' ');
            if (first < 0) {
                return null;
            }
            int second = name.indexOf(' ', first + 1);
            String s = name.substring(first + 1, second < 0 ? name.length() : second);
            try {
                return Integer.valueOf(s);
            } catch (NumberFormatException e) {
                return null;
            }
        }

        /** Slice.kt {@code contains}: both ends inclusive. */
        boolean contains(long t) {
            return t >= ts && t <= ts + dur;
        }
    }

    /**
     * androidx's {@code processNameLikePkg} (benchmark-traceprocessor {@code TraceProcessor.kt}, newest copy):
     * {@code process.name LIKE "pkg" OR process.name LIKE "pkg:%"}, and for a package longer than 15 characters
     * {@code OR process.name LIKE "<its last 15>"} (a name perfetto read from the kernel's 16-byte comm). The package
     * is put into the pattern as it is, so its {@code _} matches any one character, as there ({@link #like}).
     */
    static boolean ofPackage(String process, String pkg) {
        if (process == null) {
            return false;
        }
        return like(process, pkg) || like(process, pkg + ":%")
                || (pkg.length() > 15 && like(process, pkg.substring(pkg.length() - 15)));
    }

    /**
     * SQLite's {@code LIKE} without {@code ESCAPE} (sqlite.org {@code lang_expr.html}, "The LIKE, GLOB, REGEXP,
     * MATCH, and extract operators": {@code %} matches any sequence of zero or more characters, {@code _} any single
     * character, and "SQLite only understands upper/lower case for ASCII characters by default"), as trace_processor
     * v58.2 runs it (its v22.0 made {@code LIKE} case-sensitive, v25.0 reverted that: Perfetto's CHANGELOG, commits
     * 1cf65eb5e9 and 68e649cbd3). Characters are Unicode code points (SQLite compares UTF-8 characters).
     */
    static boolean like(String value, String pattern) {
        int[] v = value.codePoints().toArray();
        int[] p = pattern.codePoints().toArray();
        int i = 0;
        int j = 0;
        int star = -1;
        int resume = 0;
        while (i < v.length) {
            if (j < p.length && p[j] != '%' && (p[j] == '_' || asciiLower(p[j]) == asciiLower(v[i]))) {
                i++;
                j++;
            } else if (j < p.length && p[j] == '%') {
                star = j++;
                resume = i;
            } else if (star >= 0) {
                j = star + 1;
                i = ++resume;
            } else {
                return false;
            }
        }
        while (j < p.length && p[j] == '%') {
            j++;
        }
        return j == p.length;
    }

    private static int asciiLower(int c) {
        return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
    }

    /**
     * Macrobenchmark's frame metrics of {@code pkg} in the trace; null when the trace has no UI-thread doFrame or no
     * RenderThread DrawFrame slice of it (no atrace {@code gfx}/{@code view} categories, or no thread names).
     *
     * @param api31 use the API 31+ matching (the trace has FrameTimeline)
     */
    public static FrameTiming of(TraceContents c, String pkg, boolean api31) {
        Samples s = samples(c, pkg, api31);
        return s == null ? null : FrameTiming.of(s.cpuMs(), s.overrunMs());
    }

    /** The per-frame samples, in RenderThread-slice order (ms); overrun null below API 31. */
    public record Samples(double[] cpuMs, double[] overrunMs) {
    }

    /** {@link #of}'s per-frame samples; null when there are no UI or RenderThread slices. */
    public static Samples samples(TraceContents c, String pkg, boolean api31) {
        // ofPackage once per pid, not per slice (a trace has few processes and hundreds of thousands of slices)
        Map<Integer, Boolean> mine = new HashMap<>();
        List<Slice> ui = new ArrayList<>();
        List<Slice> rt = new ArrayList<>();
        for (AtraceSlice s : c.slices()) {
            if (!mine.computeIfAbsent(s.pid(), pid -> ofPackage(c.processName(pid), pkg)) || s.dur() <= 0
                    || s.name().contains("resynced")) {
                continue;
            }
            if (s.name().startsWith("Choreographer#doFrame") && s.tid() == s.pid()) {
                ui.add(new Slice(s.name(), s.ts(), s.dur()));
            } else if (s.name().startsWith("DrawFrame") && "RenderThread".equals(c.threadName(s.tid()))) {
                rt.add(new Slice(s.name(), s.ts(), s.dur()));
            }
        }
        List<Slice> actual = new ArrayList<>();
        Map<Integer, Slice> expected = new HashMap<>();
        for (SurfaceFrame f : c.surfaceFrames()) {
            if (!mine.computeIfAbsent(f.pid(), pid -> ofPackage(c.processName(pid), pkg))) {
                continue;
            }
            if (f.dur() > 0) {
                actual.add(new Slice("actual " + f.token(), f.ts(), f.dur()));
            }
            if (f.expectedTs() >= 0 && f.expectedDur() > 0) {
                expected.putIfAbsent((int) f.token(), new Slice("expected " + f.token(), f.expectedTs(),
                        f.expectedDur()));
            }
        }
        // the query's UNION keeps one row of identical (name, ts, dur) slices: two layers' actual SurfaceFrames of the
        // same token and times are one slice in the pool
        ui = distinct(ui);
        rt = distinct(rt);
        actual = distinct(actual);
        if (ui.isEmpty() || rt.isEmpty()) {
            return null;
        }
        List<Double> cpu = new ArrayList<>();
        List<Double> overrun = new ArrayList<>();
        if (api31 && !actual.isEmpty()) {
            actual.sort((a, b) -> Long.compare(a.ts(), b.ts()));
            Map<Integer, Slice> uiById = new HashMap<>();
            for (Slice s : ui) {
                Integer id = s.frameId();
                if (id != null) {
                    uiById.putIfAbsent(id, s);
                }
            }
            // the pool: the actual slices by start, each taken out when matched. androidx walks it from the end per
            // frame (quadratic: minutes for a 100 MB trace); the same choice in O(log n): the candidates (start before
            // ui.ts + 50 µs, and at most mid, as contains asks) are a prefix of the starts, and of those the last one
            // still in the pool that ends at mid or later
            int n = actual.size();
            long[] starts = new long[n];
            EndTree pool = new EndTree(n);
            for (int i = 0; i < n; i++) {
                starts[i] = actual.get(i).ts();
                pool.set(i, actual.get(i).end());
            }
            for (Slice r : rt) {
                Integer id = r.frameId();
                Slice u = id == null ? null : uiById.get(id);
                if (u == null) {
                    continue;
                }
                long mid = u.ts() + u.dur() / 2;
                int i = pool.lastBelow(startsBefore(starts, u.ts() + ACTUAL_AFTER_UI_NS, mid), mid);
                Slice a = null;
                if (i >= 0) {
                    a = actual.get(i);
                    pool.remove(i);
                }
                Integer aid = a == null ? null : a.frameId();
                Slice e = aid == null ? null : expected.get(aid);
                if (a == null || e == null) {
                    continue;
                }
                cpu.add((r.end() - u.ts()) / 1e6);
                overrun.add((Math.max(a.end(), r.end()) - e.end()) / 1e6);
            }
            return new Samples(toArray(cpu), toArray(overrun));
        }
        // per RenderThread slice the first UI slice (in the list's order) that contains its start; found in
        // O(log n) per slice instead of a walk over the UI slices: the RenderThread slices are visited by start, the
        // UI slices that start by then are put in a tree at their place in the list, and the first of them that
        // ends at the RenderThread start or later is the one
        Integer[] uiByStart = byStart(ui);
        Integer[] rtByStart = byStart(rt);
        EndTree open = new EndTree(ui.size());
        Slice[] match = new Slice[rt.size()];
        int next = 0;
        for (int q : rtByStart) {
            long t = rt.get(q).ts();
            for (; next < uiByStart.length && ui.get(uiByStart[next]).ts() <= t; next++) {
                open.set(uiByStart[next], ui.get(uiByStart[next]).end());
            }
            int j = open.first(t);
            match[q] = j < 0 ? null : ui.get(j);
        }
        for (int q = 0; q < match.length; q++) {
            if (match[q] != null) {
                cpu.add((rt.get(q).end() - match[q].ts()) / 1e6);
            }
        }
        return new Samples(toArray(cpu), null);
    }

    /** How many of the sorted {@code starts} are before {@code before} and at most {@code atMost}: a prefix. */
    private static int startsBefore(long[] starts, long before, long atMost) {
        int lo = 0;
        int hi = starts.length;
        while (lo < hi) {
            int m = (lo + hi) >>> 1;
            if (starts[m] < before && starts[m] <= atMost) {
                lo = m + 1;
            } else {
                hi = m;
            }
        }
        return lo;
    }

    /** The slices' positions, by start (a stable sort: equal starts keep the list's order). */
    private static Integer[] byStart(List<Slice> l) {
        Integer[] order = new Integer[l.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(l.get(a).ts(), l.get(b).ts()));
        return order;
    }

    private static List<Slice> distinct(List<Slice> l) {
        return new ArrayList<>(new java.util.LinkedHashSet<>(l));
    }

    private static double[] toArray(List<Double> l) {
        double[] a = new double[l.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = l.get(i);
        }
        return a;
    }
}
