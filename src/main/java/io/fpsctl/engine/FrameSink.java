package io.fpsctl.engine;

/**
 * Where a source delivers frames. A block is what one dump showed for one window or layer (a gfxinfo
 * {@code PROFILEDATA} block, a {@code --latency} dump): the engine de-duplicates across blocks and detects
 * ring overflow per block. Sources pass every row they parsed, complete or not; the engine applies the
 * METRICS.md rules.
 */
public interface FrameSink {

    /** A block of rows for {@code window} begins. */
    default void blockStart(String window) {
    }

    /** One parsed row. */
    void frame(Frame frame);

    /** The current block ends. */
    default void blockEnd() {
    }
}
