package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.LayerFrame;
import io.fpsctl.sim.device.frames.FlutterFrameGenerator;
import io.fpsctl.sim.device.frames.LayerFrameSource;
import io.fpsctl.sim.device.frames.VsyncClock;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * One incarnation of the app process (a crash or restart makes a new one): pid, the process-global
 * {@link ProfileData}, its windows, the optional SurfaceView game layer and the SurfaceFlinger layers it owns.
 */
final class AppProcess {

    private final int pid;
    private final long startedAt;
    private final ProfileData global;
    private final List<AppWindow> windows;
    private final LayerFrameSource game;
    private final LayerTracker gameLayer;
    private final List<SfLayer> layers = new ArrayList<>();
    private final List<String> windowStateHashes = new ArrayList<>();
    private String surfaceViewLayerName;
    /** The SurfaceView's container layer ({@code SurfaceView[<title>]}, 12+; null otherwise). */
    private String surfaceViewContainerName;
    private String activityRecord;
    private String appWindowToken;
    private LayerFrame pendingGame;
    /** The SurfaceView's layers (container, background, buffer): listed only from {@link #surfaceViewFrom}. */
    private final List<SfLayer> surfaceViewLayers = new ArrayList<>();
    /** Device time the SurfaceView's layers are created (a FlutterSurfaceView's may come after the engine). */
    private final long surfaceViewFrom;
    /** The newest time {@link #advanceTo} reached. */
    private long now;

    AppProcess(int pid, long now, List<AppWindow> windows, LayerFrameSource game) {
        this(pid, now, windows, game, now);
    }

    /** @param surfaceViewFrom when the SurfaceView's layers appear (no earlier than {@code now}) */
    AppProcess(int pid, long now, List<AppWindow> windows, LayerFrameSource game, long surfaceViewFrom) {
        this.surfaceViewFrom = surfaceViewFrom;
        this.now = now;
        this.pid = pid;
        this.startedAt = now;
        this.global = new ProfileData(now);
        this.windows = List.copyOf(windows);
        this.game = game;
        this.gameLayer = game == null ? null : new LayerTracker();
    }

    int pid() {
        return pid;
    }

    /** Device monotonic time the process started. */
    long startedAt() {
        return startedAt;
    }

    ProfileData global() {
        return global;
    }

    List<AppWindow> windows() {
        return windows;
    }

    /** The layers that exist now: a SurfaceView's only once its layer was created ({@link #surfaceViewFrom}). */
    List<SfLayer> layers() {
        if (now >= surfaceViewFrom || surfaceViewLayers.isEmpty()) {
            return layers;
        }
        List<SfLayer> existing = new ArrayList<>(layers);
        existing.removeAll(surfaceViewLayers);
        return existing;
    }

    /** Name of the SurfaceView buffer layer, or null. */
    String surfaceViewLayerName() {
        return surfaceViewLayerName;
    }

    /** The SurfaceView's container layer (created by the app, no buffer), or null (no SurfaceView, or before 12). */
    String surfaceViewContainerName() {
        return surfaceViewContainerName;
    }

    /** The device's time is now at least {@code now}: what {@link #layers} lists. */
    void reached(long now) {
        this.now = Math.max(this.now, now);
    }

    /** Everything that happened up to {@code now}. */
    void advanceTo(long now, AndroidVersion version, VsyncClock clock, FrameObserver observer) {
        this.now = Math.max(this.now, now);
        for (AppWindow w : windows) {
            w.advanceTo(now, global, version, clock, observer);
        }
        if (game != null) {
            while (true) {
                if (pendingGame == null) {
                    pendingGame = game.next();
                }
                if (pendingGame.latchTime() > now) {
                    break;
                }
                gameLayer.add(pendingGame);
                pendingGame = null;
            }
            gameLayer.settle(now, f -> observer.layerFrame("surfaceview", clock.periodAt(f.actualPresent()), f));
            if (game instanceof FlutterFrameGenerator flutter) {
                flutter.timeline().settle(now, observer::flutterFrame);
            }
        }
        for (AppWindow w : windows) {
            w.layer().settle(now, f -> observer.layerFrame(w.layerKey(), clock.periodAt(f.actualPresent()), f));
            if (w.texture() != null) { // a FlutterTextureView app: its engine frames reach the truth with the window's
                w.texture().timeline().settle(now, observer::flutterFrame);
            }
        }
    }

    /** The process died: buffers not yet presented never will be. */
    void die() {
        for (AppWindow w : windows) {
            w.layer().abandonUnsettled();
        }
        if (gameLayer != null) {
            gameLayer.abandonUnsettled();
        }
    }

    /** {@code dumpsys gfxinfo <pkg> reset}: per-window and global stats and rings. */
    void resetStats(long now) {
        for (AppWindow w : windows) {
            w.reset(now);
        }
        global.reset(now);
    }

