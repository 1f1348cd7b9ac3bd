package io.fpsctl.sim.device;

import io.fpsctl.sim.adb.ShellHandler;
import io.fpsctl.sim.device.flutter.VmServiceHost;
import io.fpsctl.sim.device.frames.FlutterFrameGenerator;
import io.fpsctl.sim.device.frames.FlutterTimeline;
import io.fpsctl.sim.device.frames.HwuiFrameGenerator;
import io.fpsctl.sim.device.frames.LayerFrameSource;
import io.fpsctl.sim.device.frames.SurfaceFrameGenerator;
import io.fpsctl.sim.device.frames.TimeSource;
import io.fpsctl.sim.device.frames.VsyncClock;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.sim.device.scenario.FlutterSpec;
import io.fpsctl.sim.device.scenario.RefreshChange;
import io.fpsctl.sim.device.scenario.Scenario;
import io.fpsctl.sim.device.scenario.WindowSpec;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.SplittableRandom;

/**
 * The simulated Android device: one app (running a {@link Scenario}) on a display with a {@link VsyncClock},
 * answering shell commands byte-exact for the emulated {@link AndroidVersion}. Frames are generated lazily up
 * to "now" on every command (or {@link #advance()}), so memory stays flat however long it runs; every frame is
 * reported once final to a {@link FrameObserver} (e.g. {@link TruthWriter}).
 *
 * <p>This class wires the parts and is the public face: {@link AppLifecycle} (package and process),
 * {@link ShellDispatcher} (command dispatch and faults) and one class per command or {@code dumpsys} service:
 * {@code dumpsys gfxinfo <pkg|pid> [framestats] [reset]} ({@link GfxinfoService}), {@code dumpsys SurfaceFlinger
 * [--list | --latency [name] | --latency-clear [name]]} ({@link SurfaceFlingerDump}), {@code dumpsys display}
 * ({@link DisplayDump}), {@code dumpsys package} ({@link PackageDump}), {@code dumpsys window [windows|displays]}
 * ({@link WindowDump}), {@code dumpsys activity [activities]} ({@link ActivityDump}), {@code getprop [key]}
 * ({@link SystemProperties}), {@code ps [-A|-e|-f|-p …]} ({@link PsCommand}), {@code pidof <name>} ({@link Pidof}),
 * {@code service call SurfaceFlinger 1013} ({@link ServiceCommand}), {@code pm list packages [filter]},
 * {@code pm path <pkg>} ({@link PackageManagerCommand}), {@code am force-stop <pkg>}, {@code am start …
 * <pkg>/<activity>}, {@code am broadcast -a ACTION} ({@link ActivityManagerCommand}), {@code monkey -p <pkg> …}
 * ({@link MonkeyCommand}), {@code am instrument …} ({@link AgentInstrumentation}), {@code cat} of the boot id and
 * {@code /proc/uptime} ({@link ProcFiles}), {@code perfetto --background --txt -c - -o FILE}, {@code kill},
 * {@code rm} and {@code cat} of a trace under {@code /data/misc/perfetto-traces} ({@link PerfettoCli},
 * {@link FrameTimelineTraceEncoder}, {@link FileCat}), {@code logcat -d} ({@link LogcatCommand}: a Flutter app's VM service
 * announcement), {@code echo}, {@code true}, {@code false}. Anything else: {@code /system/bin/sh: <cmd>: inaccessible or not found}, exit 127.
 *
 * <p>Faults: {@link #crashApp()}, {@link #stopApp()}, {@link #startApp()}, {@link #uninstallApp()},
 * {@link #installApp()}, {@link #setDumpsysDelayMillis(long)}, {@link #setTruncateDumpsysAt(int)}.
 * Thread-safe: the transport may run commands concurrently.
 */
public final class SimulatedAndroid implements ShellHandler {

