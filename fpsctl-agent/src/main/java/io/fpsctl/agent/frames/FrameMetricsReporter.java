package io.fpsctl.agent.frames;

import android.annotation.TargetApi;
import android.view.FrameMetrics;
import android.view.Window;

import io.fpsctl.agent.report.AgentFault;
import io.fpsctl.agent.report.FrameRecord;
import io.fpsctl.agent.report.Protocol;
import io.fpsctl.agent.report.RecordBatch;
import io.fpsctl.agent.wrappers.FrameInfoTimestamps;
import io.fpsctl.agent.wrappers.PlatformQuirks;

/**
 * One window's {@link Window.OnFrameMetricsAvailableListener}: turns each FrameMetrics report into an
 * {@code F} record, joined with the main thread's facts about the same vsync from the {@link FrameStageTable}.
 * Runs on the agent's metrics thread; one reusable record per window.
 *
 * <p>Nothing is lost silently. Reports the platform dropped ({@code dropCountSinceLastInvocation}: HWUI's
 * FrameMetricsReporter/{@code FrameMetricsObserverProxy} ring was full because this listener was late,
 * frameworks/base core/java/android/view/FrameMetricsObserver.java {@code onFrameMetricsAvailable},
 * android-7.0.0_r1 …) and reports that cannot be dated become a {@code G} record: the interval from the
 * previous reported frame to this one, with the count.
 *
 * <p>Dating on API 24/25, where {@code getMetric} has no timestamp: the frame's own IntendedVsync / Vsync from
 * the FrameInfo the report carries ({@link FrameInfoTimestamps}), exact, then paired with the main-thread
 * table by vsync as on 26+. Only if the platform refuses that field is a report dated by the latest
 * Choreographer frame the main thread finished; it is then flagged {@link Protocol#FLAG_TIME_APPROXIMATE}: the
 * listener runs after RenderThread finished the frame, by which time the main thread may have produced the
 * next frame(s), so the date can be late by the number of frames the UI thread ran ahead (one period per
 * frame; one or two in HWUI's pipeline, unbounded in principle). The host counts such a frame (frames, fps,
 * spanFps) but does not time it: it is left out of percentiles, jank, dropped counts and stage means, and the
 * summary warns with the number of such frames. A report with no Choreographer frame newer than the last one
 * dated is unpaired: counted in a gap.
 */
@TargetApi(24)
public final class FrameMetricsReporter implements Window.OnFrameMetricsAvailableListener {
    private final String window;
    private final FrameStageTable table;
    private final RecordBatch batch;
    private final FrameInfoTimestamps frameInfo;
    private final FrameRecord record = new FrameRecord();
    private final AgentFault fault;
    private long lastVsync;
    private long lastEnd;
    private long pendingDropped;
    private long pendingUnpaired;
    private long lostReports;

    /**
     * @param window name for the record; @param table main-thread facts; @param batch where records go;
     * @param frameInfo the FrameInfo reader on API 24/25, null where refused or not needed
     */
    public FrameMetricsReporter(String window, FrameStageTable table, RecordBatch batch, FrameInfoTimestamps frameInfo,
            AgentFault fault) {
        this.fault = fault;
        this.window = window;
        this.table = table;
        this.batch = batch;
        this.frameInfo = frameInfo;
    }

    /** Reports the platform dropped or that could not be dated, for this window so far. */
    public synchronized long lostReports() {
        return lostReports;
    }

    /** The platform's callback (FrameMetrics thread): a failure of the agent's work is reported, never thrown. */
    @Override
    public synchronized void onFrameMetricsAvailable(Window w, FrameMetrics m, int dropCountSinceLastInvocation) {
        if (fault.failed()) {
            return;
        }
        try {
            report(m, dropCountSinceLastInvocation);
        } catch (RuntimeException | LinkageError e) {
            fault.report(Protocol.CAP_FRAMEMETRICS, e);
        }
    }

