package io.fpsctl.engine;

/**
 * Where a source delivers frames. A block is what one dump showed for one window or layer (a gfxinfo
 * {@code PROFILEDATA} block, a {@code --latency} dump): the engine de-duplicates across blocks and detects
 * ring overflow per block. Sources pass every row they parsed, complete or not; the engine applies the
 * docs/metrics.md rules.
 */
public interface FrameSink {

    /** A block of rows for {@code window} begins. */
    default void blockStart(String window) {
    }

    /**
     * The current block's layout has a {@code GpuCompleted} column (gfxinfo; docs/metrics.md 1: in a live poll
     * a 0 there is a pending GPU fence).
     */
    default void gpuColumn(boolean present) {
    }

    /** The refresh period a dump states (SurfaceFlinger {@code --latency} line 1), in ns. */
    default void period(long periodNs) {
    }

    /** One parsed row. */
    void frame(Frame frame);

    /** The current block ends. */
    default void blockEnd() {
    }
}