    /** {@code dumpsys SurfaceFlinger} (for its period fault). */
    private final SurfaceFlingerDump surfaceFlinger;
    private final AndroidVersion version;
    private final String packageName;
    private final Scenario scenario;
    private final TimeSource time;
    private final VsyncClock clock;
    private final FrameTaps frames;
    private final AppLifecycle app;
    private final AppRuntime runtime = new AppRuntime();
    private final TouchInput touches = new TouchInput();
    private final ShellDispatcher shell;
    private final FrameTimelineRing frameTimeline;
    private volatile InstrumentationStream instrumentation;
    private final ProcFiles procFiles;
    private final PerfettoCli perfetto;
    /** The Flutter app's frames (Flutter scenarios), or null. */
    private final FlutterTimeline flutterTimeline;
    /** Its Dart VM service (profile and debug builds), or null; with the log lines it wrote, newest last. */
    private final VmServiceHost vmService;
    private final java.util.ArrayDeque<VmServiceHost.Incarnation> vmServiceLog = new java.util.ArrayDeque<>();
    private final DeviceFiles files = new DeviceFiles();
    private final ScreenRecordCommand screenRecord;

    private SimulatedAndroid(Scenario scenario, SimOptions options, TimeSource time, FrameObserver observer) {
        this.version = options.android();
        this.packageName = options.packageName();
        this.scenario = options.refreshHz() == null ? scenario : scenario.withRefreshHz(options.refreshHz());
        this.time = time;
        long start = time.nanoTime();
        this.clock = new VsyncClock(start, this.scenario.refreshHz());
        for (RefreshChange c : this.scenario.refreshChanges()) {
            clock.switchRefresh(start + c.atMs() * 1_000_000L, c.hz());
        }
        SplittableRandom root = new SplittableRandom(options.seed());
        SplittableRandom deviceRandom = root.split();
        List<HwuiFrameGenerator> windowGenerators = new ArrayList<>();
        for (WindowSpec w : this.scenario.windows()) {
            HwuiFrameGenerator g = new HwuiFrameGenerator(w.phases(), clock, root.split(),
                    start + w.startMs() * 1_000_000L, w.touchDriven() ? touches : null);
            g.gpuBound(this.scenario.name().equals(Scenarios.GPU_HEAVY)); // docs/metrics.md 14: GPU-bound frames
            windowGenerators.add(g);
        }
        LayerFrameSource gameGenerator = this.scenario.surfaceView() == null ? null
                : new SurfaceFrameGenerator(this.scenario.surfaceView(), clock, root.split(),
                start + this.scenario.surfaceView().startMs() * 1_000_000L);
        if (this.scenario.flutter() != null) {
            // the SurfaceView layer code names and shows the FlutterSurfaceView's layer as it does a game's
            this.flutterTimeline = new FlutterTimeline();
            FlutterFrameGenerator engine = new FlutterFrameGenerator(this.scenario.flutter(), clock, root.split(),
                    flutterTimeline, start + this.scenario.flutter().firstFrameMs() * 1_000_000L,
                    version.hasBlastSurfaceView());
            if (this.scenario.flutter().textureView()) {
                // FlutterTextureView: the activity window composites the engine's frames (docs/metrics.md 16.1)
                windowGenerators.get(0).drawsTexture(engine, FlutterSpec.START_MS * 1_000_000L);
            } else {
                gameGenerator = engine;
            }
        } else {
            this.flutterTimeline = null;
        }
        this.vmService = flutterTimeline != null && this.scenario.flutter().hasVmService()
                ? new VmServiceHost(flutterTimeline, time::nanoTime, this::advance) : null;
        PageFlipCounter pageFlips = new PageFlipCounter(100_000 + root.split().nextInt(900_000));
        this.frames = new FrameTaps(observer, pageFlips);
        DeviceIds ids = new DeviceIds(deviceRandom);
        this.app = new AppLifecycle(version, packageName, this.scenario, time, clock, frames, windowGenerators,
                gameGenerator, ids, start); // the process starts when its generators' first frames count from
        this.frameTimeline = new FrameTimelineRing(version, clock,
                FrameTimelineFaults.forScenario(this.scenario.name()), frames);
        frames.timeline(new FrameTimelineFeed(frameTimeline, app::process));
        this.surfaceFlinger = new SurfaceFlingerDump(version, app::layers, clock, time, frameTimeline);
        AppThreads appThreads = new AppThreads(version, packageName, () -> this.app.process());
        frames.add(appThreads);
        appThreads.named(this.scenario.threads());
        if (flutterTimeline != null) {
            appThreads.flutter(flutterTimeline, this.scenario.flutter().mergedUiThread());
        }
        DeviceThermals thermals = DeviceThermals.forScenario(this.scenario.name(), start);
        DeviceLoadFiles loadFiles = new DeviceLoadFiles(version, options.gpu(), this.scenario.name());
        frames.add(loadFiles);
        KernelFiles kernel = new KernelFiles(version, app, appThreads, thermals, loadFiles);
        Map<String, DumpsysService> services = new java.util.HashMap<>(Map.of(
                "gfxinfo", new GfxinfoService(version, app, time),
                "SurfaceFlinger", surfaceFlinger,
                "display", new DisplayDump(version, clock, time),
                "package", new PackageDump(app, runtime),
                "window", new WindowDump(version, app, ids.taskId()),
                "activity", new ActivityDump(version, app, ids.taskId()),
                "meminfo", new MeminfoService(version, app, time),
                "battery", new BatteryDumpService(version, thermals, time)));
        services.put("gpu", new GpuWorkService(version, loadFiles, time, frames::load)); // docs/metrics.md 14 rule 10
        AppUidStatsService.register(services, version, loadFiles, time, frames::load); // docs/metrics.md 14 rule 11
        if (version.major() >= 10) { // ThermalManagerService is new in Android 10
            services.put("thermalservice", new ThermalService(version, thermals, time, this.scenario.sensors()));
        }
        ProcessTable processes = new ProcessTable(version, app);
        this.procFiles = new ProcFiles(time, kernel, frames::resources, frames::load);
        this.perfetto = new PerfettoCli(version, time, new FrameTimelineTraceEncoder(version, processes, time));
        frameTimeline.traceTo(perfetto::displayFrame);
        this.shell = new ShellDispatcher(this, this::advance, this::instrumentationFor)
                .register("dumpsys", new Dumpsys(services))
                .register("getprop", new SystemProperties(version, this.scenario.properties()))
                .register("uname", new Uname(version))
                .register("pidof", new Pidof(processes, time))
                .register("ps", new PsCommand(version, processes, time))
                .register("service", new ServiceCommand(version, pageFlips))
                .register("pm", new PackageManagerCommand(app))
                .register("am", new ActivityManagerCommand(app, runtime))
                .register("monkey", new MonkeyCommand(version, app, runtime))
                .register("wm", new WindowManagerCommand())
                .register("input", new InputCommand(touches, time::nanoTime))
                .register("cat", new FileCat(procFiles, perfetto.files()))
                .register("perfetto", this.scenario.toolErrors().containsKey("perfetto")
                        ? (args, stdin) -> StreamCommand.Reply.of(new ShellReply("",
                                this.scenario.toolErrors().get("perfetto") + "\n", 1))
                        : perfetto.perfetto())
                .register("kill", perfetto.kill())
                .register("rm", perfetto.rm())
                .register("grep", new FileGrep(time, kernel, frames::load))
                .register("logcat", new LogcatCommand(this::vmServiceLog));
        // the realtime-minus-uptime gap GfxinfoFormatter prints (12 345 ms "asleep" since boot)
        this.screenRecord = new ScreenRecordCommand(version, time, this, this::advance, files, 12_345_000_000L);
        screenRecord.setFailure(this.scenario.toolErrors().get("screenrecord"));
        frames.add(screenRecord);
        shell.screenRecording(screenRecord, files);
    }

