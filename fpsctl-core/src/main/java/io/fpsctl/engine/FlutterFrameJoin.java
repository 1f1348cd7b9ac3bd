package io.fpsctl.engine;

import java.util.Arrays;
import java.util.List;

/**
 * Which Flutter frame each frame the user saw was (docs/metrics.md 16 rule 9): pairs the {@code Flutter.Frame}
 * events of a run with the SurfaceFlinger presents of the app's layer. Pure and single-threaded.
 *
 * <p>Nothing names the buffer of a Flutter frame in what fpsctl reads, so the pairing is inferred from the
 * pipeline: the raster thread queues one buffer per frame when its raster finishes, SurfaceFlinger presents a
 * layer's buffers in queue order (assumed: no buffer dropped) and a buffer is presented after it was queued
 * (possibly less than a period after: SurfaceFlinger latches one SF work duration before the present vsync). Both
 * clocks are the device's {@code CLOCK_MONOTONIC} ({@link FlutterFrame#rasterFinishUs}). So consecutive Flutter
 * frames (numbers without a gap) are consecutive presents, shifted by one offset, and the offset must keep every
 * frame's raster finish before its present. Several offsets pass that test; of those (the
 * first {@link #CANDIDATES}), the join takes the one whose latency (present − raster finish) changes least from one
 * frame to the next: for the true pairing both sequences step on the same vsyncs, for a shifted one the latency
 * takes on the jitter of both. A present outside the pairing (before the VM service was reached, after it went
 * away, or a run too short to tell) joins none: its cells stay empty, never a guess from one frame alone.
 *
 * <p>One premise is not checked here (docs/metrics.md 16 rule 9, said in each
 * run's warnings): a buffer replaced before it was presented (Android 12+ BLAST, {@code Layer::setBuffer}) shifts
 * the rest of its run by one present. And where a run's presents are perfectly regular (no skipped vsync: a run
 * that starts late, after the last slow frame), neighbouring offsets are equally steady: such a run joins none, as
 * the earliest passing offset is the true one only when every frame was presented within one period of its raster
 * finish. The steadiness is a weight of evidence, not a proof: over a short run (tens of frames, a service reached
 * late) a shifted offset can still come out steadier by more than half a period (the simulator's runs: none wrong
 * from 120 frames on, a few of 30–60 frames).
 */
public final class FlutterFrameJoin {

    /** Offsets weighed after the first one that passes: how deep a layer's queue may be, in frames (inferred). */
    public static final int CANDIDATES = 8;
    /** Pairs an offset must give before it is weighed: fewer say nothing about the latency's steps. */
    static final int MIN_PAIRS = 8;

    private FlutterFrameJoin() {
    }

    /**
     * @param presentNs the presents in row order (ascending; a row that is no present: {@code Long.MIN_VALUE})
     * @param frames    the run's Flutter frames in the order they were posted
     * @param periodUs  one refresh period in µs
     * @return per present, the index of its frame in {@code frames}, or -1
     */
    public static int[] join(long[] presentNs, List<FlutterFrame> frames, long periodUs) {
        int[] out = new int[presentNs.length];
        Arrays.fill(out, -1);
        // the presents in order, and their rows
        int[] rowOf = new int[presentNs.length];
        long[] p = new long[presentNs.length];
        int n = 0;
        for (int i = 0; i < presentNs.length; i++) {
            if (presentNs[i] != Long.MIN_VALUE && (n == 0 || presentNs[i] > p[n - 1])) {
                rowOf[n] = i;
                p[n++] = presentNs[i];
            }
        }
        long[] rf = new long[frames.size()];
        for (int k = 0; k < rf.length; k++) {
            // the earliest present of frame k: after its raster finish. Not a period after: SurfaceFlinger latches one
            // SF work duration before the present vsync (Scheduler/VsyncConfiguration, debug.sf.late.sf.duration:
            // 6-10.5 ms on some devices), so a buffer ready just before the latch shows sooner than a period later
            rf[k] = frames.get(k).rasterFinishUs() * 1000L + 1;
        }
        int from = 0;
        int start = 0;
        while (start < rf.length && from < n) {
            int end = start + 1;
            while (end < rf.length && frames.get(end).number() == frames.get(end - 1).number() + 1) {
                end++;
            }
            int o = pair(p, from, n, rf, start, end, periodUs * 1000L);
            if (o != Integer.MIN_VALUE) {
                for (int k = start; k < end; k++) {
                    int present = o + k;
                    if (present >= from && present < n) {
                        out[rowOf[present]] = k;
                        from = present + 1;
                    }
                }
            }
            start = end;
        }
        return out;
    }

