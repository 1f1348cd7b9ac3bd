package io.fpsctl.engine;

/**
 * The segments of one window's frames on that window's own timeline, in {@code IntendedVsync} order whatever order
 * the frames arrive in (docs/metrics.md 4, rev 3; gfxinfo rows are not ordered by {@code IntendedVsync}, 1.6): two
 * frames that follow each other in time belong to one segment when they are less than {@code --idle-gap} apart.
 * spanFps needs, over all segments, the frames that do not start one and the sum of the gaps between consecutive
 * frames; {@link #insert} returns how one more frame changes those two sums, so they add up whatever the order.
 *
 * <p>The times are kept sorted, but only within {@link #HORIZON_NS} of the newest: a row that is not malformed took
 * less than an hour (docs/metrics.md 1), and a frame read as new was not yet complete when the frames already read
 * were polled, so it is older than them by less than its own duration. The greatest time dropped is kept, so a
 * frame just inside the horizon still finds its predecessor; a frame behind it adds nothing to the spans.
 */
final class VsyncSegments {
    /** How far behind the newest frame times are kept: the longest frame that is not malformed. */
    static final long HORIZON_NS = FrameDerivation.MAX_DURATION_NS;
    private static final int MIN_CAPACITY = 64;

    private final long idleGapNs;
    private long[] times = new long[MIN_CAPACITY];
    /** The sorted times are {@code times[head .. head + size)}. */
    private int head;
    private int size;
    /** The greatest time dropped behind the horizon, when {@link #dropped}. */
    private long floor;
    private boolean dropped;
    /** What the last {@link #insert} changed: frames that are not a segment start, and the sum of gaps (ns). */
    private int addedFrames;
    private long addedNs;

    VsyncSegments(long idleGapNs) {
        this.idleGapNs = idleGapNs;
    }

    /**
     * Adds a frame at {@code time}. Between its neighbours a (before) and b (after): the gap a → b, if it was one
     * inside a segment, is replaced by a → time and time → b, each counted when shorter than the idle gap.
     */
    void insert(long time) {
        addedFrames = 0;
        addedNs = 0;
        if (dropped && time < floor) {
            return; // more than an hour behind the newest frame: cannot happen for a row that is not malformed
        }
        int end = head + size;
        int pos = upperBound(time);
        boolean hasBefore = pos > head || dropped;
        long before = pos > head ? times[pos - 1] : floor;
        boolean hasAfter = pos < end;
        long after = hasAfter ? times[pos] : 0;
        if (hasBefore && hasAfter && after - before < idleGapNs) {
            addedFrames--;
            addedNs -= after - before;
        }
        if (hasBefore && time - before < idleGapNs) {
            addedFrames++;
            addedNs += time - before;
        }
        if (hasAfter && after - time < idleGapNs) {
            addedFrames++;
            addedNs += after - time;
        }
        add(pos, time);
    }

    /** Frames the last {@link #insert} added to those that do not start a segment (0, 1 or 2). */
    int addedFrames() {
        return addedFrames;
    }

    /** Nanoseconds the last {@link #insert} added to the sum of gaps inside segments (≥ 0). */
    long addedNs() {
        return addedNs;
    }

    /** Starts over (the app process restarted): the next frame starts a segment. */
    void clear() {
        head = 0;
        size = 0;
        dropped = false;
    }

    /** The first index in the sorted range whose time is greater than {@code time}. */
    private int upperBound(long time) {
        int lo = head;
        int hi = head + size;
        if (size > 0 && times[hi - 1] <= time) {
            return hi; // the usual case: the newest frame so far
        }
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (times[mid] <= time) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private void add(int pos, long time) {
        if (head + size == times.length) {
            int offset = head;
            if (size * 2 > times.length) {
                long[] bigger = new long[times.length * 2];
                System.arraycopy(times, head, bigger, 0, size);
                times = bigger;
            } else {
                System.arraycopy(times, head, times, 0, size);
            }
            head = 0;
            pos -= offset;
        }
        int end = head + size;
        System.arraycopy(times, pos, times, pos + 1, end - pos);
        times[pos] = time;
        size++;
        long newest = times[head + size - 1];
        while (size > 1 && times[head] < newest - HORIZON_NS) {
            floor = times[head];
            dropped = true;
            head++;
            size--;
        }
    }
}
