package io.fpsctl.capture;

import io.fpsctl.android.DumpFormatException;
import io.fpsctl.analysis.SavedDump;
import io.fpsctl.analysis.TraceAnalysis;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.RunCoverage;
import io.fpsctl.engine.Summary;
import io.fpsctl.format.perfetto.PerfettoTraceException;
import io.fpsctl.format.perfetto.PerfettoTraceReader;
import io.fpsctl.format.perfetto.SurfaceFrame;
import io.fpsctl.format.perfetto.TraceContents;

import java.io.IOException;
import java.time.Duration;
import java.util.Locale;

/**
 * The summary of a {@code --source perfetto} run: the recorded trace analysed as {@code analyze TRACE} does
 * (docs/metrics.md 14) for the package, with the run's coverage: the time asked for, and a coverage gap at the end for
 * the frames SurfaceFlinger had not yet written when the trace stopped (docs/perfetto-capture.md "Coverage").
 */
public final class PerfettoSummary {

    /**
     * How far after the last written display frame's present the unwritten frames can lie: SurfaceFlinger writes a
     * display frame when a later composition processes its present fence ({@code flushPendingPresentFences}), so at
     * the stop the newest composed frame and one whose fence had not signalled yet are pending: their presents fall
     * within about three vsyncs of the last written one (inferred from that rule).
     */
    static final int PENDING_VSYNCS = 3;

    private PerfettoSummary() {
    }

    /**
     * @param asked    the {@code --duration} asked for, or null (a run ended by {@code --run} or a signal)
     * @param listener receives every frame (frames.csv, windows.csv), or null
     * @throws DumpFormatException when the trace has no FrameTimeline frame of {@code pkg}
     */
    public static Summary of(PerfettoCapture.Result run, String pkg, EngineConfig config, Duration asked,
                             FrameEngine.Listener listener)
            throws IOException, PerfettoTraceException, DumpFormatException {
        TraceContents trace = PerfettoTraceReader.read(run.trace());
        SavedDump.Result analysed = TraceAnalysis.analyze(trace, config, pkg, listener);
        Summary s = analysed.summary();
        long lastPresent = -1;
        long period = Long.MAX_VALUE;
        for (SurfaceFrame f : trace.surfaceFrames()) {
            lastPresent = Math.max(lastPresent, f.displayFrameEnd());
        }
        Double periodMs = s.refreshHz() == null ? null : 1000.0 / s.refreshHz();
        double ranMs = run.ran().toNanos() / 1e6;
        double askedMs = asked == null ? ranMs : asked.toNanos() / 1e6;
        double gapMs = 0;
        if (lastPresent > 0 && run.stopBootNs() > lastPresent) {
            double bound = (periodMs == null ? 1000.0 / 60 : periodMs) * PENDING_VSYNCS;
            gapMs = Math.min((run.stopBootNs() - lastPresent) / 1e6, bound);
        }
        Summary.Builder b = s.toBuilder();
        if (gapMs > 0) {
            b.coverageGaps(s.coverageGaps() + 1).coverageGapMs(s.coverageGapMs() + gapMs);
            b.warnings(append(s, String.format(Locale.ROOT, "coverage gap of %.1f ms: the frames SurfaceFlinger "
                    + "had not written into the trace when it stopped (still waiting for their present)", gapMs)));
        }
        double measuredMs = Math.max(0, Math.min(ranMs, askedMs) - gapMs);
        RunCoverage coverage = RunCoverage.complete(askedMs, measuredMs);
        if (run.stopSignal() != null) {
            coverage = coverage.asPartial(String.format(Locale.ROOT, "stopped by %s after %.1f s", run.stopSignal(),
                    ranMs / 1e3));
        } else if (measuredMs < RunCoverage.MIN_MEASURED_SHARE * askedMs) {
            coverage = coverage.asPartial(coverage.describe());
        }
        return b.coverage(coverage).build();
    }

    private static java.util.List<String> append(Summary s, String line) {
        java.util.List<String> w = new java.util.ArrayList<>(s.warnings());
        w.add(line);
        return w;
    }
}
