package io.fpsctl.capture;

import io.fpsctl.android.DartVmService;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.VmServiceClient;
import io.fpsctl.engine.FlutterFrame;
import io.fpsctl.engine.FlutterStats;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The UI/raster split of a Flutter app (docs/metrics.md 16), beside a measurement of the frames the user saw: finds
 * the app's Dart VM service in {@code logcat}, forwards a local port to it ({@link Device#forwardTcp}), subscribes to
 * {@code Flutter.Frame} and collects the events into {@link FlutterStats} on its own thread, until
 * {@link #finish()}.
 *
 * <p>Bounded: every connect and request waits at most {@link #TIMEOUT}; a service that goes away (app killed, hot
 * restart) is a coverage gap, said in a note, and the tap looks for a newly announced service every
 * {@link #RETRY} until the end. A release build (no announcement) leaves the split unavailable with the reason,
 * never zeros. Notes are fpsctl's words and numbers only: no device text reaches them.
 */
public final class FlutterTap {

    /** Bound of the WebSocket connect and of each request. */
    public static final Duration TIMEOUT = Duration.ofSeconds(5);
    /** How often a gone service is looked for again. */
    public static final Duration RETRY = Duration.ofSeconds(2);
    private static final long DRAIN_MS = 200;

    private final Device device;
    private final String pkg;
    private final Consumer<String> notes;
    /** Guards the collected frames: the tap's thread adds, the run's threads read. */
    private final Object lock = new Object();
    private FlutterStats stats = new FlutterStats();
    /** Frames kept for frames.csv: an hour at 240 Hz, about 60 bytes each. */
    static final int MAX_FRAMES = 1_000_000;
    private final java.util.ArrayList<FlutterFrame> frames = new java.util.ArrayList<>();
    /** The frames since the last live window ({@link #recent}). */
    private FlutterStats recent = new FlutterStats();
    private final Thread thread;
    private volatile boolean stopping;
    private volatile String unavailable;
    private volatile int gaps;
    private volatile boolean connectedOnce;
    /** The engine threads' ticks and the device uptime at the start (release builds: their CPU is the split). */
    private EngineCpu startCpu;

    private FlutterTap(Device device, String pkg, Consumer<String> notes) {
        this.device = device;
        this.pkg = pkg;
        this.notes = notes;
        this.thread = new Thread(this::run, "fpsctl-flutter-" + pkg);
        thread.setDaemon(true);
    }

    /** What the tap found when it started. */
    public enum Kind {
        /** A Dart VM service announced by the app: the split is measured. */
        VM_SERVICE,
        /** The engine's threads but no VM service: a release build. */
        RELEASE,
        /** Neither: not a Flutter app as far as fpsctl can tell. */
        NOT_FLUTTER
    }

    /**
     * Looks at the app once and starts collecting when it announced a VM service.
     *
     * @return the tap (never null): {@link #kind()} says what it found
     */
    public static FlutterTap start(Device device, String pkg, Consumer<String> notes) {
        FlutterTap tap = new FlutterTap(device, pkg, notes);
        tap.kind = tap.probe();
        if (tap.kind == Kind.VM_SERVICE) {
            tap.thread.start();
        }
        return tap;
    }

    private volatile Kind kind;

    /** What was found at the start. */
    public Kind kind() {
        return kind;
    }

    private Kind probe() {
        OptionalPid pid = pid();
        if (pid.pid < 0) {
            unavailable = "the app is not running";
            return Kind.NOT_FLUTTER;
        }
        if (announcement(pid.pid).isPresent()) {
            notes.accept("Flutter app in a profile or debug build: the UI/raster split comes from its Dart VM service");
            return Kind.VM_SERVICE;
        }
        boolean engine = hasEngineThreads(pid.pid);
        startCpu = engine ? engineCpu(pid.pid) : null;
        unavailable = engine ? "no Dart VM service (a release build, or its announcement has left the log): the "
                + "UI/raster split needs a profile build"
                : "no Dart VM service announced in logcat: not a Flutter app, or a release build; the UI/raster "
                + "split needs a profile build";
        if (engine) {
            notes.accept("Flutter app in a release build: SurfaceFlinger frames and the engine threads' CPU only; "
                    + "the UI/raster split needs a profile build");
            return Kind.RELEASE;
        }
        return Kind.NOT_FLUTTER;
    }

    private record OptionalPid(int pid) {
    }

    private OptionalPid pid() {
        try {
            String out = device.shell("pidof " + pkg, TIMEOUT).stdout().trim();
            String first = out.split("\\s+")[0];
            return new OptionalPid(first.matches("[0-9]{1,9}") ? Integer.parseInt(first) : -1);
        } catch (DeviceException e) {
            return new OptionalPid(-1);
        }
    }

    private Optional<DartVmService.Address> announcement(int pid) {
        try {
            return DartVmService.newestAnnouncement(device.shell(DartVmService.LOGCAT, TIMEOUT).stdout(), pid);
        } catch (DeviceException e) {
            return Optional.empty();
        }
    }

    /**
     * The engine's raster thread in the app's task list: {@code N.raster}, N the engine's number in the process
     * (flutter/engine {@code shell/platform/android/android_shell_holder.cc AndroidShellHolder}: a process-wide
     * counter from 1, so a second engine's threads are {@code 2.ui}, {@code 2.raster}; the name from
     * {@code ThreadHost::ThreadHostConfig::MakeThreadName}). Every engine has one; {@code N.ui} exists only when the
     * UI work is not merged into the platform (main) thread ({@code merged_platform_ui_thread}, the default from
     * Flutter 3.29: the mask then leaves out {@code kUi}). Engines before the GPU→raster rename (Flutter 1.20, 2020)
     * name it {@code N.gpu} (flutter/engine {@code shell/common/thread_host.cc ThreadHost::ThreadHost} at 5f4a62b3:
     * {@code name_prefix + ".gpu"} for {@code Type::GPU}).
     */
    private static final java.util.regex.Pattern RASTER =
            java.util.regex.Pattern.compile(" \\(([0-9]{1,4})\\.(raster|gpu)\\) ");

    /** The engine number of a raster thread's name ({@code N.raster}, or {@code N.gpu} before 1.20), or -1. */
    static int rasterEngine(String threadName) {
        java.util.regex.Matcher m = RASTER.matcher(" (" + threadName + ") ");
        return m.matches() ? Integer.parseInt(m.group(1)) : -1;
    }

    /**
     * Whether the app's process runs a Flutter engine (its raster thread, as {@link #RASTER}): how {@code --source
     * auto} tells a FlutterTextureView app from an HWUI app (docs/metrics.md 16.1), release builds included.
     */
    public static boolean engineRunning(Device device, String pkg) {
        FlutterTap probe = new FlutterTap(device, pkg, note -> { });
        int pid = probe.pid().pid;
        return pid >= 0 && probe.hasEngineThreads(pid);
    }

    private boolean hasEngineThreads(int pid) {
        try {
            return RASTER.matcher(device.shell("cat /proc/" + pid + "/task/*/stat", TIMEOUT).stdout()).find();
        } catch (DeviceException e) {
            return false;
        }
    }

    /**
     * Ticks of the newest engine's UI thread ({@code N.ui}, or the main thread when the UI work is merged into it)
     * and raster thread, and the device uptime (s), or null when unreadable.
     */
    private record EngineCpu(int pid, String uiName, long uiTicks, String rasterName, long rasterTicks,
                             double uptime) {
    }

    private EngineCpu engineCpu(int pid) {
        try {
            double uptime = io.fpsctl.android.resources.ProcUptime.parse(device.shell("cat /proc/uptime", TIMEOUT)
                    .stdout());
            String tasks = device.shell("cat /proc/" + pid + "/task/*/stat", TIMEOUT).stdout();
            List<io.fpsctl.android.resources.ThreadTicks> all = io.fpsctl.android.resources.ProcPidStat.parse(tasks);
            int engine = 0;
            String rasterName = null;
            for (var t : all) {
                int n = rasterEngine(t.name());
                if (n > engine) {
                    engine = n;
                    rasterName = t.name();
                }
            }
            long ui = -1;
            long raster = -1;
            long main = -1;
            for (var t : all) {
                if (t.name().equals(engine + ".ui")) {
                    ui = t.cpuTicks();
                } else if (t.name().equals(rasterName)) {
                    raster = t.cpuTicks();
                } else if (t.tid() == pid) {
                    main = t.cpuTicks();
                }
            }
            String uiName = ui >= 0 ? engine + ".ui" : "main (UI merged)";
            ui = ui >= 0 ? ui : main;
            return engine == 0 || ui < 0 || raster < 0 ? null
                    : new EngineCpu(pid, uiName, ui, rasterName, raster, uptime);
        } catch (DeviceException | io.fpsctl.android.DumpFormatException e) {
            return null;
        }
    }

    /**
     * A release build: the CPU of {@code 1.ui} and {@code 1.raster} over the run, in % of one core (CLK_TCK 100,
     * docs/metrics.md 13), or null when it could not be read (or the app restarted).
     */
    private String engineCpuLine() {
        EngineCpu end = startCpu == null ? null : engineCpu(startCpu.pid());
        if (end == null || end.uptime() <= startCpu.uptime() || !end.uiName().equals(startCpu.uiName())
                || !end.rasterName().equals(startCpu.rasterName())) {
            return null; // unreadable, or another engine by now: no figure rather than a mixed one
        }
        double s = end.uptime() - startCpu.uptime();
        return String.format(java.util.Locale.ROOT, "engine threads over %.1f s: %s %.1f %%, %s %.1f %% of one core",
                s, end.uiName(), (end.uiTicks() - startCpu.uiTicks()) / s, end.rasterName(),
                (end.rasterTicks() - startCpu.rasterTicks()) / s);
    }

    private void run() {
        long lastNumberSeen = -1;
        while (!stopping) {
            OptionalPid pid = pid();
            Optional<DartVmService.Address> at = pid.pid < 0 ? Optional.empty() : announcement(pid.pid);
            if (at.isEmpty()) {
                pause(RETRY.toMillis());
                continue;
            }
            try (Device.PortForward forward = device.forwardTcp(at.get().devicePort());
                 VmServiceClient client = VmServiceClient.connect(forward.localPort(), at.get().webSocketPath(),
                         TIMEOUT)) {
                if (client.vmPid() != 0 && client.vmPid() != pid.pid) {
                    throw new VmServiceClient.VmServiceException("the service's VM is not the app's process");
                }
                if (connectedOnce) {
                    synchronized (lock) {
                        stats.engineRestarted();
                    }
                    notes.accept("the Dart VM service is back: the UI/raster split continues");
                }
                connectedOnce = true;
                while (!stopping && client.isOpen()) {
                    pause(DRAIN_MS);
                    add(client.drain());
                }
                add(client.drain());
                if (!stopping) {
                    gaps++;
                    notes.accept("the Dart VM service went away (" + client.closeReason() + "): frames until it is "
                            + "back have no UI/raster split (a coverage gap)");
                }
            } catch (VmServiceClient.VmServiceException | DeviceException e) {
                if (!stopping) {
                    gaps++;
                    notes.accept("cannot use the Dart VM service: " + e.getMessage() + "; trying again");
                }
            }
            pause(RETRY.toMillis());
        }
    }

    private void add(List<FlutterFrame> got) {
        synchronized (lock) {
            for (FlutterFrame f : got) {
                if (stats.add(f)) {
                    recent.add(f);
                    if (frames.size() < MAX_FRAMES) {
                        frames.add(f);
                    }
                }
            }
        }
    }

    /**
     * The frames counted, in the order they were posted, for frames.csv's Flutter cells (docs/metrics.md 16 rule
     * 9); at most {@link #MAX_FRAMES}.
     */
    public List<FlutterFrame> frames() {
        synchronized (lock) {
            return List.copyOf(frames);
        }
    }

    private void pause(long ms) {
        long until = System.nanoTime() + ms * 1_000_000L;
        while (!stopping && System.nanoTime() < until) {
            try {
                Thread.sleep(Math.min(50, Math.max(1, (until - System.nanoTime()) / 1_000_000L)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Forgets every frame collected so far (a gate's warm-up iterations, docs/metrics.md 16 rule 7): the block
     * counts the frames posted from here on. Events still on their way (the engine reports in batches of up to
     * 100 ms, the tap reads every 200 ms) may still count: the boundary is this call's, within about 0.3 s.
     */
    public void forgetSoFar() {
        synchronized (lock) {
            FlutterStats fresh = new FlutterStats();
            fresh.continueAfter(stats);
            stats = fresh;
            frames.clear();
            recent = new FlutterStats();
        }
    }

    /**
     * The frames posted since the previous call, as a block (a live window's line, docs/metrics.md 16), or null when
     * none came.
     *
     * @param refreshHz the window's refresh rate (null or not finite: the worse thread is unavailable, never judged
     *                  against an assumed 60 Hz)
     */
    public FlutterStats.Result recent(Double refreshHz) {
        boolean known = refreshHz != null && Double.isFinite(refreshHz) && refreshHz > 0;
        long budget = known ? Math.round(1e6 / refreshHz) : 16_667;
        synchronized (lock) {
            FlutterStats.Result r = recent.result(budget);
            recent = new FlutterStats();
            return r == null || known ? r : r.budgetUnknown();
        }
    }

    /** The block so far (for a live view), or null when none. */
    public FlutterStats.Result snapshot(long budgetUs) {
        synchronized (lock) {
            return stats.result(budgetUs);
        }
    }

    /**
     * Stops collecting (waits at most {@link #TIMEOUT} plus a little for the thread: it never hangs the run).
     *
     * @param budgetUs one refresh period in µs
     */
    public Outcome finish(long budgetUs) {
        stopping = true;
        if (thread.isAlive()) {
            try {
                thread.join(TIMEOUT.toMillis() + 1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        FlutterStats.Result r = snapshot(budgetUs);
        String reason = r != null ? null : unavailable != null ? unavailable
                : "no Flutter.Frame event arrived from the Dart VM service";
        return new Outcome(kind, r, reason, gaps, kind == Kind.RELEASE ? engineCpuLine() : null);
    }

    /**
     * What the tap gives the run.
     *
     * @param result the block, or null
     * @param reason why there is none (one line), or null
     * @param gaps   times the service went away or could not be used
     * @param engineCpu release builds: the CPU of 1.ui and 1.raster over the run, one line, or null
     */
    public record Outcome(Kind kind, FlutterStats.Result result, String reason, int gaps, String engineCpu) {
    }
}
