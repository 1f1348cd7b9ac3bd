package io.fpsctl.capture;

import io.fpsctl.sim.device.frames.FrameColumn;
import io.fpsctl.sim.device.frames.HwuiFrame;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The expected figures of a capture, computed here from the simulator's structured frames and docs/metrics.md alone
 * (sections 4–7), independently of FramestatsParser, LatencyParser, FrameEngine and SummaryJson: the
 * independent side of the accuracy and matrix tests.
 *
 * @param refreshHz 1e9 / the shortest period of a counted frame
 * @param p50Ms     nearest-rank percentiles of the timed frames' duration (gfxinfo) or gap (SurfaceFlinger)
 */
record ReferenceSummary(long frames, long timedFrames, long jankyFrames, long droppedFrames, double refreshHz,
                        Double fps, Double p50Ms, Double p90Ms, Double p99Ms, Double maxMs) {

    /** A presented buffer: when, and the display period then. */
    record Present(long actualPresent, long periodNs) {
    }

    /**
     * gfxinfo (docs/metrics.md 3, 6): counted = not skipped; timed = flags 0; dropped = max(0, ceil(d / T) − 1);
     * janky = GpuCompleted ≥ FrameDeadline when the version prints FrameDeadline (12+) and the GPU time is known,
     * else d > T; fps = min(refreshHz, 1e9 N / Σ (dropped + 1) T).
     *
     * @param deadlineColumn whether the Android version prints FrameDeadline (12+, docs/formats.md 2)
     * @param gpuColumn      whether it prints GpuCompleted (11+)
     */
    static ReferenceSummary ofHwui(List<HwuiFrame> frames, boolean deadlineColumn, boolean gpuColumn) {
        long n = 0;
        long timed = 0;
        long janky = 0;
        long dropped = 0;
        long minT = Long.MAX_VALUE;
        double renderNs = 0;
        List<Long> durations = new ArrayList<>();
        for (HwuiFrame f : frames) {
            if ((f.flags() & 8) != 0) {
                continue;
            }
            n++;
            long t = f.get(FrameColumn.FRAME_INTERVAL);
            minT = Math.min(minT, t);
            long d = f.frameCompleted() - f.intendedVsync();
            long drop = Math.max(0, (d + t - 1) / t - 1);
            renderNs += (double) (drop + 1) * t;
            if (f.flags() != 0) {
                continue;
            }
            timed++;
            dropped += drop;
            long gpu = gpuColumn ? f.get(FrameColumn.GPU_COMPLETED) : 0;
            boolean jank = deadlineColumn && gpu > 0 ? gpu >= f.get(FrameColumn.FRAME_DEADLINE) : d > t;
            janky += jank ? 1 : 0;
            durations.add(d);
        }
        double hz = 1e9 / minT;
        Double fps = timed > 0 ? Math.min(hz, 1e9 * n / renderNs) : null;
        return of(n, timed, janky, dropped, hz, fps, durations);
    }

    /**
     * SurfaceFlinger (docs/metrics.md 3, 6): gap to the previous present; a gap ≥ 1 s starts a segment (not judged);
     * dropped = max(0, round(gap / T) − 1); janky = dropped ≥ 1; fps = min(refreshHz, 1e9 (N − segments) / Σ
     * segment spans).
     */
    static ReferenceSummary ofPresents(List<Present> presents) {
        long n = 0;
        long judged = 0;
        long janky = 0;
        long dropped = 0;
        long minT = Long.MAX_VALUE;
        long spans = 0;
        long prev = Long.MIN_VALUE;
        List<Long> gaps = new ArrayList<>();
        for (Present p : presents) {
            n++;
            minT = Math.min(minT, p.periodNs());
            if (prev != Long.MIN_VALUE && p.actualPresent() - prev < 1_000_000_000L) {
                long gap = p.actualPresent() - prev;
                judged++;
                spans += gap;
                long drop = Math.max(0, Math.round((double) gap / p.periodNs()) - 1);
                dropped += drop;
                janky += drop >= 1 ? 1 : 0;
                gaps.add(gap);
            }
            prev = p.actualPresent();
        }
        double hz = 1e9 / minT;
        Double fps = judged > 0 && spans > 0 ? Math.min(hz, 1e9 * judged / spans) : null;
        return of(n, judged, janky, dropped, hz, fps, gaps);
    }

    private static ReferenceSummary of(long n, long timed, long janky, long dropped, double hz, Double fps,
                                       List<Long> values) {
        Collections.sort(values);
        return new ReferenceSummary(n, timed, janky, dropped, hz, fps, rank(values, 50), rank(values, 90),
                rank(values, 99), values.isEmpty() ? null : values.get(values.size() - 1) / 1e6);
    }

    /** Nearest rank: v[ceil(N/100 × n) − 1]. */
    private static Double rank(List<Long> sorted, int p) {
        if (sorted.isEmpty()) {
            return null;
        }
        int i = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, i)) / 1e6;
    }
}