    /**
     * The offset (present index − frame index) of frames [start, end) among presents [from, n), or MIN_VALUE when no
     * offset passes or the steadiest one does not stand out (a tie: see below).
     */
    private static int pair(long[] p, int from, int n, long[] early, int start, int end, long periodNs) {
        int lo = from - (end - 1);
        int hi = n - 1 - start;
        if (lo > hi || !passes(p, from, n, early, start, end, hi)) {
            return Integer.MIN_VALUE;
        }
        while (lo < hi) { // passing is monotone in the offset: later presents only relax the bound
            int mid = lo + (hi - lo) / 2;
            if (passes(p, from, n, early, start, end, mid)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        // The candidates: the passing offsets with MIN_PAIRS pairs or more. They are weighed on the frames they all
        // pair, so that no offset looks steadier only because it leaves out the frames (a slow one at the run's end,
        // a later offset pairs no present with) where the latency steps most.
        int top = Math.min(n - 1 - start, lo + CANDIDATES);
        int first = Integer.MIN_VALUE;
        int last = Integer.MAX_VALUE;
        int candidates = 0;
        for (int o = lo; o <= top; o++) {
            int f = Math.max(start, from - o);
            int l = Math.min(end, n - o);
            if (l - f < MIN_PAIRS) {
                continue;
            }
            first = Math.max(first, f);
            last = Math.min(last, l);
            candidates++;
        }
        if (candidates == 0 || last - first < MIN_PAIRS) {
            return Integer.MIN_VALUE;
        }
        int best = Integer.MIN_VALUE;
        long bestSteps = Long.MAX_VALUE;
        long runnerUp = Long.MAX_VALUE;
        for (int o = lo; o <= top; o++) {
            if (Math.min(end, n - o) - Math.max(start, from - o) < MIN_PAIRS) {
                continue;
            }
            long steps = 0;
            for (int k = first + 1; k < last; k++) {
                steps += Math.abs((p[o + k] - early[k]) - (p[o + k - 1] - early[k - 1]));
            }
            if (steps < bestSteps) {
                runnerUp = bestSteps;
                bestSteps = steps;
                best = o;
            } else {
                runnerUp = Math.min(runnerUp, steps);
            }
        }
        // Where the presents step one period each (a stretch with no skipped vsync), every offset sees the same
        // present steps, so their latency steps are equal: the stretch does not tell the pairing. Telling needs an
        // irregular present. Worked by hand: a frame late by d past its latch skips one vsync; the true pairing's
        // latency steps by (T − d) and back by d, a shifted one's by T + d and d, so the totals differ by about 2d —
        // not by a period. Two offsets whose totals differ by less than half a period are a tie: the run joins none
        // rather than take one (docs/metrics.md 16 rule 9). Two costs of that fixed bar, both left as they are (a
        // refusal is empty cells, a wrong join is wrong figures): a run whose only late frames miss their latch by
        // less than about T/4 is refused; and the bar does not grow with the run while the presents' jitter adds up
        // over it, so a long run with no late frame at all and present jitter of ~100 µs can still be joined on noise
        // (a model of 3,000-frame runs at 60 Hz: 10 of 50 joined, all wrong; at 20 µs none).
        if (runnerUp != Long.MAX_VALUE && runnerUp - bestSteps < periodNs / 2) {
            return Integer.MIN_VALUE;
        }
        return best;
    }

    private static boolean passes(long[] p, int from, int n, long[] early, int start, int end, int o) {
        int first = Math.max(start, from - o);
        int last = Math.min(end, n - o);
        for (int k = first; k < last; k++) {
            if (early[k] > p[o + k]) {
                return false;
            }
        }
        return true;
    }
}