    /** Lowers screenrecord's per-file limit (AOSP: 180 s) so tests can chain files in seconds. */
    public void setScreenRecordLimitSeconds(int seconds) {
        screenRecord.setMaxLimitSeconds(seconds);
    }

    /**
     * How many screenrecord recordings have started on this device: a test waits on it for a chain of files instead
     * of for a time that a loaded machine may not give (the simulator's software encoder competes for the CPU).
     */
    public int screenRecordingsStarted() {
        return screenRecord.started();
    }

    /** A device without {@code screenrecord} (or whose display cannot be recorded): the command is not found. */
    public void setScreenRecordUnavailable(boolean unavailable) {
        screenRecord.setUnavailable(unavailable);
    }

    /** A device without an AVC encoder: screenrecord prints AOSP's ERROR line, leaves an empty file and exits 0. */
    public void setScreenRecordNoEncoder(boolean noEncoder) {
        screenRecord.setNoEncoder(noEncoder);
    }

    /** The device dies: running recordings end without moov (as on SIGKILL); its files are gone with it. */
    public void shutDown() {
        screenRecord.killAll();
        files.close();
    }

    /** This boot's id ({@code /proc/sys/kernel/random/boot_id}); a new simulated device is a new boot. */
    public String bootId() {
        return procFiles.bootId();
    }

