package io.fpsctl.engine;

/**
 * Ring bookkeeping of one window (gfxinfo, agent, frames CSV) or layer (SurfaceFlinger): which rows are new, what
 * one block showed (for overflow) and the segment state the per-frame derivation needs. No metric is computed here.
 * <ul>
 * <li>Rendered frames (docs/metrics.md 1 / 1.7, rev 3): de-duplication by identity ({@code IntendedVsync},
 * {@code FrameCompleted}), since rows are not ordered by {@code IntendedVsync}; overflow when a full ring shares no
 * row with the window's previous block; segments on {@code IntendedVsync} order ({@link VsyncSegments}).</li>
 * <li>Presented frames and agent frames (docs/metrics.md 1, 12): a watermark on {@code actualPresent} /
 * {@code IntendedVsync}; overflow when a full ring's oldest row is newer than the watermark.</li>
 * </ul>
 */
final class Track {
    /** Identities remembered per window: twice the gfxinfo ring (see {@link RecentIdentities}). */
    static final int IDENTITIES_KEPT = 2 * FrameEngine.GFXINFO_RING;

    final String name;
    final StatsAccumulator stats;
    /** Greatest key (IntendedVsync / actualPresent) read; {@code Long.MIN_VALUE} before the first row. */
    long maxSeen = Long.MIN_VALUE;
    /** Rendered rows read lately, by identity (docs/metrics.md 1. */
    private final RecentIdentities read = new RecentIdentities(IDENTITIES_KEPT);
    /** Agent frames: FrameCompleted values of the frames already seen at {@link #maxSeen}. */
    private final IdentitySet endsAtMax = new IdentitySet();
    /** Frames in IntendedVsync order: the segments of spanFps (rendered, agent and CSV frames). */
    final VsyncSegments segments;
    long prevTime = Long.MIN_VALUE;
    int blocks;
    /** Per block: the watermark when the block began, the rows it held and its oldest and newest key. */
    long blockWatermark = Long.MIN_VALUE;
    int blockRows;
    long blockOldest;
    long blockNewest;
    /**
     * Rendered rows (complete or not) by identity (1.7 rev 3): the last {@link #IDENTITIES_KEPT} of this block, in
     * a circular buffer, and those of the previous block. A ring is first in, first out: when a row of the previous
     * block is still shown, so is its last one, so the last rows are enough (a real block holds at most 120), and
     * memory stays bounded for blocks of any length.
     */
    private final long[] blockVsyncs = new long[IDENTITIES_KEPT];
    private final long[] blockCompletions = new long[IDENTITIES_KEPT];
    private int identityRows;
    private final IdentitySet previousIdentities = new IdentitySet();
    /** Whether a row of this block was in the previous block; the previous block's newest IntendedVsync. */
    private boolean sharesRow;
    private long previousNewest = Long.MIN_VALUE;
    /** Whether the current block's layout has a GpuCompleted column (gfxinfo, docs/metrics.md 1. */
    boolean gpuColumn;
    final long[] gaps = new long[3];
    int gapCount;

    Track(String name, StatsAccumulator stats, long idleGapNs) {
        this.name = name;
        this.stats = stats;
        this.segments = new VsyncSegments(idleGapNs);
    }

    void blockStart() {
        blockWatermark = maxSeen;
        blockRows = 0;
        blockOldest = Long.MAX_VALUE;
        blockNewest = Long.MIN_VALUE;
        gpuColumn = false;
        sharesRow = false;
        identityRows = 0;
    }

    /** Every row of a presented block passes here, valid or not: the ring's fill and its oldest key. */
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
     * Every row of a rendered block passes here, complete or not: the ring's fill, its oldest and newest
     * IntendedVsync, and whether the previous block held a row of the same identity (docs/metrics.md 1.
     */
    void renderedRow(long intendedVsync, long frameCompleted) {
        blockRows++;
        if (intendedVsync > 0) {
            blockOldest = Math.min(blockOldest, intendedVsync);
            blockNewest = Math.max(blockNewest, intendedVsync);
        }
        int at = identityRows++ % IDENTITIES_KEPT;
        blockVsyncs[at] = intendedVsync;
        blockCompletions[at] = frameCompleted;
        if (!sharesRow && previousIdentities.contains(intendedVsync, frameCompleted)) {
            sharesRow = true;
        }
    }

    /** The block is over: its rows become the previous block's. */
    void blockEnd() {
        previousIdentities.clear();
        for (int i = Math.min(identityRows, IDENTITIES_KEPT) - 1; i >= 0; i--) {
            previousIdentities.add(blockVsyncs[i], blockCompletions[i]);
        }
        if (blockNewest != Long.MIN_VALUE) {
            previousNewest = blockNewest;
        }
        blocks++;
    }

    /**
     * docs/metrics.md 1, presented frames: on a block after the first, a full ring whose oldest row is newer
     * than the watermark means frames between the polls may be lost.
     */
    boolean presentedOverflow(int ring) {
        return blocks > 0 && blockWatermark != Long.MIN_VALUE && blockRows >= ring && blockOldest > blockWatermark;
    }

    /**
     * docs/metrics.md 1, rendered frames: on a block after the first, a full ring none of whose rows (complete
     * or not, by identity) was in the previous block means frames between the polls may be lost.
     */
    boolean renderedOverflow(int ring) {
        return blocks > 0 && blockRows >= ring && !sharesRow;
    }

    /**
     * Where the gap of a rendered overflow starts: the previous block's newest IntendedVsync (or, when no block had
     * one, the newest read, else the block's oldest: a gap of 0).
     */
    long renderedGapStart() {
        if (previousNewest != Long.MIN_VALUE) {
            return previousNewest;
        }
        return maxSeen != Long.MIN_VALUE ? Math.min(maxSeen, blockOldest) : blockOldest;
    }

    /**
     * docs/metrics.md 1, rendered rows: true when no row read lately had this IntendedVsync and FrameCompleted
     * (whatever its place in IntendedVsync order), and then remembers it.
     */
    boolean freshRendered(long intendedVsync, long frameCompleted) {
        return read.addIfNew(intendedVsync, frameCompleted);
    }

    /** A rendered row that is not malformed was read: the newest key so far moves up to it. */
    void seen(long intendedVsync) {
        maxSeen = Math.max(maxSeen, intendedVsync);
    }

    /** docs/metrics.md 1: a present is new when it is later than every present read. */
    boolean freshPresented(long actualPresent) {
        if (actualPresent > maxSeen) {
            maxSeen = actualPresent;
            return true;
        }
        return false;
    }

    /**
     * Agent frames (docs/metrics.md 3; rev 3 changed only gfxinfo rows): new when the key is above the watermark, or
     * equal to it with an end that no frame at that key had.
     */
    boolean freshAgent(long key, long end) {
        if (key > maxSeen) {
            maxSeen = key;
            endsAtMax.clear();
            endsAtMax.add(end, 0);
            return true;
        }
        return key == maxSeen && endsAtMax.add(end, 0);
    }

    /** The app process restarted: its rings and timestamps start over. */
    void restart() {
        maxSeen = Long.MIN_VALUE;
        endsAtMax.clear();
        read.clear();
        segments.clear();
        previousIdentities.clear();
        previousNewest = Long.MIN_VALUE;
        prevTime = Long.MIN_VALUE;
        blocks = 0;
        gapCount = 0;
    }
}
