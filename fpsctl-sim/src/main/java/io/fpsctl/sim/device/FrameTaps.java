package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Where the device's final frames go: the truth observer (every frame), the display's {@link PageFlipCounter}
 * (layer frames), plus any taps added while running (the simulated agent sees hwui frames from when it attached).
 */
final class FrameTaps implements FrameObserver {

    private final FrameObserver truth;
    private final PageFlipCounter pageFlips;
    private final List<FrameObserver> taps = new CopyOnWriteArrayList<>();
    /** SurfaceFlinger's FrameTimeline: sees every app buffer (hwui and SurfaceView). */
    private volatile FrameObserver timeline = FrameObserver.NONE;

    FrameTaps(FrameObserver truth, PageFlipCounter pageFlips) {
        this.truth = truth == null ? FrameObserver.NONE : truth;
        this.pageFlips = pageFlips;
    }

    void add(FrameObserver tap) {
        taps.add(tap);
    }

    void remove(FrameObserver tap) {
        taps.remove(tap);
    }

    void timeline(FrameObserver timeline) {
        this.timeline = timeline;
    }

    @Override
    public void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
        truth.hwuiFrame(windowIndex, title, frame);
        timeline.hwuiFrame(windowIndex, title, frame);
        for (FrameObserver t : taps) {
            t.hwuiFrame(windowIndex, title, frame);
        }
    }

    @Override
    public void layerFrame(String layerKey, long periodNs, LayerFrame frame) {
        truth.layerFrame(layerKey, periodNs, frame);
        timeline.layerFrame(layerKey, periodNs, frame);
        pageFlips.layerFrame(layerKey, periodNs, frame);
        for (FrameObserver t : taps) {
            t.layerFrame(layerKey, periodNs, frame);
        }
    }

    @Override
    public void flutterFrame(io.fpsctl.sim.device.frames.FlutterFrameTiming frame) {
        truth.flutterFrame(frame);
    }

    @Override
    public void surfaceFrame(SurfaceFrameTruth surfaceFrame) {
        truth.surfaceFrame(surfaceFrame);
    }

    @Override
    public void frameTimelineDump(long uptimeNs, List<String> finalBufferFrames) {
        truth.frameTimelineDump(uptimeNs, finalBufferFrames);
    }

    @Override
    public void resources(ResourceTruth truth) {
        this.truth.resources(truth);
    }

    @Override
    public void load(LoadTruth truth) {
        this.truth.load(truth);
    }

    @Override
    public void flush() {
        truth.flush();
    }
}
