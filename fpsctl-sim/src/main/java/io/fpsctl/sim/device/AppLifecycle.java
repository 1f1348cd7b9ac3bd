package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.HwuiFrameGenerator;
import io.fpsctl.sim.device.frames.LayerFrameSource;
import io.fpsctl.sim.device.frames.TimeSource;
import io.fpsctl.sim.device.frames.VsyncClock;
import io.fpsctl.sim.device.scenario.Scenario;
import io.fpsctl.sim.device.scenario.WindowSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * The app package and its process: installed or not, its code path, the running {@link AppProcess}
 * incarnation (a crash or stop/start makes a new one with a new pid and new layers, the frame generators
 * carry on), and whether fpsctl's agent package is installed. Not thread-safe: {@link SimulatedAndroid}
 * serialises every call.
 */
final class AppLifecycle {

    private final AndroidVersion version;
    private final String packageName;
    private final Scenario scenario;
    private final TimeSource time;
    private final VsyncClock clock;
    private final FrameObserver frames;
    private final List<HwuiFrameGenerator> windowGenerators;
    private final LayerFrameSource gameGenerator;
    private final DeviceIds ids;
    private final SystemLayers systemLayers;
    private final String apkDir;

    private boolean installed = true;
    /**
     * Whether {@value PackageManagerCommand#AGENT_PACKAGE} is installed ({@code cmd package install} / {@code pm install}
     * / {@code pm uninstall}); the simulated device comes with the agent installed so {@code --source agent} works.
     */
    private volatile boolean agentInstalled = true;
    private AppProcess process;

    AppLifecycle(AndroidVersion version, String packageName, Scenario scenario, TimeSource time, VsyncClock clock,
                 FrameObserver frames, List<HwuiFrameGenerator> windowGenerators, LayerFrameSource gameGenerator,
                 DeviceIds ids) {
        this(version, packageName, scenario, time, clock, frames, windowGenerators, gameGenerator, ids,
                time.nanoTime());
    }

    /** @param start when the process starts: the time the generators' first frames count from */
    AppLifecycle(AndroidVersion version, String packageName, Scenario scenario, TimeSource time, VsyncClock clock,
                 FrameObserver frames, List<HwuiFrameGenerator> windowGenerators, LayerFrameSource gameGenerator,
                 DeviceIds ids, long start) {
        this.version = version;
        this.packageName = packageName;
        this.scenario = scenario;
        this.time = time;
        this.clock = clock;
        this.frames = frames;
        this.windowGenerators = List.copyOf(windowGenerators);
        this.gameGenerator = gameGenerator;
        this.ids = ids;
        this.apkDir = version.hasRandomizedApkPath()
                ? "/data/app/~~" + ids.token(22) + "==/" + packageName + "-" + ids.token(22) + "=="
                : "/data/app/" + packageName + "-1";
        this.systemLayers = new SystemLayers(version, ids);
        startProcess(start, false);
    }

    String packageName() {
        return packageName;
    }

    /** Where the APK lives ({@code pm path}, {@code codePath=}). */
    String apkDir() {
        return apkDir;
    }

    /** The running process, or null. */
    AppProcess process() {
        return process;
    }

    boolean isInstalled() {
        return installed;
    }

    boolean isAgentInstalled() {
        return agentInstalled;
    }

    void setAgentInstalled(boolean installed) {
        this.agentInstalled = installed;
    }

    /** Every SurfaceFlinger layer in Z order. */
    List<SfLayer> layers() {
        if (process != null) {
            process.reached(time.nanoTime()); // a layer created since the last advance is listed too
        }
        return systemLayers.withApp(process);
    }

    /** Generates everything up to now and flushes the frame observer. */
    void advance() {
        long now = time.nanoTime();
        if (process != null) {
            process.advanceTo(now, version, clock, frames);
        }
        frames.flush();
    }

    /** The app crashes and is restarted at once: new pid, new windows and layers, empty rings and stats. */
    void crash() {
        advance();
        if (process != null) {
            process.die();
        }
        if (installed) {
            startProcess(time.nanoTime(), true);
        }
    }

    /** The app is stopped (force-stop): gfxinfo says {@code No process found}, its layers disappear. */
    void stop() {
        advance();
        if (process != null) {
            process.die();
            process = null;
        }
    }

    /** Starts the app if installed and not running. */
    void start() {
        if (installed && process == null) {
            startProcess(time.nanoTime(), true);
        }
    }

    /** Stops and uninstalls the app. */
    void uninstall() {
        stop();
        installed = false;
    }

    /** Installs the app again (not started). */
    void install() {
        installed = true;
    }

    private void startProcess(long now, boolean restart) {
        int pid = ids.nextPid();
        List<AppWindow> windows = new ArrayList<>();
        for (int i = 0; i < scenario.windows().size(); i++) {
            WindowSpec spec = scenario.windows().get(i);
            HwuiFrameGenerator gen = windowGenerators.get(i);
            if (restart) {
                gen.restartAt(now + spec.startMs() * 1_000_000L);
            }
            windows.add(new AppWindow(i, spec, spec.titleFor(packageName), ids.hex(), gen, now));
        }
        if (restart && gameGenerator != null) {
            gameGenerator.restartAt(now + (scenario.surfaceView() != null ? scenario.surfaceView().startMs()
                    : scenario.flutter().firstFrameMs()) * 1_000_000L);
        }
        // a FlutterSurfaceView's layer may come after the engine (FlutterSpec#surfaceViewDelayMs)
        long surfaceViewDelayMs = scenario.flutter() == null || scenario.flutter().textureView() ? 0
                : scenario.flutter().surfaceViewDelayMs();
        process = new AppProcess(pid, now, windows, gameGenerator, now + surfaceViewDelayMs * 1_000_000L);
        process.createLayers(version, ids::nextLayerId, ids::hex, packageName, ids.taskId(),
                systemLayers.displayRootId());
    }
}
