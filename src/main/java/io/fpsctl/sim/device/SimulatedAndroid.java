package io.fpsctl.sim.device;

import io.fpsctl.sim.ShellHandler;
import io.fpsctl.sim.device.frames.HwuiFrameGenerator;
import io.fpsctl.sim.device.frames.SurfaceFrameGenerator;
import io.fpsctl.sim.device.frames.TimeSource;
import io.fpsctl.sim.device.frames.VsyncClock;
import io.fpsctl.sim.device.scenario.RefreshChange;
import io.fpsctl.sim.device.scenario.Scenario;
import io.fpsctl.sim.device.scenario.WindowSpec;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The simulated Android device: one app (running a {@link Scenario}) on a display with a {@link VsyncClock},
 * answering shell commands byte-exact for the emulated {@link AndroidVersion}. Frames are generated lazily up
 * to "now" on every command (or {@link #advance()}), so memory stays flat however long it runs; every frame is
 * reported once final to a {@link FrameObserver} (e.g. {@link TruthWriter}).
 *
 * <p>Commands: {@code dumpsys gfxinfo <pkg|pid> [framestats] [reset]}, {@code dumpsys SurfaceFlinger --list |
 * --latency [name] | --latency-clear [name]}, {@code dumpsys display}, {@code getprop [key]},
 * {@code pidof <pkg>}, {@code pm list packages [filter]}, {@code pm path <pkg>}, {@code am instrument …},
 * {@code am force-stop <pkg>}, {@code am start … <pkg>/<activity>}, {@code echo}, {@code true}, {@code false}.
 * Anything else: {@code /system/bin/sh: <cmd>: inaccessible or not found}, exit 127.
 *
 * <p>Faults: {@link #crashApp()}, {@link #stopApp()}, {@link #startApp()}, {@link #uninstallApp()},
 * {@link #installApp()}, {@link #setDumpsysDelayMillis(long)}, {@link #setTruncateDumpsysAt(int)}.
 * Thread-safe: the transport may run commands concurrently.
 */
public final class SimulatedAndroid implements ShellHandler {

    /** The only APK fpsctl installs: its agent. The simulator cannot read an APK's manifest, so any install is it. */
    static final String AGENT_PACKAGE = "io.fpsctl.agent";
    /** {@code Signature.hashCode()} of the simulated app's certificate (a release key: no developer's key matches). */
    static final String APP_SIGNATURE_HASH = "5e3c1f2a";

    private static final String[] SYSTEM_PACKAGES = {"android", "com.android.systemui", "com.android.settings",
            "com.android.shell", "com.android.launcher3", "com.google.android.webview"};

    private final AndroidVersion version;
    private final String packageName;
    private final Scenario scenario;
    private final TimeSource time;
    private final VsyncClock clock;
    private final FrameObserver observer;
    private final SplittableRandom deviceRandom;
    private final List<HwuiFrameGenerator> windowGenerators = new ArrayList<>();
    private final SurfaceFrameGenerator gameGenerator;
    private final GfxinfoFormatter gfxinfo;
    private final SurfaceFlingerDump surfaceFlinger;
    private final FrameTimelineRing frameTimeline;
    private final List<SfLayer> systemLayersBelow = new ArrayList<>();
    private final List<SfLayer> systemLayersAbove = new ArrayList<>();
    private final String apkDir;
    private final int taskId;
    private int displayRootId = -1;
    private int nextLayerId;
    private int nextPid;

    private boolean installed = true;
    private AppProcess process;
    private volatile long dumpsysDelayMillis;
    private volatile int truncateDumpsysAt = -1;
    private volatile InstrumentationStream instrumentation;
    /**
     * Whether {@value #AGENT_PACKAGE} is installed ({@code cmd package install} / {@code pm install} /
     * {@code pm uninstall}); the simulated device comes with the agent installed so {@code --source agent} works.
     */
    private volatile boolean agentInstalled = true;
    private final List<FrameObserver> taps = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final FrameObserver fanOut = new FrameObserver() {
        @Override
        public void hwuiFrame(int windowIndex, String title, io.fpsctl.sim.device.frames.HwuiFrame frame) {
            observer.hwuiFrame(windowIndex, title, frame);
            AppWindow w = process.windows().get(windowIndex);
            String layer = process.windowLayerName(w);
            frameTimeline.hwuiFrame(process.pid(), w.layerKey(), layer, layerId(layer), frame);
            for (FrameObserver t : taps) {
                t.hwuiFrame(windowIndex, title, frame);
            }
        }

        @Override
        public void layerFrame(String layerKey, long periodNs, io.fpsctl.sim.device.frames.LayerFrame frame) {
            observer.layerFrame(layerKey, periodNs, frame);
            if (layerKey.equals("surfaceview")) {
                String layer = process.surfaceViewLayerName();
                frameTimeline.gameFrame(process.pid(), layer, layerId(layer), frame);
            }
        }

        @Override
        public void surfaceFrame(String layerKey, long token, int ownerPid, String presentState, String jankType) {
            observer.surfaceFrame(layerKey, token, ownerPid, presentState, jankType);
        }

        @Override
        public void flush() {
            observer.flush();
        }
    };

    private SimulatedAndroid(Scenario scenario, SimOptions options, TimeSource time, FrameObserver observer) {
        this.version = options.android();
        this.packageName = options.packageName();
        this.scenario = options.refreshHz() == null ? scenario : scenario.withRefreshHz(options.refreshHz());
        this.time = time;
        this.observer = observer == null ? FrameObserver.NONE : observer;
        long start = time.nanoTime();
        this.clock = new VsyncClock(start, this.scenario.refreshHz());
        for (RefreshChange c : this.scenario.refreshChanges()) {
            clock.switchRefresh(start + c.atMs() * 1_000_000L, c.hz());
        }
        SplittableRandom root = new SplittableRandom(options.seed());
        this.deviceRandom = root.split();
        for (WindowSpec w : this.scenario.windows()) {
            windowGenerators.add(new HwuiFrameGenerator(w.phases(), clock, root.split(), start + w.startMs() * 1_000_000L));
        }
        this.gameGenerator = this.scenario.surfaceView() == null ? null
                : new SurfaceFrameGenerator(this.scenario.surfaceView(), clock, root.split(),
                start + this.scenario.surfaceView().startMs() * 1_000_000L);
        this.gfxinfo = new GfxinfoFormatter(version);
        this.surfaceFlinger = new SurfaceFlingerDump(version);
        this.frameTimeline = new FrameTimelineRing(version, clock, FrameTimelineFaults.forScenario(this.scenario.name()),
                fanOut);
        this.nextLayerId = 40 + deviceRandom.nextInt(200);
        this.nextPid = 2000 + deviceRandom.nextInt(20000);
        this.taskId = 10 + deviceRandom.nextInt(900);
        this.apkDir = version.hasRandomizedApkPath()
                ? "/data/app/~~" + token(22) + "==/" + packageName + "-" + token(22) + "=="
                : "/data/app/" + packageName + "-1";
        createSystemLayers();
        startProcess(start, false);
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

    /** The scenario in effect (with the refresh override applied). */
    public Scenario scenario() {
        return scenario;
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
        long now = time.nanoTime();
        if (process != null) {
            process.advanceTo(now, version, clock, fanOut);
        }
        frameTimeline.advanceTo(now);
        observer.flush();
    }

    /** Pid of the running app. */
    public synchronized OptionalInt pid() {
        return process == null ? OptionalInt.empty() : OptionalInt.of(process.pid());
    }

    public synchronized boolean isRunning() {
        return process != null;
    }

    public synchronized boolean isInstalled() {
        return installed;
    }

    /** SurfaceFlinger name of the buffer layer of window {@code index} (hwui frames), or null if not running. */
    public synchronized String windowLayerName(int index) {
        return process == null ? null : process.windowLayerName(process.windows().get(index));
    }

    /** SurfaceFlinger name of the SurfaceView game layer, or null. */
    public synchronized String surfaceViewLayerName() {
        return process == null ? null : process.surfaceViewLayerName();
    }

    /** The app crashes and is restarted at once: new pid, new windows and layers, empty rings and stats. */
    public synchronized void crashApp() {
        advance();
        if (process != null) {
            process.die();
        }
        if (installed) {
            startProcess(time.nanoTime(), true);
        }
    }

    /** The app is stopped (force-stop): gfxinfo says {@code No process found}, its layers disappear. */
    public synchronized void stopApp() {
        advance();
        if (process != null) {
            process.die();
            process = null;
        }
    }

    /** Starts the app if installed and not running. */
    public synchronized void startApp() {
        if (installed && process == null) {
            startProcess(time.nanoTime(), true);
        }
    }

    /** Stops and uninstalls the app. */
    public synchronized void uninstallApp() {
        stopApp();
        installed = false;
    }

    /** Installs the app again (not started). */
    public synchronized void installApp() {
        installed = true;
    }

    /** Every {@code dumpsys} answer is delayed by this much (0 = off). */
    public void setDumpsysDelayMillis(long ms) {
        this.dumpsysDelayMillis = Math.max(0, ms);
    }

    /** Every {@code dumpsys} answer is cut after this many bytes (negative = off). */
    public void setTruncateDumpsysAt(int bytes) {
        this.truncateDumpsysAt = bytes;
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
        this.agentInstalled = installed;
    }

    public boolean isAgentInstalled() {
        return agentInstalled;
    }

    /** Adds an observer of every hwui frame from now on (the simulated agent). */
    void addFrameTap(FrameObserver tap) {
        taps.add(tap);
    }

    void removeFrameTap(FrameObserver tap) {
        taps.remove(tap);
    }

    private InstrumentationStream instrumentationFor(List<String> args) {
        InstrumentationStream set = instrumentation;
        if (set != null) {
            return set;
        }
        boolean agent = FailedInstrumentation.component(args).equals(AgentInstrumentation.COMPONENT);
        return agent && agentInstalled && isRunningOrStartable() ? new AgentInstrumentation(this)
                : new FailedInstrumentation();
    }

    /** am instrument restarts the target app with the instrumentation attached: start it if needed. */
    private synchronized boolean isRunningOrStartable() {
        startApp();
        return process != null;
    }

    // ---- shell ----------------------------------------------------------------------------------------

    private record Reply(String out, String err, int exit) {
        static Reply ok(String out) {
            return new Reply(out, "", 0);
        }
    }

    @Override
    public int run(String commandLine, OutputStream stdout, OutputStream stderr) throws IOException {
        List<String> words = CommandLine.split(commandLine);
        if (words.isEmpty()) {
            return 0;
        }
        String cmd = words.get(0);
        for (String dir : new String[] {"/system/bin/", "/system/xbin/", "/vendor/bin/"}) {
            if (cmd.startsWith(dir)) {
                cmd = cmd.substring(dir.length());
            }
        }
        List<String> args = words.subList(1, words.size());
        if (cmd.equals("am") && !args.isEmpty() && args.get(0).equals("instrument")) {
            List<String> instrumentArgs = List.copyOf(args.subList(1, args.size()));
            return instrumentationFor(instrumentArgs).run(instrumentArgs, stdout, stderr);
        }
        Reply reply;
        synchronized (this) {
            advance();
            reply = dispatch(cmd, args);
        }
        byte[] out = reply.out.getBytes(StandardCharsets.UTF_8);
        if (cmd.equals("dumpsys")) {
            long delay = dumpsysDelayMillis;
            if (delay > 0) {
                try {
                    Thread.sleep(delay);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            int cut = truncateDumpsysAt;
            if (cut >= 0 && cut < out.length) {
                out = Arrays.copyOf(out, cut);
            }
        }
        stdout.write(out);
        stderr.write(reply.err.getBytes(StandardCharsets.UTF_8));
        stdout.flush();
        stderr.flush();
        return reply.exit;
    }

    private Reply dispatch(String cmd, List<String> args) {
        switch (cmd) {
            case "dumpsys":
                return dumpsys(args);
            case "getprop":
                return getprop(args);
            case "pidof":
                return pidof(args);
            case "pm":
                return pm(args);
            case "cmd":
                // dadb streams the APK to 'cmd package install -S <size>' when the device has the 'cmd' feature
                return !args.isEmpty() && args.get(0).equals("package") ? pm(args.subList(1, args.size()))
                        : new Reply("", "cmd: Can't find service: " + (args.isEmpty() ? "" : args.get(0)) + "\n", 20);
            case "am":
                return am(args);
            case "echo":
                return Reply.ok(String.join(" ", args) + "\n");
            case "true":
                return Reply.ok("");
            case "false":
                return new Reply("", "", 1);
            default:
                return new Reply("", "/system/bin/sh: " + cmd + ": inaccessible or not found\n", 127);
        }
    }

    private Reply dumpsys(List<String> args) {
        if (args.isEmpty()) {
            return Reply.ok("Currently running services:\n  SurfaceFlinger\n  activity\n  display\n  gfxinfo\n"
                    + "  package\n");
        }
        List<String> rest = args.subList(1, args.size());
        switch (args.get(0)) {
            case "gfxinfo":
                return Reply.ok(dumpGfxinfo(rest));
            case "SurfaceFlinger":
                return Reply.ok(dumpSurfaceFlinger(rest));
            case "display":
                return Reply.ok(dumpDisplay());
            case "package":
                return Reply.ok(dumpPackage(rest));
            default:
                return new Reply("", "Can't find service: " + args.get(0) + "\n", 0);
        }
    }

    /** {@code dumpsys package <pkg>}: the lines fpsctl reads (signatures), for the app when installed. */
    private String dumpPackage(List<String> args) {
        if (args.isEmpty() || !args.get(0).equals(packageName) || !installed) {
            return "";
        }
        return "Packages:\n  Package [" + packageName + "] (4b1d2e7):\n    userId=10123\n"
                + "    pkg=Package{8c0f3a1 " + packageName + "}\n    codePath=" + apkDir + "\n"
                + "    versionCode=1 minSdk=24 targetSdk=34\n"
                + "    signatures=PackageSignatures{1f2e3d4 version:3, signatures:[" + APP_SIGNATURE_HASH
                + "], past signatures:[]}\n";
    }


    private String dumpGfxinfo(List<String> args) {
        long now = time.nanoTime();
        boolean all = args.isEmpty() || args.get(0).startsWith("-");
        boolean framestats = args.isEmpty();
        boolean reset = false;
        for (String a : args) {
            if (a.equals("framestats")) {
                framestats = true;
            } else if (a.equals("reset")) {
                reset = true;
            } else if (a.equals("-a")) {
                framestats = true;
            }
        }
        boolean match = process != null
                && (all || args.get(0).equals(packageName) || args.get(0).equals(String.valueOf(process.pid())));
        if (!match && !all) {
            return "No process found for: " + args.get(0) + "\n";
        }
        StringBuilder sb = new StringBuilder(64 * 1024);
        gfxinfo.appendHeader(sb, now);
        if (match) {
            gfxinfo.appendProcess(sb, process, packageName, now, framestats);
            if (reset) {
                process.resetStats(now);
            }
        }
        return sb.toString();
    }

    private String dumpSurfaceFlinger(List<String> args) {
        long now = time.nanoTime();
        List<SfLayer> layers = layers();
        String opt = args.isEmpty() ? "" : args.get(0);
        String name = args.size() > 1 ? args.get(1) : null;
        switch (opt) {
            case "--list":
                return surfaceFlinger.list(layers);
            case "--latency":
                return surfaceFlinger.latency(layers, name, clock.periodAt(now), now);
            case "--latency-clear":
                surfaceFlinger.clear(layers, name, now);
                return "";
            case "--frametimeline":
                if (frameTimeline.supported()) {
                    return frameTimeline.dump(args.subList(1, args.size()), now);
                }
                break;
            default:
                break;
        }
        return String.format(Locale.ROOT, "refresh-rate              : %.6f fps", 1e9 / clock.periodAt(now)) + "\n";
    }

    /** Sequence id of the running process's layer {@code name}, −1 if unknown. */
    private int layerId(String name) {
        for (SfLayer l : process.layers()) {
            if (l.name().equals(name)) {
                return l.id();
            }
        }
        return -1;
    }

    private String dumpDisplay() {
        long now = time.nanoTime();
        TreeSet<Integer> rates = new TreeSet<>(clock.refreshRates());
        rates.add(60);
        int current = clock.refreshHzAt(now);
        List<Integer> modes = new ArrayList<>(rates);
        StringBuilder m = new StringBuilder();
        for (int i = 0; i < modes.size(); i++) {
            if (i > 0) {
                m.append(", ");
            }
            String fps = Float.toString(modes.get(i).floatValue());
            m.append("{id=").append(i + 1).append(", width=1080, height=2400, fps=").append(fps)
                    .append(", vsync=").append(fps).append(", alternativeRefreshRates=[");
            boolean first = true;
            for (Integer other : modes) {
                if (!other.equals(modes.get(i))) {
                    m.append(first ? "" : ", ").append(Float.toString(other.floatValue()));
                    first = false;
                }
            }
            m.append("], supportedHdrTypes=[]}");
        }
        int modeId = modes.indexOf(current) + 1;
        return "DISPLAY MANAGER (dumpsys display)\n"
                + "  mOnlyCore=false\n"
                + "  mSafeMode=false\n"
                + "\n"
                + "Display Devices: size=1\n"
                + "  DisplayDeviceInfo{\"Built-in Screen\": uniqueId=\"local:4619827535830457088\", 1080 x 2400, modeId "
                + modeId + ", renderFrameRate " + Float.toString((float) current) + ", defaultModeId 1, supportedModes ["
                + m + "], colorMode 0, supportedColorModes [0], density 420, 411.0 x 411.0 dpi, appVsyncOff 1000000, "
                + "presDeadline " + (clock.periodAt(now) - 1_000_000L) + ", touch INTERNAL, rotation 0, type INTERNAL, "
                + "state ON, FLAG_ALLOWED_TO_BE_DEFAULT_DISPLAY, FLAG_ROTATES_WITH_CONTENT, FLAG_SECURE, "
                + "FLAG_SUPPORTS_PROTECTED_BUFFERS}\n"
                + "    mAdapter=LocalDisplayAdapter\n"
                + "    mUniqueId=local:4619827535830457088\n"
                + "    mActiveModeId=" + modeId + "\n";
    }

    private Reply getprop(List<String> args) {
        Map<String, String> props = properties();
        if (args.isEmpty()) {
            StringBuilder sb = new StringBuilder();
            props.forEach((k, v) -> sb.append('[').append(k).append("]: [").append(v).append("]\n"));
            return Reply.ok(sb.toString());
        }
        return Reply.ok(props.getOrDefault(args.get(0), args.size() > 1 ? args.get(1) : "") + "\n");
    }

    private Map<String, String> properties() {
        Map<String, String> p = new TreeMap<>();
        p.put("ro.build.version.sdk", String.valueOf(version.sdk()));
        p.put("ro.build.version.release", version.release());
        p.put("ro.product.model", "Sim");
        p.put("ro.product.name", "sim");
        p.put("ro.product.device", "sim");
        p.put("ro.product.manufacturer", "fpsctl");
        p.put("ro.debuggable", "1");
        p.put("ro.build.type", "userdebug");
        p.put("sys.boot_completed", "1");
        return p;
    }

    private Reply pidof(List<String> args) {
        List<String> pids = new ArrayList<>();
        for (String a : args) {
            if (process != null && a.equals(packageName)) {
                pids.add(String.valueOf(process.pid()));
            }
        }
        if (pids.isEmpty()) {
            return new Reply("", "", 1);
        }
        return Reply.ok(String.join(" ", pids) + "\n");
    }

    private Reply pm(List<String> args) {
        if (args.size() >= 2 && args.get(0).equals("list") && args.get(1).equals("packages")) {
            boolean thirdParty = args.contains("-3");
            boolean system = args.contains("-s");
            String filter = "";
            for (String a : args.subList(2, args.size())) {
                if (!a.startsWith("-")) {
                    filter = a;
                }
            }
            StringBuilder sb = new StringBuilder();
            if (!thirdParty) {
                for (String s : SYSTEM_PACKAGES) {
                    if (s.contains(filter)) {
                        sb.append("package:").append(s).append('\n');
                    }
                }
            }
            if (installed && !system && packageName.contains(filter)) {
                sb.append("package:").append(packageName).append('\n');
            }
            if (agentInstalled && !system && AGENT_PACKAGE.contains(filter)) {
                sb.append("package:").append(AGENT_PACKAGE).append('\n');
            }
            return Reply.ok(sb.toString());
        }
        if (!args.isEmpty() && args.get(0).equals("install")) {
            agentInstalled = true;
            return Reply.ok("Success\n");
        }
        if (args.size() >= 2 && args.get(0).equals("uninstall")) {
            String pkg = args.get(args.size() - 1);
            if (pkg.equals(AGENT_PACKAGE) && agentInstalled) {
                agentInstalled = false;
                return Reply.ok("Success\n");
            }
            if (pkg.equals(packageName) && installed) {
                uninstallApp();
                return Reply.ok("Success\n");
            }
            return new Reply("Failure [DELETE_FAILED_INTERNAL_ERROR]\n", "", 1);
        }
        if (args.size() >= 2 && args.get(0).equals("path")) {
            if (installed && args.get(1).equals(packageName)) {
                return Reply.ok("package:" + apkDir + "/base.apk\n");
            }
            return new Reply("", "", 1);
        }
        return new Reply("", "Unknown command: " + (args.isEmpty() ? "" : args.get(0)) + "\n", 1);
    }

    private Reply am(List<String> args) {
        String sub = args.isEmpty() ? "" : args.get(0);
        if (sub.equals("force-stop")) {
            if (args.size() > 1 && args.get(1).equals(packageName)) {
                stopApp();
            }
            return Reply.ok("");
        }
        if (sub.equals("start") || sub.equals("start-activity")) {
            for (String a : args) {
                if (a.startsWith(packageName + "/")) {
                    if (!installed) {
                        return new Reply("Starting: Intent { cmp=" + a + " }\n",
                                "Error type 3\nError: Activity class {" + a + "} does not exist.\n", 1);
                    }
                    startApp();
                    return Reply.ok("Starting: Intent { cmp=" + a + " }\n");
                }
            }
            return new Reply("", "Error: Activity not started, unable to resolve Intent\n", 1);
        }
        return new Reply("", "Unknown command: " + sub + "\n", 1);
    }

    // ---- process and layers ---------------------------------------------------------------------------

    private void startProcess(long now, boolean restart) {
        int pid = nextPid;
        nextPid += 1 + deviceRandom.nextInt(60);
        List<AppWindow> windows = new ArrayList<>();
        for (int i = 0; i < scenario.windows().size(); i++) {
            WindowSpec spec = scenario.windows().get(i);
            HwuiFrameGenerator gen = windowGenerators.get(i);
            if (restart) {
                gen.restartAt(now + spec.startMs() * 1_000_000L);
            }
            windows.add(new AppWindow(i, spec, spec.titleFor(packageName), hex(), gen, now));
        }
        if (restart && gameGenerator != null) {
            gameGenerator.restartAt(now + scenario.surfaceView().startMs() * 1_000_000L);
        }
        process = new AppProcess(pid, now, windows, gameGenerator);
        process.createLayers(version, () -> nextLayerId++, this::hex, packageName, taskId, displayRootId);
    }

    private void createSystemLayers() {
        if (version.hasLayerSuffix()) {
            displayRootId = addSystem(systemLayersBelow, "Display Root", -1);
        }
        addSystem(systemLayersBelow, "com.android.systemui.ImageWallpaper", displayRootId);
        addSystem(systemLayersAbove, "StatusBar", displayRootId);
        addSystem(systemLayersAbove, version.major() >= 10 ? "NavigationBar0" : "NavigationBar", displayRootId);
    }

    private int addSystem(List<SfLayer> into, String base, int parent) {
        int id = nextLayerId++;
        String name = !version.hasLayerSuffix() ? base
                : version.hasSequenceLayerSuffix() ? base + "#" + id : base + "#0";
        into.add(new SfLayer(name, id, parent, null));
        return id;
    }

    private List<SfLayer> layers() {
        List<SfLayer> all = new ArrayList<>(systemLayersBelow);
        if (process != null) {
            all.addAll(process.layers());
        }
        all.addAll(systemLayersAbove);
        return all;
    }

    private String hex() {
        return Integer.toHexString(deviceRandom.nextInt(0x1000000, 0x10000000));
    }

    private String token(int n) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            sb.append(alphabet.charAt(deviceRandom.nextInt(alphabet.length())));
        }
        return sb.toString();
    }
}
