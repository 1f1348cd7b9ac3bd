package io.fpsctl.android;

/**
 * Where a FrameTimeline parse is among the dump's display frames (docs/formats.md 5.3): whether no SurfaceFrame of
 * the current display frame has ended yet (the next Token read is its first, the key {@link SeenDisplayFrames} knows
 * it by), whether its own {@code Actual} present time is {@code N/A} (its SurfaceFrames' verdicts are not final yet),
 * and whether the parse is fast-forwarding past a display frame the previous dump showed. Part of
 * {@link FrameTimelineParser}.
 */
final class DisplayFramePosition {
    /** The previous dump's display frames, or null when none are skipped. */
    private SeenDisplayFrames seen;
    /** Fast-forwarding to the next {@code Display Frame} line (the current one was seen before). */
    private boolean skipping;
    /** No SurfaceFrame of the current display frame has ended yet: the one being read is its first. */
    private boolean first;
    /**
     * The current display frame's own {@code Actual} present time is {@code N/A}: its present fence had not been
     * processed when the dump was taken, so its SurfaceFrames' jank is not classified yet.
     */
    private boolean pending;

    /** Skips the display frames {@code s} saw in the previous dump. */
    void skippingSeen(SeenDisplayFrames s) {
        this.seen = s;
    }

    /** A new dump starts. */
    void nextDump() {
        if (seen != null) {
            seen.nextDump();
        }
    }

    /** Whether the lines are skipped up to the next {@code Display Frame} line. */
    boolean skipping() {
        return skipping;
    }

    /** The {@code Display Frame} line that ends a skip was reached. */
    void skipEnded() {
        skipping = false;
    }

    /** A {@code Display Frame N} line: a new display frame begins, its first SurfaceFrame not read yet. */
    void displayFrame() {
        first = true;
        pending = false;
    }

    /** The display frame's own {@code Actual} line (before its SurfaceFrames); {@code N/A}: its present is pending. */
    void actuals(boolean presentNotAvailable) {
        if (first) {
            pending = presentNotAvailable;
        }
    }

    /**
     * A SurfaceFrame of {@code layer} read Token {@code token}. Returns true when it is its display frame's first and
     * the previous dump showed that display frame: the rest of it is skipped (the caller drops the SurfaceFrame).
     * A pending display frame is not remembered as seen: the next dump reads it again, final by then.
     */
    boolean tokenRead(String layer, long token) {
        if (!first) {
            return false;
        }
        first = false;
        if (seen != null && pending) {
            seen.pendingFirstSurfaceFrame(token);
        } else if (seen != null && seen.firstSurfaceFrame(layer, token)) {
            skipping = true;
            return true;
        }
        return false;
    }

    /** A SurfaceFrame ended (one without Token leaves its display frame without key). */
    void surfaceFrameEnded() {
        first = false;
    }

    /** Whether the current display frame's present is pending (its SurfaceFrames are not handed on yet). */
    boolean pending() {
        return pending;
    }
}