    /**
     * Builds a device.
     *
     * @param scenario what the app does (see {@link io.fpsctl.sim.device.scenario.Scenarios})
     * @param options  Android version, refresh override, seed, package
     * @param time     device clock ({@link io.fpsctl.sim.device.frames.SystemTimeSource} live,
     *                 {@link io.fpsctl.sim.device.frames.ManualTimeSource} in tests)
     * @param observer receives every final frame (a {@link TruthWriter}), or null
     */
    public static SimulatedAndroid create(Scenario scenario, SimOptions options, TimeSource time, FrameObserver observer) {
        return new SimulatedAndroid(scenario, options, time, observer);
    }

    // ---- public state and faults ----------------------------------------------------------------------

    public AndroidVersion version() {
        return version;
    }

    public String packageName() {
        return packageName;
    }

    public VsyncClock clock() {
        return clock;
    }

    /** Current device monotonic time. */
    public long now() {
        return time.nanoTime();
    }

    /** Generates everything up to now and flushes the observer (call periodically when nobody polls). */
    public synchronized void advance() {
        app.advance();
        frameTimeline.advanceTo(time.nanoTime());
        perfetto.advanceTo(time.nanoTime());
        syncVmService();
    }

    /** Fault: {@code traced} stops (false) or runs again (true); a {@code perfetto} started meanwhile writes nothing. */
    public synchronized void setTracedRunning(boolean running) {
        perfetto.setTracedRunning(running);
    }

    /** A new app process starts a new VM service (new port and token, one more log line); a dead one has none. */
    private void syncVmService() {
        if (vmService == null) {
            return;
        }
        AppProcess process = app.process();
        VmServiceHost.Incarnation running = vmService.current();
        if (process == null) {
            if (running != null) {
                vmService.stop();
            }
        } else if (running == null || running.pid() != process.pid()) {
            vmServiceLog.addLast(vmService.start(process.pid()));
            while (vmServiceLog.size() > 16) { // the log ring forgets old lines (bounded here)
                vmServiceLog.removeFirst();
            }
        }
    }

    private synchronized List<VmServiceHost.Incarnation> vmServiceLog() {
        return List.copyOf(vmServiceLog);
    }

    /** The running Dart VM service of the Flutter app (profile and debug builds), or null. */
    public synchronized VmServiceHost.Incarnation vmService() {
        advance();
        return vmService == null ? null : vmService.current();
    }