    private void report(FrameMetrics m, int dropCountSinceLastInvocation) {
        if (dropCountSinceLastInvocation > 0) {
            pendingDropped += dropCountSinceLastInvocation;
            lostReports += dropCountSinceLastInvocation;
        }
        FrameRecord f = record;
        f.window = window;
        f.flags = 0;
        boolean approximate = false;
        if (PlatformQuirks.hasFrameTimestamps()) {
            f.intendedVsyncNs = m.getMetric(FrameMetrics.INTENDED_VSYNC_TIMESTAMP);
            f.vsyncNs = m.getMetric(FrameMetrics.VSYNC_TIMESTAMP);
        } else if (frameInfo != null) {
            f.intendedVsyncNs = frameInfo.get(m, FrameInfoTimestamps.INTENDED_VSYNC);
            f.vsyncNs = frameInfo.get(m, FrameInfoTimestamps.VSYNC);
        } else {
            f.intendedVsyncNs = 0;
            f.vsyncNs = 0;
        }
        if (f.vsyncNs <= 0) {
            f.intendedVsyncNs = 0;
            f.vsyncNs = 0;
            approximate = true;
        }
        boolean known = table.fill(f);
        if (approximate && (!known || f.vsyncNs <= lastVsync)) {
            pendingUnpaired++; // no Choreographer frame to date this report by
            lostReports++;
            return;
        }
        long total = m.getMetric(FrameMetrics.TOTAL_DURATION);
        f.endNs = f.intendedVsyncNs > 0 ? f.intendedVsyncNs + total : 0;
        reportLoss(f.intendedVsyncNs);
        f.flags = (m.getMetric(FrameMetrics.FIRST_DRAW_FRAME) == 1 ? Protocol.FLAG_FIRST_DRAW : 0)
                | (approximate ? Protocol.FLAG_TIME_APPROXIMATE : 0);
        f.delayNs = m.getMetric(FrameMetrics.UNKNOWN_DELAY_DURATION);
        f.inputNs = m.getMetric(FrameMetrics.INPUT_HANDLING_DURATION);
        f.animationNs = m.getMetric(FrameMetrics.ANIMATION_DURATION);
        f.layoutNs = m.getMetric(FrameMetrics.LAYOUT_MEASURE_DURATION);
        f.drawNs = m.getMetric(FrameMetrics.DRAW_DURATION);
        f.syncNs = m.getMetric(FrameMetrics.SYNC_DURATION);
        f.commandNs = m.getMetric(FrameMetrics.COMMAND_ISSUE_DURATION);
        f.swapNs = m.getMetric(FrameMetrics.SWAP_BUFFERS_DURATION);
        if (PlatformQuirks.hasGpuAndDeadline()) {
            f.gpuNs = m.getMetric(FrameMetrics.GPU_DURATION);
            long deadline = m.getMetric(FrameMetrics.DEADLINE);
            f.deadlineNs = deadline > 0 && f.intendedVsyncNs > 0 ? f.intendedVsyncNs + deadline : 0;
        } else {
            f.gpuNs = Protocol.UNKNOWN;
            f.deadlineNs = 0;
        }
        if (f.chInputNs < 0 && f.chAnimationNs < 0 && f.chTraversalNs < 0) {
            stagesFromFrameMetrics(f);
        }
        if (f.intervalNs <= 0 && lastVsync > 0 && f.vsyncNs > lastVsync) {
            f.intervalNs = f.vsyncNs - lastVsync;
        }
        if (f.vsyncNs > 0) {
            lastVsync = f.vsyncNs;
        }
        if (f.endNs > 0) {
            lastEnd = f.endNs;
        }
        batch.frame(f);
    }

    /** Dropped and unpaired reports since the last dated frame become one gap each, up to {@code toNs}. */
    private void reportLoss(long toNs) {
        long from = lastEnd > 0 && lastEnd <= toNs ? lastEnd : toNs;
        if (pendingDropped > 0) {
            batch.gap(from, toNs, pendingDropped, pendingDropped + " FrameMetrics report(s) of " + window
                    + " dropped by the platform (dropCountSinceLastInvocation: the listener fell behind)");
            pendingDropped = 0;
        }
        if (pendingUnpaired > 0) {
            batch.gap(from, toNs, pendingUnpaired, pendingUnpaired + " FrameMetrics report(s) of " + window
                    + " with no frame to date them by (API " + PlatformQuirks.sdk() + ")");
            pendingUnpaired = 0;
        }
    }

    /**
     * Without queue hooks, the stage marks Choreographer.doFrame puts into FrameMetrics: input (INPUT_HANDLING),
     * animation (ANIMATION, up to performTraversals) and traversal (LAYOUT_MEASURE + DRAW).
     */
    static void stagesFromFrameMetrics(FrameRecord f) {
        f.chInputNs = f.inputNs;
        f.chAnimationNs = f.animationNs;
        f.chTraversalNs = f.layoutNs >= 0 && f.drawNs >= 0 ? f.layoutNs + f.drawNs : Protocol.UNKNOWN;
    }
}
