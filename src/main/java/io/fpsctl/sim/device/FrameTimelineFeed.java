package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;

import java.util.function.Supplier;

/**
 * Hands the app's buffers to the {@link FrameTimelineRing} with what SurfaceFlinger knows about them: the owning
 * pid and the layer (name and id) each buffer is queued on.
 */
final class FrameTimelineFeed implements FrameObserver {

    private final FrameTimelineRing ring;
    private final Supplier<AppProcess> process;

    FrameTimelineFeed(FrameTimelineRing ring, Supplier<AppProcess> process) {
        this.ring = ring;
        this.process = process;
    }

    @Override
    public void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
        AppProcess p = process.get();
        if (p == null) {
            return;
        }
        AppWindow w = p.windows().get(windowIndex);
        String layer = p.windowLayerName(w);
        ring.hwuiFrame(p.pid(), w.layerKey(), layer, layerId(p, layer), frame);
    }

    @Override
    public void layerFrame(String layerKey, long periodNs, LayerFrame frame) {
        AppProcess p = process.get();
        if (p == null || !layerKey.equals("surfaceview")) {
            return;
        }
        String layer = p.surfaceViewLayerName();
        ring.gameFrame(p.pid(), layer, layerId(p, layer), frame);
    }

    private static int layerId(AppProcess p, String name) {
        for (SfLayer l : p.layers()) {
            if (l.name().equals(name)) {
                return l.id();
            }
        }
        return -1;
    }
}