    /** adbd's {@code tcp:<port>}: the device's loopback; only the Flutter app's VM service listens there. */
    @Override
    public java.net.Socket connectTcp(int port) throws IOException {
        VmServiceHost host;
        synchronized (this) {
            advance();
            host = vmService;
        }
        if (host == null) {
            throw new java.net.ConnectException("Connection refused");
        }
        return host.connectTcp(port);
    }

    /** Device time the running app's process started, or empty. */
    public synchronized java.util.OptionalLong appStartedAt() {
        AppProcess process = app.process();
        return process == null ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(process.startedAt());
    }

    /** Pid of the running app. */
    public synchronized OptionalInt pid() {
        AppProcess process = app.process();
        return process == null ? OptionalInt.empty() : OptionalInt.of(process.pid());
    }

    public synchronized boolean isRunning() {
        return app.process() != null;
    }

    /** SurfaceFlinger name of the buffer layer of window {@code index} (hwui frames), or null if not running. */
    public synchronized String windowLayerName(int index) {
        AppProcess process = app.process();
        return process == null ? null : process.windowLayerName(process.windows().get(index));
    }

    /** SurfaceFlinger name of the SurfaceView game layer, or null. */
    public synchronized String surfaceViewLayerName() {
        AppProcess process = app.process();
        return process == null ? null : process.surfaceViewLayerName();
    }

    /** The app crashes and is restarted at once: new pid, new windows and layers, empty rings and stats. */
    public synchronized void crashApp() {
        app.crash();
    }

    /** The app is stopped (force-stop): gfxinfo says {@code No process found}, its layers disappear. */
    public synchronized void stopApp() {
        app.stop();
    }

    /** Starts the app if installed and not running. */
    public synchronized void startApp() {
        app.start();
    }

    /** Stops and uninstalls the app. */
    public synchronized void uninstallApp() {
        app.uninstall();
    }

    /** Installs the app again (not started). */
    public synchronized void installApp() {
        app.install();
    }

    /** Every {@code dumpsys} answer is delayed by this much (0 = off). */
    public void setDumpsysDelayMillis(long ms) {
        shell.setDumpsysDelayMillis(ms);
    }

    /**
     * A fault, not Android: {@code dumpsys SurfaceFlinger --latency} prints {@code ns} as its refresh period line
     * instead of the display's (0 = off), e.g. 2, which no display has (docs/metrics.md section 12).
     */
    public void setLatencyPeriodFault(long ns) {
        surfaceFlinger.setPeriodFault(ns);
    }

    /**
     * A fault SurfaceFlinger really shows: every {@code every}-th {@code dumpsys SurfaceFlinger --list / --latency /
     * --frametimeline} that takes its state lock on this version times out on it and begins with the lock-timeout
     * warning line (0 = off; see SurfaceFlingerDump#lockWarning for the text per version).
     */
    public void setSurfaceFlingerLockTimeoutEvery(int every) {
        surfaceFlinger.setLockTimeoutEvery(every);
    }

    /** How many SurfaceFlinger dumps began with the lock-timeout warning so far. */
    public long surfaceFlingerLockTimeouts() {
        return surfaceFlinger.lockTimeouts();
    }

    /**
     * A fault, not Android: every {@code am broadcast} fails (exit 1) and reaches nobody, e.g. fpsctl's heartbeat
     * to the agent, which then detaches by itself after three missed periods.
     */
    public void setBroadcastsLost(boolean lost) {
        runtime.setBroadcastsLost(lost);
    }

    /** Every {@code dumpsys} answer is cut after this many bytes (negative = off). */
    public void setTruncateDumpsysAt(int bytes) {
        shell.setTruncateDumpsysAt(bytes);
    }

