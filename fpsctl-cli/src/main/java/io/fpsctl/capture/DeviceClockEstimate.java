package io.fpsctl.capture;

/**
 * The device clock as the host sees it (docs/metrics.md "Coverage", contract 2): host time plus the largest
 * (device − host) offset seen, the offset of a frame timestamp at the moment it was read. A frame is read after it
 * was drawn, so each offset is a lower bound and the largest is the tightest; unknown until a frame gave one.
 */
final class DeviceClockEstimate {
    private static final long UNKNOWN = Long.MIN_VALUE;
    private long offset = UNKNOWN;

    /** Forgets every offset seen (a new run). */
    void reset() {
        offset = UNKNOWN;
    }

    /** Whether a frame has given an offset yet. */
    boolean known() {
        return offset != UNKNOWN;
    }

    /**
     * A frame whose device timestamp is {@code newestFrameNs} was read at host time {@code hostNs}; {@code
     * Long.MIN_VALUE} (no frame yet) says nothing.
     */
    void observe(long newestFrameNs, long hostNs) {
        if (newestFrameNs != Long.MIN_VALUE) {
            offset = Math.max(offset, newestFrameNs - hostNs);
        }
    }

    /** A host time on the device's clock; the host time itself while the offset is unknown. */
    long deviceTime(long hostNs) {
        return offset == UNKNOWN ? hostNs : hostNs + offset;
    }
}
