package io.fpsctl.agent.frames;

import io.fpsctl.agent.report.FrameRecord;
import io.fpsctl.agent.report.Protocol;

/**
 * Main-thread facts about recent frames, keyed by vsync time (Choreographer frame time = FrameMetrics
 * VSYNC_TIMESTAMP), waiting for the FrameMetrics listener, which runs later on its own thread.
 * A small ring: frames older than {@link #SIZE} frames are forgotten.
 */
public final class FrameStageTable {
    /** Frames remembered. */
    public static final int SIZE = 64;

    private final long[] vsync = new long[SIZE];
    private final long[] chInput = new long[SIZE];
    private final long[] chAnimation = new long[SIZE];
    private final long[] chTraversal = new long[SIZE];
    private final long[] interval = new long[SIZE];
    private final int[] interaction = new int[SIZE];
    private int next;
    private int count;

    /** Records one finished frame (main thread). */
    public synchronized void commit(long vsyncNs, long chInputNs, long chAnimationNs, long chTraversalNs,
                                    long intervalNs, int interactionBits) {
        int i = next;
        vsync[i] = vsyncNs;
        chInput[i] = chInputNs;
        chAnimation[i] = chAnimationNs;
        chTraversal[i] = chTraversalNs;
        interval[i] = intervalNs;
        interaction[i] = interactionBits;
        next = (i + 1) % SIZE;
        if (count < SIZE) {
            count++;
        }
    }

    /**
     * Copies what is known of the frame with {@code record.vsyncNs} into {@code record}; when the platform gives
     * no vsync timestamp ({@code vsyncNs == 0}, API 24/25), of the latest frame, whose Choreographer frame time
     * then becomes the record's intended vsync and vsync. Returns false, leaving -1 stages, if it is not known.
     */
    public synchronized boolean fill(FrameRecord record) {
        for (int k = 1; k <= count; k++) {
            int i = (next - k + SIZE) % SIZE;
            if (record.vsyncNs == 0 || vsync[i] == record.vsyncNs) {
                if (record.vsyncNs == 0) {
                    record.vsyncNs = vsync[i];
                    record.intendedVsyncNs = vsync[i];
                }
                record.chInputNs = chInput[i];
                record.chAnimationNs = chAnimation[i];
                record.chTraversalNs = chTraversal[i];
                record.intervalNs = interval[i];
                record.interaction = interaction[i];
                return true;
            }
        }
        record.chInputNs = Protocol.UNKNOWN;
        record.chAnimationNs = Protocol.UNKNOWN;
        record.chTraversalNs = Protocol.UNKNOWN;
        record.intervalNs = Protocol.UNKNOWN;
        record.interaction = 0;
        return false;
    }
}
