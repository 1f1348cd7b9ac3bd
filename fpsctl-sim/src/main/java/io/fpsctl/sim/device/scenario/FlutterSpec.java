package io.fpsctl.sim.device.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * A Flutter app drawn by the engine on a {@code FlutterSurfaceView} (the default Android embedding): every frame
 * is built on the UI thread ({@code 1.ui}), rasterized on the raster thread ({@code 1.raster}) and queued to the
 * SurfaceView's own layer, which only SurfaceFlinger sees (docs/metrics.md 16). Given in a scenario as
 * {@code "flutter":{…}}; the app then has no game layer.
 *
 * @param buildMode        {@code profile} or {@code debug} (a Dart VM service runs and posts {@code Flutter.Frame}
 *                         events) or {@code release} (no VM service)
 * @param buildShare       [low, high] of the UI thread's build time per frame, as a share of the refresh period
 * @param rasterShare      [low, high] of the raster time per frame, as a share of the refresh period
 * @param slowEveryFrames  mean frames between slow frames (0 = none)
 * @param slowFactors      slow frames' build or raster time in refresh periods, cycled; slow frames alternate
 *                         between the UI thread (even ones) and the raster thread (odd ones)
 * @param mergedUiThread   the UI work runs on the main (platform) thread: no {@code 1.ui} thread (flutter/engine
 *                         {@code android_shell_holder.cc}: {@code kUi} left out with {@code merged_platform_ui_thread},
 *                         the default from Flutter 3.29); default false (a separate {@code 1.ui})
 * @param sfLatchLead      how long before the present vsync SurfaceFlinger latches, in refresh periods, from 0.05
 *                         to 1 (its SF work duration: frameworks/native {@code Scheduler/VsyncConfiguration},
 *                         {@code debug.sf.late.sf.duration}, e.g. 10.5 ms of a 16.7 ms period on some devices);
 *                         default 1 (latched at the vsync before the present)
 * @param textureView      the app embeds the engine with {@code FlutterTextureView} ({@code RenderMode.texture}): the
 *                         engine renders into the SurfaceTexture of a TextureView and the activity window composites
 *                         it through HWUI, so the frames are the window's (gfxinfo, the window's layer) and there is
 *                         no SurfaceView layer (docs/metrics.md 16.1); default false ({@code FlutterSurfaceView})
 * @param dropEveryFrames  drop exactly every Nth engine frame's buffer (0 = none; FlutterSurfaceView on Android 12+
 *                         only): by construction, the newer frame's buffer replaces it and it is never presented;
 *                         the cause (its GPU work ending after SurfaceFlinger's latch) is inferred, not modelled
 *                         (docs/metrics.md 16 rule 9; {@code FlutterFrameGenerator})
 * @param surfaceViewDelayMs how long after the process starts the FlutterSurfaceView's layer is created (default 0:
 *                         with the process). The engine and its {@code 1.raster} thread exist before that:
 *                         {@code FlutterActivity.onCreate} calls {@code delegate.onAttach} (which sets up the
 *                         engine) before {@code setContentView(createFlutterView())}, and a SurfaceView's layer
 *                         only exists once the window's first traversal makes its surface (inferred: the
 *                         layer is created in {@code SurfaceView.updateSurface} from the view's
 *                         {@code onAttachedToWindow}/pre-draw); an add-to-app engine warmed before its
 *                         {@code FlutterFragment} is shown widens the gap to seconds. The engine draws its first
 *                         frame {@link #START_MS} after the layer exists ({@link #firstFrameMs}); ignored for a
 *                         texture app (no SurfaceView)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FlutterSpec(String buildMode, List<Double> buildShare, List<Double> rasterShare, Integer slowEveryFrames,
                          List<Double> slowFactors, Boolean mergedUiThread, Double sfLatchLead,
                          Boolean textureView, Integer dropEveryFrames, Long surfaceViewDelayMs) {

    /** The engine's first frame after the process starts (inferred: engine start-up and the first build). */
    public static final long START_MS = 300;

    public FlutterSpec {
        buildMode = buildMode == null ? "profile" : buildMode;
        if (!List.of("profile", "debug", "release").contains(buildMode)) {
            throw new IllegalArgumentException("flutter buildMode must be profile, debug or release");
        }
        buildShare = range(buildShare, 0.15, 0.45);
        rasterShare = range(rasterShare, 0.2, 0.5);
        slowEveryFrames = slowEveryFrames == null ? 0 : slowEveryFrames;
        slowFactors = slowFactors == null || slowFactors.isEmpty() ? List.of(1.6, 2.4, 3.5) : List.copyOf(slowFactors);
        mergedUiThread = mergedUiThread != null && mergedUiThread;
        sfLatchLead = sfLatchLead == null ? 1.0 : sfLatchLead;
        textureView = textureView != null && textureView;
        dropEveryFrames = dropEveryFrames == null ? 0 : dropEveryFrames;
        surfaceViewDelayMs = surfaceViewDelayMs == null ? 0L : surfaceViewDelayMs;
        if (surfaceViewDelayMs < 0) {
            throw new IllegalArgumentException("flutter surfaceViewDelayMs must be >= 0");
        }
        if (dropEveryFrames < 0 || dropEveryFrames == 1) {
            throw new IllegalArgumentException("flutter dropEveryFrames must be 0 (none) or at least 2");
        }
        if (!(sfLatchLead >= 0.05 && sfLatchLead <= 1)) {
            throw new IllegalArgumentException("flutter sfLatchLead is a share of the refresh period from 0.05 to 1");
        }
        if (slowEveryFrames < 0 || slowFactors.stream().anyMatch(f -> f <= 0)) {
            throw new IllegalArgumentException("flutter slowEveryFrames must be >= 0 and slowFactors > 0");
        }
    }

    /** An app whose SurfaceView layer (if any) is created with its process. */
    public FlutterSpec(String buildMode, List<Double> buildShare, List<Double> rasterShare, Integer slowEveryFrames,
                       List<Double> slowFactors, Boolean mergedUiThread, Double sfLatchLead, Boolean textureView,
                       Integer dropEveryFrames) {
        this(buildMode, buildShare, rasterShare, slowEveryFrames, slowFactors, mergedUiThread, sfLatchLead,
                textureView, dropEveryFrames, null);
    }

    /** The engine's first frame, in ms after the process started: {@link #START_MS} after its surface exists. */
    public long firstFrameMs() {
        return START_MS + (textureView ? 0 : surfaceViewDelayMs);
    }

    /** A FlutterSurfaceView app (the default embedding). */
    public FlutterSpec(String buildMode, List<Double> buildShare, List<Double> rasterShare, Integer slowEveryFrames,
                       List<Double> slowFactors, Boolean mergedUiThread, Double sfLatchLead) {
        this(buildMode, buildShare, rasterShare, slowEveryFrames, slowFactors, mergedUiThread, sfLatchLead, null);
    }

    /** An app that drops no buffer. */
    public FlutterSpec(String buildMode, List<Double> buildShare, List<Double> rasterShare, Integer slowEveryFrames,
                       List<Double> slowFactors, Boolean mergedUiThread, Double sfLatchLead, Boolean textureView) {
        this(buildMode, buildShare, rasterShare, slowEveryFrames, slowFactors, mergedUiThread, sfLatchLead,
                textureView, null);
    }

    /** Whether the Dart VM service runs (profile and debug builds; flutter/flutter binding.dart kReleaseMode). */
    public boolean hasVmService() {
        return !buildMode.equals("release");
    }

    private static List<Double> range(List<Double> r, double lo, double hi) {
        if (r == null) {
            return List.of(lo, hi);
        }
        if (r.size() != 2 || r.get(0) <= 0 || r.get(1) < r.get(0)) {
            throw new IllegalArgumentException("flutter shares are [low, high] with 0 < low <= high");
        }
        return List.copyOf(r);
    }
}
