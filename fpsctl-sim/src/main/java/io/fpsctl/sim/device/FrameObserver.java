package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;

/**
 * Receives every frame the simulated device produces, in order, once its values are final (the ground truth).
 * {@link TruthWriter} writes them to files; tests may collect them in memory.
 */
public interface FrameObserver {

    /**
     * A hwui frame completed.
     *
     * @param windowIndex index of the window in the scenario (stable across app restarts)
     * @param title       the window title
     */
    void hwuiFrame(int windowIndex, String title, HwuiFrame frame);

    /**
     * SurfaceFlinger presented a buffer.
     *
     * @param layerKey stable logical layer key: {@code app} (first window), {@code app-w<i>}, {@code surfaceview}
     * @param periodNs the display period when the buffer was presented
     */
    void layerFrame(String layerKey, long periodNs, LayerFrame frame);

    /**
     * SurfaceFlinger's FrameTimeline retained a SurfaceFrame (Android 12+), once, when its display frame was
     * presented: what the emulated version printed about it.
     */
    default void surfaceFrame(SurfaceFrameTruth surfaceFrame) {
    }

    /**
     * {@code dumpsys SurfaceFlinger --frametimeline -all} was printed at {@code uptimeNs}: the buffer SurfaceFrames it
     * showed with a processed present (their verdicts final), as {@code layerKey:token}. A SurfaceFrame never shown
     * so could not be read by any poll: its display frame left the ring between two dumps, or was still pending at
     * the last one (SurfaceFlinger processes a present fence only at its next composition).
     */
    default void frameTimelineDump(long uptimeNs, java.util.List<String> finalBufferFrames) {
    }

    /**
     * A Flutter frame's buffer was presented (docs/metrics.md 16): the engine's timing of it, in device time.
     */
    default void flutterFrame(io.fpsctl.sim.device.frames.FlutterFrameTiming frame) {
    }

    /** The app's resource files were read (docs/metrics.md 13): what they said at that moment. */
    default void resources(ResourceTruth truth) {
    }

    /** The GPU, battery or network files were read (docs/metrics.md 14): what they printed. */
    default void load(LoadTruth truth) {
    }

    /** A batch of frames ended (write buffers out). */
    default void flush() {
    }

    /** Does nothing. */
    FrameObserver NONE = new FrameObserver() {
        @Override
        public void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
        }

        @Override
        public void layerFrame(String layerKey, long periodNs, LayerFrame frame) {
        }
    };
}