    /**
     * Replaces what {@code am instrument} prints; null restores the built-in behaviour: the fpsctl agent
     * ({@code io.fpsctl.agent/.FpsctlAgent}) streams while {@link #setAgentInstalled agent is installed}, any
     * other instrumentation is {@link FailedInstrumentation not installed}.
     */
    public void setInstrumentation(InstrumentationStream stream) {
        this.instrumentation = stream;
    }

    /** Whether the fpsctl agent is installed (default true, so {@code --source agent} works against the sim). */
    public void setAgentInstalled(boolean installed) {
        app.setAgentInstalled(installed);
    }

    public boolean isAgentInstalled() {
        return app.isAgentInstalled();
    }

    /** The app's {@code targetSdkVersion} (what {@code dumpsys package} shows and the agent's rules depend on). */
    public int appTargetSdk() {
        return runtime.targetSdk();
    }

    public void setAppTargetSdk(int targetSdk) {
        runtime.setTargetSdk(targetSdk);
    }

    /**
     * Whether the fpsctl agent is inside the app's process now: from {@code am instrument} until it detaches
     * (stop broadcast) or the process ends. Closing the {@code am instrument} stream alone does not detach it.
     */
    public boolean agentAttached() {
        return runtime.agentAttached() && isRunning();
    }

    void setAgentAttached(boolean attached) {
        runtime.setAgentAttached(attached);
    }

    /** Swipes injected so far with {@code input swipe}. */
    public long swipes() {
        return touches.swipes();
    }

    /** Whether a finger is on the screen at device time {@code t} (a swipe's drag or a tap; not the fling). */
    boolean fingerDownAt(long t) {
        return touches.fingerDown(t);
    }

    /** Whether the app's windows render only while touched (the {@code scroll} scenario). */
    boolean touchDriven() {
        return scenario.windows().stream().anyMatch(WindowSpec::touchDriven);
    }

    /** Activities launched so far ({@code am start}, {@code monkey}): the agent reports frames only after one. */
    public long launches() {
        return runtime.launches();
    }

    /** The app registers a runtime broadcast receiver for {@code action} (the agent's stop receiver). */
    void registerReceiver(String action, Runnable receiver) {
        runtime.register(action, receiver);
    }

    void unregisterReceiver(String action, Runnable receiver) {
        runtime.unregister(action, receiver);
    }

    /** {@code am instrument} force-stops the target and starts a fresh process with the instrumentation in it. */
    synchronized void restartForInstrumentation() {
        app.stop();
        app.start();
    }

    /** Adds an observer of every hwui frame from now on (the simulated agent). */
    void addFrameTap(FrameObserver tap) {
        frames.add(tap);
    }

    void removeFrameTap(FrameObserver tap) {
        frames.remove(tap);
    }

    private InstrumentationStream instrumentationFor(List<String> args) {
        InstrumentationStream set = instrumentation;
        if (set != null) {
            return set;
        }
        boolean agent = FailedInstrumentation.component(args).equals(AgentInstrumentation.COMPONENT);
        return agent && app.isAgentInstalled() && isRunningOrStartable() ? new AgentInstrumentation(this)
                : new FailedInstrumentation();
    }

    /** am instrument restarts the target app with the instrumentation attached: start it if needed. */
    private synchronized boolean isRunningOrStartable() {
        app.start();
        return app.process() != null;
    }

    // ---- shell ----------------------------------------------------------------------------------------

    /**
     * Every command line the shell received, exactly as it arrived, oldest first (the most recent 10,000): what
     * tests read to see that a typed value reached the device quoted and nothing else ran.
     */
    public List<String> receivedCommandLines() {
        return shell.receivedCommandLines();
    }

    @Override
    public int run(String commandLine, OutputStream stdout, OutputStream stderr) throws IOException {
        return shell.run(commandLine, stdout, stderr);
    }

    @Override
    public int run(String commandLine, java.io.InputStream stdin, OutputStream stdout, OutputStream stderr)
            throws IOException {
        return shell.run(commandLine, stdin, stdout, stderr);
    }
}
