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
        String container = windowIndex == 0 ? p.surfaceViewContainerName() : null;
        // a FlutterSurfaceView's container before its layers exist (FlutterSpec#surfaceViewDelayMs): none yet
        boolean containerExists = container != null && layerId(p, container) >= 0;
        ring.hwuiFrame(p.pid(), new FrameTimelineRing.Layer(w.layerKey(), layer, layerId(p, layer)),
                !containerExists ? null
                        : new FrameTimelineRing.Layer("surfaceview-container", container, layerId(p, container)),
                frame);
    }

    @Override
    public void layerFrame(String layerKey, long periodNs, LayerFrame frame) {
        AppProcess p = process.get();
        if (p == null || !layerKey.equals("surfaceview")) {
            return;
        }
        String layer = p.surfaceViewLayerName();
        ring.gameFrame(p.pid(), new FrameTimelineRing.Layer(layerKey, layer, layerId(p, layer)), frame);
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
