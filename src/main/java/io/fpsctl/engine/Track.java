package io.fpsctl.engine;

import java.util.Arrays;

/**
 * Ring bookkeeping of one window (gfxinfo) or layer (SurfaceFlinger): the de-duplication watermark
 * (METRICS.md 1.6 / 2.3), what one block showed (for overflow, 1.7 / 2.3) and the segment state the per-frame
 * derivation needs. No metric is computed here.
 */
final class Track {
    final String name;
    final StatsAccumulator stats;
    /** Greatest key (IntendedVsync / actualPresent) seen; {@code Long.MIN_VALUE} before the first row. */
    long maxSeen = Long.MIN_VALUE;
    /** FrameCompleted values of the rows already seen at {@link #maxSeen} (rev 2: equal vsync, other frame). */
    private long[] endsAtMax = new long[2];
    private int endsAtMaxCount;
    long prevTime = Long.MIN_VALUE;
    int blocks;
    /** Per block: the watermark when the block began, the rows it held and its oldest key (complete or not). */
    long blockWatermark = Long.MIN_VALUE;
    int blockRows;
    long blockOldest;
    long blockNewest;
    /** Whether the current block's layout has a GpuCompleted column (gfxinfo, METRICS.md 1.3 rev 2). */
    boolean gpuColumn;
    final long[] gaps = new long[3];
    int gapCount;

    Track(String name, StatsAccumulator stats) {
        this.name = name;
        this.stats = stats;
    }

    void blockStart() {
        blockWatermark = maxSeen;
        blockRows = 0;
        blockOldest = Long.MAX_VALUE;
        blockNewest = Long.MIN_VALUE;
        gpuColumn = false;
    }

    /** Every row of a block passes here, valid or not: the ring's fill and its oldest key. */
    void row(long key) {
        blockRows++;
        if (key < blockOldest) {
            blockOldest = key;
        }
        if (key > blockNewest) {
            blockNewest = key;
        }
    }

    /**
     * METRICS.md 1.7 / 2.3 (rev 2): on a block after the first, a full ring whose oldest row is newer than the
     * watermark means frames between the polls may be lost.
     */
    boolean overflowed(int ring) {
        return blocks > 0 && blockWatermark != Long.MIN_VALUE && blockRows >= ring && blockOldest > blockWatermark;
    }

    /**
     * De-duplication: true when the row is new (its key above the watermark, or equal to it with an end that no
     * row at that key had), and then remembers it.
     */
    boolean fresh(long key, long end) {
        if (key > maxSeen) {
            maxSeen = key;
            endsAtMax[0] = end;
            endsAtMaxCount = 1;
            return true;
        }
        if (key < maxSeen) {
            return false;
        }
        for (int i = 0; i < endsAtMaxCount; i++) {
            if (endsAtMax[i] == end) {
                return false;
            }
        }
        if (endsAtMaxCount == endsAtMax.length) {
            endsAtMax = Arrays.copyOf(endsAtMax, endsAtMax.length * 2);
        }
        endsAtMax[endsAtMaxCount++] = end;
        return true;
    }

    /** The app process restarted: its rings and timestamps start over. */
    void restart() {
        maxSeen = Long.MIN_VALUE;
        endsAtMaxCount = 0;
        prevTime = Long.MIN_VALUE;
        blocks = 0;
        gapCount = 0;
    }
}
