package io.fpsctl.sim.device;

import java.util.ArrayList;
import java.util.List;

/**
 * One tracing session of the simulated {@code perfetto --background}: the daemon's pid, its output file, what the
 * config asked for, and the FrameTimeline display frames written while it ran, in the order SurfaceFlinger wrote
 * them (each once its present fence was processed, {@code FrameTimeline::flushPendingPresentFences} →
 * {@code DisplayFrame::trace}, frameworks/native {@code services/surfaceflinger/FrameTimeline/FrameTimeline.cpp},
 * android-12.0.0_r1 … android-15). Display frames still pending when the session stops are never written.
 */
final class PerfettoSession {

    private final int pid;
    private final String outPath;
    private final long startNs;
    private final long durationMs;
    private final boolean frameTimeline;
    private final boolean processStats;
    private final List<TimelineDisplayFrame> written = new ArrayList<>();

    PerfettoSession(int pid, String outPath, long startNs, long durationMs, boolean frameTimeline,
                    boolean processStats) {
        this.pid = pid;
        this.outPath = outPath;
        this.startNs = startNs;
        this.durationMs = durationMs;
        this.frameTimeline = frameTimeline;
        this.processStats = processStats;
    }

    int pid() {
        return pid;
    }

    String outPath() {
        return outPath;
    }

    long startNs() {
        return startNs;
    }

    /** Whether the config's {@code duration_ms} has run out by {@code now} (0 = traces until stopped). */
    boolean expired(long now) {
        return durationMs > 0 && now - startNs >= durationMs * 1_000_000L;
    }

    /** The end of {@code duration_ms}, or {@link Long#MAX_VALUE}. */
    long endNs() {
        return durationMs > 0 ? startNs + durationMs * 1_000_000L : Long.MAX_VALUE;
    }

    boolean processStats() {
        return processStats;
    }

    /** A display frame SurfaceFlinger traced at {@code writtenAt} (its present was processed). */
    void displayFrame(TimelineDisplayFrame d, long writtenAt) {
        if (frameTimeline && writtenAt >= startNs && writtenAt < endNs()) {
            written.add(d);
        }
    }

    List<TimelineDisplayFrame> written() {
        return written;
    }
}
