package io.fpsctl.agent.frames;

import android.annotation.TargetApi;
import android.view.FrameMetrics;
import android.view.Window;

import io.fpsctl.agent.report.FrameRecord;
import io.fpsctl.agent.report.Protocol;
import io.fpsctl.agent.report.RecordBatch;
import io.fpsctl.agent.wrappers.PlatformQuirks;

/**
 * One window's {@link Window.OnFrameMetricsAvailableListener}: turns each FrameMetrics report into an
 * {@code F} record, joined with the main thread's facts about the same vsync from the {@link FrameStageTable}.
 * Runs on the agent's metrics thread; one reusable record per window.
 */
@TargetApi(24)
public final class FrameMetricsReporter implements Window.OnFrameMetricsAvailableListener {
    private final String window;
    private final FrameStageTable table;
    private final RecordBatch batch;
    private final FrameRecord record = new FrameRecord();
    private long lastVsync;
    private long droppedReports;

    /** @param window name for the record; @param table main-thread facts; @param batch where records go */
    public FrameMetricsReporter(String window, FrameStageTable table, RecordBatch batch) {
        this.window = window;
        this.table = table;
        this.batch = batch;
    }

    /** FrameMetrics reports the platform dropped for this window so far (the listener was too slow). */
    public synchronized long droppedReports() {
        return droppedReports;
    }

    @Override
    public synchronized void onFrameMetricsAvailable(Window w, FrameMetrics m, int dropCountSinceLastInvocation) {
        droppedReports += dropCountSinceLastInvocation;
        FrameRecord f = record;
        f.window = window;
        boolean timestamps = PlatformQuirks.hasFrameTimestamps();
        if (timestamps) {
            f.intendedVsyncNs = m.getMetric(FrameMetrics.INTENDED_VSYNC_TIMESTAMP);
            f.vsyncNs = m.getMetric(FrameMetrics.VSYNC_TIMESTAMP);
        } else {
            f.intendedVsyncNs = 0;
            f.vsyncNs = 0;
        }
        boolean known = table.fill(f);
        if (!timestamps && (!known || f.vsyncNs <= lastVsync)) {
            droppedReports++; // API 24/25: no Choreographer frame to date this report by
            return;
        }
        long total = m.getMetric(FrameMetrics.TOTAL_DURATION);
        f.endNs = f.intendedVsyncNs > 0 ? f.intendedVsyncNs + total : 0;
        f.flags = m.getMetric(FrameMetrics.FIRST_DRAW_FRAME) == 1 ? Protocol.FLAG_FIRST_DRAW : 0;
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
        batch.frame(f);
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
