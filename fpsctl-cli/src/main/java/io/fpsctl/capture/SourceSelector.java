package io.fpsctl.capture;

import io.fpsctl.device.Device;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Source;


import java.util.List;

/**
 * {@code --source auto}: gfxinfo when the app renders through HWUI, SurfaceFlinger when it does not (games,
 * Flutter, video draw into a SurfaceView: framestats stays empty while the layer has frames). Decided by
 * watching both for a moment. A Flutter app without a SurfaceView (FlutterTextureView) is measured on its
 * window's SurfaceFlinger layer (docs/metrics.md 16.1).
 */
public final class SourceSelector {
    private static final long PROBE_MS = 700;

    /**
     * The chosen source and why, for the user.
     *
     * @param flutterWindow a Flutter app without a SurfaceView (FlutterTextureView): measure the window's
     *                      SurfaceFlinger layer alone, not HWUI (docs/metrics.md 16.1)
     */
    public record Choice(Source source, String reason, boolean flutterWindow) {
        public Choice(Source source, String reason) {
            this(source, reason, false);
        }
    }

    private SourceSelector() {
    }

    public static Choice choose(Device device, String pkg, HostClock clock) throws InterruptedException {
        FrameEngine gfx = new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
        GfxinfoPoller gfxPoller = new GfxinfoPoller(device, pkg, gfx);
        FrameEngine sf = new FrameEngine(Source.SURFACEFLINGER, EngineConfig.defaults());
        SurfaceFlingerPoller sfPoller = new SurfaceFlingerPoller(device, pkg, sf, null, true);
        List<String> layers = sfPoller.discover();
        boolean surfaceView = !layers.isEmpty();
        if (!surfaceView && FlutterTap.engineRunning(device, pkg)) {
            // the engine renders into a TextureView's SurfaceTexture, composited by the window's HWUI frames: a
            // slow engine frame is a vsync the window skips (a longer present interval), never a long HWUI frame
            return new Choice(Source.SURFACEFLINGER, "a Flutter app without a SurfaceView (FlutterTextureView): its "
                    + "frames are the window's presents, whose intervals show a slow engine frame that HWUI's frame "
                    + "durations miss (docs/metrics.md 16.1)", true);
        }
        gfxPoller.poll();
        if (surfaceView) {
            sfPoller.poll();
        }
        clock.sleepNanos(PROBE_MS * 1_000_000L);
        long hwui = gfxPoller.poll().newFrames();
        long presented = surfaceView ? sfPoller.poll().newFrames() : 0;
        if (surfaceView && presented > 0 && presented > 2 * hwui) {
            return new Choice(Source.SURFACEFLINGER, "the app draws into a SurfaceView (" + presented
                    + " presents vs " + hwui + " HWUI frames in " + PROBE_MS + " ms)");
        }
        if (hwui > 0) {
            return new Choice(Source.GFXINFO, "the app renders through HWUI (" + hwui + " frames in " + PROBE_MS
                    + " ms)");
        }
        return new Choice(Source.GFXINFO, "the app was idle while probing; starting with HWUI frames");
    }
}
