package io.fpsctl.android;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

/**
 * The display frames of the previous FrameTimeline dump, known by their first SurfaceFrame (layer and Token), so that
 * the next dump's parse can skip those it shows again ({@link FrameTimelineParser#skippingSeen}). Display frames have
 * no identity of their own in the dump: their index and times are relative to the ring's oldest frame and shift
 * between polls (docs/formats.md 5.3).
 *
 * <p>The ring is first in, first out, so the display frames a dump shows again are its oldest: a run at its start.
 * A display frame is skipped while that run lasts, that is while its first SurfaceFrame is one the previous dump
 * showed as a first SurfaceFrame, and the run ends after the previous dump's newest display frame, or at the first
 * display frame that is not known. A display frame with no SurfaceFrame (nothing of an app in it) is read, and
 * neither ends the run nor counts. Everything after the run is read in full, even a display frame whose first
 * SurfaceFrame happens to repeat an older one (an app that queued two buffers for one vsync).
 *
 * <p>One instance per sequence of dumps of one device; not thread-safe.
 */
public final class SeenDisplayFrames {

    private record Key(String layer, long token) {
    }

    private Set<Key> previous = new HashSet<>();
    private Key previousNewest;
    private Set<Key> current = new HashSet<>();
    private Key newest;
    private long[] tokens = new long[64];
    private int count;
    private boolean inRun;

    /** A new dump starts: what the last one showed becomes what is skipped. */
    void nextDump() {
        Set<Key> done = previous;
        previous = current;
        previousNewest = newest;
        done.clear();
        current = done;
        newest = null;
        count = 0;
        inRun = !previous.isEmpty();
    }

    /**
     * A display frame's first SurfaceFrame, in dump order: remembered for the next dump; true when the display
     * frame is one the previous dump showed (skip the rest of it).
     */
    boolean firstSurfaceFrame(String layer, long token) {
        Key k = new Key(Objects.requireNonNull(layer, "layer"), token);
        current.add(k);
        newest = k;
        addToken(token);
        if (!inRun) {
            return false;
        }
        if (!previous.contains(k)) {
            inRun = false;
            return false;
        }
        if (k.equals(previousNewest)) {
            inRun = false; // the last display frame the previous dump showed: everything after it is new
        }
        return true;
    }

    /**
     * A pending display frame's first SurfaceFrame (its present not processed yet): not remembered as seen, so the
     * next dump reads it again, but its Token is in {@link #firstTokens()}: it is in the ring all the same, and a
     * next dump that overlaps this one only there must not look like an overflow.
     */
    void pendingFirstSurfaceFrame(long token) {
        addToken(token);
    }

    private void addToken(long token) {
        if (count == tokens.length) {
            tokens = Arrays.copyOf(tokens, count * 2);
        }
        tokens[count++] = token;
    }

    /** The Tokens of the first SurfaceFrames of the dump read last (skipped, read or pending), in dump order. */
    public long[] firstTokens() {
        return Arrays.copyOf(tokens, count);
    }
}
