package io.fpsctl.engine;

import java.util.List;

/**
 * Which Flutter frame each frame the user saw was (docs/metrics.md 16 rule 9): joins the {@code Flutter.Frame}
 * events of a run with the SurfaceFlinger frames of the app's layer, in order. Pure and single-threaded.
 *
 * <p>The rule (inferred from the pipeline; the VM service names no buffer): the engine's raster thread queues one
 * buffer per frame when its raster finishes, and SurfaceFlinger presents the layer's buffers in queue order, each
 * after it was queued. Both clocks are the device's {@code CLOCK_MONOTONIC} ({@link FlutterFrame#rasterFinishUs}).
 * So a presented frame is the oldest Flutter frame not joined yet whose raster finished before its present. A
 * Flutter frame whose raster finished more than {@link #STALE_PERIODS} refresh periods before a present can no
 * longer be waiting in the layer's queue (BufferQueue holds at most three buffers): its buffer was dropped, or
 * presented before fpsctl read the layer, and it stays unjoined. A present with no such frame (before the VM
 * service was reached, or after it went away) joins none: its cells stay empty, never a guess.
 */
public final class FlutterFrameJoin {

    /** How far back a Flutter frame may still be presented, in refresh periods (inferred: queue depth + latch). */
    public static final int STALE_PERIODS = 4;

    private final List<FlutterFrame> frames;
    private final long staleNs;
    private int next;
    private long lastPresent = Long.MIN_VALUE;

    /**
     * @param frames   the run's Flutter frames in the order they were posted (raster finishes ascending)
     * @param budgetUs one refresh period in µs
     */
    public FlutterFrameJoin(List<FlutterFrame> frames, long budgetUs) {
        this.frames = frames;
        this.staleNs = STALE_PERIODS * budgetUs * 1000L;
    }

    /**
     * The Flutter frame presented at {@code presentNs}, or null. Presents must come in ascending order (one
     * layer's frames); an earlier one (a second layer's) joins none.
     */
    public FlutterFrame next(long presentNs) {
        if (presentNs <= lastPresent) {
            return null;
        }
        lastPresent = presentNs;
        while (next < frames.size() && frames.get(next).rasterFinishUs() * 1000L < presentNs - staleNs) {
            next++; // dropped or presented before the layer was read
        }
        if (next < frames.size() && frames.get(next).rasterFinishUs() * 1000L < presentNs) {
            return frames.get(next++);
        }
        return null;
    }
}
