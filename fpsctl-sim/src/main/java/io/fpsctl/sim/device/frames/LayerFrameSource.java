package io.fpsctl.sim.device.frames;

/**
 * Yields the buffers of an app's SurfaceView layer in order: a game's ({@link SurfaceFrameGenerator}) or a
 * Flutter engine's ({@link FlutterFrameGenerator}). Deterministic for a seed.
 */
public interface LayerFrameSource {

    /** The source (re)starts drawing at {@code t} (a new app process). */
    void restartAt(long t);

    /** The next buffer. */
    LayerFrame next();
}
