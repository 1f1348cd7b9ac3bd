package io.fpsctl.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * Frames of a saved dump without any period, held back in arrival order while the vsync grid they draw is measured
 * (docs/metrics.md 2, 3 rev 2); at most {@link FrameEngine#GRID_BUFFER} of them. Part of {@link FrameEngine}.
 */
final class GridHold {
    private VsyncGrid grid;
    private final List<Track> tracks = new ArrayList<>();
    private final List<RenderedFrame> frames = new ArrayList<>();

    /** Holds {@code f} of {@code t}, its distance to the track's previous frame measuring the grid; true when full. */
    boolean hold(Track t, RenderedFrame f) {
        if (grid == null) {
            grid = new VsyncGrid();
        }
        if (t.prevTime != Long.MIN_VALUE) {
            grid.difference(f.intendedVsync() - t.prevTime);
        }
        t.prevTime = f.intendedVsync(); // the derivation sets it again when the frame is released
        tracks.add(t);
        frames.add(f);
        return frames.size() >= FrameEngine.GRID_BUFFER;
    }

    boolean isEmpty() {
        return frames.isEmpty();
    }

    /** The period of the grid measured so far, or 0 when it gives none. */
    long periodNs() {
        return grid.periodNs();
    }

    /** Gives every frame held to {@code release} in arrival order, and forgets them. */
    void release(BiConsumer<Track, RenderedFrame> release) {
        for (int i = 0; i < frames.size(); i++) {
            release.accept(tracks.get(i), frames.get(i));
        }
        frames.clear();
        tracks.clear();
    }
}