    /**
     * Creates this process's SurfaceFlinger layers in Z order, named per version (docs/formats.md 3).
     *
     * @param seq       the device-global layer sequence counter
     * @param hex       random short hex ids ({@code identityHashCode}-like)
     * @param packageName the app package
     * @param taskId    the activity task id
     * @param rootParent parent id for the app's top layer
     */
    void createLayers(AndroidVersion v, IntSupplier seq, Supplier<String> hex, String packageName,
                      int taskId, int rootParent) {
        AppWindow main = windows.get(0);
        String activity = main.title().substring(main.title().indexOf('/') + 1);
        String shortActivity = activity.startsWith(packageName + ".")
                ? activity.substring(packageName.length()) : activity;
        String record = "ActivityRecord{" + hex.get() + " u0 " + packageName + "/" + shortActivity + " t" + taskId + "}";
        activityRecord = record;
        int tokenId = -1;
        if (v.hasActivityRecordLayer()) {
            tokenId = add(v, record, seq, rootParent, null);
        } else if (v.hasLayerSuffix()) {
            appWindowToken = "AppWindowToken{" + hex.get() + " token=Token{" + hex.get() + " " + record + "}}";
            tokenId = add(v, appWindowToken, seq, rootParent, null);
        }
        if (appWindowToken == null) {
            // no such layer on this version: ids derived from the record's, so no random draw changes other ids
            appWindowToken = "AppWindowToken{" + DeviceIds.stableHex(record + "/token") + " token=Token{"
                    + DeviceIds.stableHex(record + "/binder")
                    + " " + record + "}}";
        }
        for (AppWindow w : windows) {
            String t = w.title();
            int parent = tokenId;
            if (v.hasLayerSuffix()) {
                String windowState = hex.get();
                windowStateHashes.add(windowState);
                parent = add(v, windowState + " " + t, seq, tokenId, null);
            } else {
                windowStateHashes.add(DeviceIds.stableHex(record + "/window" + w.index()));
            }
            if (w.index() == 0 && game != null) {
                addSurfaceView(v, t, seq, parent);
            }
            int buffer = add(v, t, seq, parent, w.layer());
            if (v.hasBoundsLayer()) {
                add(v, "Bounds for - " + t, seq, buffer, null);
            }
        }
    }

    private void addSurfaceView(AndroidVersion v, String title, IntSupplier seq, int parent) {
        int before = layers.size();
        addSurfaceViewLayers(v, title, seq, parent);
        surfaceViewLayers.addAll(layers.subList(before, layers.size()));
    }

    private void addSurfaceViewLayers(AndroidVersion v, String title, IntSupplier seq, int parent) {
        if (v.hasBlastSurfaceView()) {
            add(v, "Background for SurfaceView[" + title + "]", seq, parent, null);
            int container = add(v, "SurfaceView[" + title + "]", seq, parent, null);
            surfaceViewContainerName = layers.get(layers.size() - 1).name();
            add(v, "SurfaceView[" + title + "](BLAST)", seq, container, gameLayer);
        } else if (v.hasTitledLegacySurfaceView()) {
            if (v.hasSurfaceViewBackgroundLayer()) {
                add(v, "Background for -SurfaceView - " + title, seq, parent, null);
            }
            add(v, "SurfaceView - " + title, seq, parent, gameLayer);
        } else {
            add(v, "SurfaceView", seq, parent, gameLayer);
        }
        surfaceViewLayerName = layers.get(layers.size() - 1).name();
    }

    private int add(AndroidVersion v, String base, IntSupplier seq, int parent, LayerTracker tracker) {
        int id = seq.getAsInt();
        layers.add(new SfLayer(v.layerName(base, id), id, parent, tracker));
        return id;
    }

    /** {@code ActivityRecord.toString()} of the app's activity: {@code ActivityRecord{<hash> u0 <pkg>/<short> t<task>}}. */
    String activityRecord() {
        return activityRecord;
    }

    /** {@code AppWindowToken.toString()} (what {@code mFocusedApp} is on ≤9). */
    String appWindowToken() {
        return appWindowToken;
    }

    /** {@code WindowState.toString()} of a window: {@code Window{<hash> u0 <title>}}. */
    String windowState(AppWindow w) {
        return "Window{" + windowStateHashes.get(w.index()) + " u0 " + w.title() + "}";
    }

    /** The buffer layer name of a window (what {@code --latency} wants for hwui frames). */
    String windowLayerName(AppWindow w) {
        for (SfLayer l : layers) {
            if (l.tracker() == w.layer()) {
                return l.name();
            }
        }
        throw new IllegalStateException("no layer for " + w.title());
    }
}
