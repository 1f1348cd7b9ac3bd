package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.TimeSource;
import io.fpsctl.sim.device.frames.VsyncClock;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * {@code dumpsys SurfaceFlinger [--list | --latency [name] | --latency-clear [name]]} (docs/formats.md 5.2–C.3) and,
 * on Android 12+, {@code --frametimeline -all|-jank} ({@link FrameTimelineRing}, C.4).
 */
final class SurfaceFlingerDump implements DumpsysService {

    private final AndroidVersion version;
    private final Supplier<List<SfLayer>> layers;
    private final VsyncClock clock;
    private final TimeSource time;
    private final FrameTimelineRing frameTimeline;
    /** A fault: the period line {@code --latency} prints instead of the display's, or 0 (off). */
    private volatile long periodFaultNs;
    /** A fault: every n-th {@code --list}, {@code --latency} or {@code --frametimeline} dump timed out on the lock. */
    private volatile int lockTimeoutEvery;
    private final AtomicLong lockableDumps = new AtomicLong();
    private final AtomicLong lockTimeouts = new AtomicLong();
    /** Android 15+: the order {@code --list} prints layers in. */
    private final LayerLifecycleOrder lifecycle = new LayerLifecycleOrder();

    /**
     * @param layers every layer in Z order, at the time of the call
     */
    SurfaceFlingerDump(AndroidVersion version, Supplier<List<SfLayer>> layers, VsyncClock clock, TimeSource time,
                       FrameTimelineRing frameTimeline) {
        this.frameTimeline = frameTimeline;
        this.version = version;
        this.layers = layers;
        this.clock = clock;
        this.time = time;
    }

    @Override
    public String dump(List<String> args) {
        long now = time.nanoTime();
        List<SfLayer> all = layers.get();
        String opt = args.isEmpty() ? "" : args.get(0);
        String name = args.size() > 1 ? args.get(1) : null;
        switch (opt) {
            case "--list":
                return lockWarning(opt) + list(all);
            case "--latency":
                long fault = periodFaultNs;
                return lockWarning(opt) + latency(all, name, fault != 0 ? fault : clock.periodAt(now), now);
            case "--latency-clear":
                clear(all, name, now);
                return "";
            case "":
                return summary(all, clock.periodAt(now));
            case "--frametimeline":
                if (frameTimeline.supported()) {
                    return lockWarning(opt) + frameTimeline.dump(args.subList(1, args.size()), now);
                }
                break;
            default:
                break;
        }
        return String.format(Locale.ROOT, "refresh-rate              : %.6f fps", 1e9 / clock.periodAt(now)) + "\n";
    }

    /**
     * {@code dumpsys SurfaceFlinger} without arguments, cut to its head: the lines that carry the display's
     * refresh rate, in each version's format ({@code dumpAllLocked}/{@code dumpAll}, native@android-6.0.0_r1 …
     * android-16.0.0_r1): 6–9 {@code DispSync configuration: … (refresh <ns> ns)}; 10/11 {@code VSYNC
     * configuration:}; 12–15 {@code present offset: … VSYNC period: <ns> ns}; and in the global state
     * {@code refresh-rate : %f fps} (6–11), {@code refresh-rate : %.2ffps} (12), {@code refresh-rate : %.2f Hz}
     * (13, 14), {@code peak-refresh-rate : %.2f Hz} (15, 16). Inferred: the phase offsets, the build and sync
     * strings, the short layer list, everything not named above.
     */
    private String summary(List<SfLayer> layers, long periodNs) {
        int v = version.major();
        double hz = 1e9 / periodNs;
        StringBuilder sb = new StringBuilder("Build configuration: [sf PRESENT_TIME_OFFSET=0 FORCE_HWC_FOR_RBG_TO_YUV=1"
                + " MAX_VIRT_DISPLAY_DIM=0 RUNNING_WITHOUT_SYNC_FRAMEWORK=0 NUM_FRAMEBUFFER_SURFACE_BUFFERS=3]"
                + (v <= 10 ? " [libui] [libgui]" : "") + "\n");
        if (v >= 10) {
            sb.append("\nDisplay identification data:\nDisplay 4619827535830457088 (HWC display 0): port=0"
                    + " pnpId=GGL displayName=\"Common Panel\"\n");
        }
        sb.append("\nWide-Color information:\nDevice has wide color built-in display: 1\n");
        sb.append("Sync configuration: [using: EGL_ANDROID_native_fence_sync EGL_KHR_wait_sync]\n");
        if (v <= 9) {
            sb.append(String.format(Locale.ROOT, "DispSync configuration: app phase 1000000 ns, sf phase 1000000 ns, %s"
                    + "present offset 0 ns (refresh %d ns)%n", v == 9 ? "early sf phase 1000000 ns, " : "", periodNs));
        } else if (v <= 11) {
            sb.append("\nVSYNC configuration:\n").append(String.format(Locale.ROOT,
                    "         app phase:   1000000 ns\t         SF phase:   1000000 ns%n"
                            + "    early app phase:   1000000 ns\t    early SF phase:   1000000 ns%n"
                            + "      present offset:         0 ns\t     VSYNC period: %9d ns%n", periodNs));
        } else if (v <= 13) {
            sb.append("\nScheduler:\n").append(String.format(Locale.ROOT,
                    "      present offset: %9d ns\t     VSYNC period: %9d ns%n", 0, periodNs));
        } else if (v <= 15) {
            sb.append("\nScheduler:\n").append(String.format(Locale.ROOT,
                    "         present offset: %9d ns\t        VSYNC period: %9d ns%n", 0, periodNs));
        } else {
            sb.append("\nScheduler:\n");
        }
        sb.append('\n').append("Visible layers (count = ").append(layers.size()).append(")\n");
        sb.append("Displays (1 entries)\n\n");
        sb.append("SurfaceFlinger global state:\n");
        sb.append("  transaction-flags         : 00000000\n");
        if (v <= 11) {
            sb.append(String.format(Locale.ROOT, "  refresh-rate              : %f fps%n"
                    + "  x-dpi                     : %f%n  y-dpi                     : %f%n", hz, 411.0, 411.0));
        } else {
            String rate = String.format(Locale.ROOT, v == 12 ? "%.2ffps" : "%.2f Hz", hz);
            sb.append(v >= 15 ? "  peak-refresh-rate         : " : "  refresh-rate              : ").append(rate)
                    .append("\n  x-dpi                     : 411.00\n  y-dpi                     : 411.00\n");
        }
        return sb.toString();
    }

    /**
     * {@code --list}: one line per layer. Up to 14 {@code "%s\n"} of each layer's name in Z order
     * ({@code SurfaceFlinger::listLayersLocked}: {@code layer->getName()} at android-6.0.1_r1 … android-8.1.0_r1,
     * {@code mCurrentState.traverseInZOrder} from 8.1, {@code layer->getDebugName()} = the name at
     * android-14.0.0_r1). On 15+ {@code SurfaceFlinger::listLayers} prints
     * {@code RequestedLayerState::getDebugString()} ({@code FrontEnd/RequestedLayerState.cpp}, android-15.0.0_r1,
     * android-16.0.0_r2): {@code "RequestedLayerState{" << name}, {@code " parentId=" << parentId} when it has a
     * parent, then relativeParentId, mirrorId, {@code !handle}, {@code z}, {@code layerStack} when set (the
     * simulator sets none of these: inferred, it does not model WindowManager's z assignment), {@code "}"}, in
     * {@link LayerLifecycleOrder}.
     */
    String list(List<SfLayer> layers) {
        StringBuilder sb = new StringBuilder();
        for (SfLayer l : version.wrapsListInRequestedLayerState() ? lifecycle.order(layers) : layers) {
            if (version.wrapsListInRequestedLayerState()) {
                sb.append("RequestedLayerState{").append(l.name());
                if (l.parentId() >= 0) {
                    sb.append(" parentId=").append(l.parentId());
                }
                sb.append("}\n");
            } else {
                sb.append(l.name()).append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * {@code --latency [name]}: the period line, then for an existing layer its 127 rows and an empty line;
     * for an unknown name only the period line; without a name the (idle, all-zero) window-animation tracker
     * on ≤13 and only the period on 14+.
     */
    String latency(List<SfLayer> layers, String name, long periodNs, long now) {
        StringBuilder sb = new StringBuilder();
        sb.append(periodNs).append('\n');
        if (name == null) {
            if (version.latencyWithoutNamePrintsAnimationRows()) {
                appendRows(sb, null, now);
            }
            return sb.toString();
        }
        for (SfLayer l : layers) {
            if (l.name().equals(name)) {
                appendRows(sb, l.tracker(), now);
            }
        }
        return sb.toString();
    }

    /**
     * The line SurfaceFlinger writes first when the fault says this dump could not take {@code mStateLock} within
     * 1 s, else "". frameworks/native services/surfaceflinger/SurfaceFlinger.cpp {@code SurfaceFlinger::dump} /
     * {@code doDump} at android-6.0.0_r1, 7.0.0_r1, 8.1.0_r4, 9.0.0_r16, 10.0.0_r1: {@code "SurfaceFlinger appears to
     * be unresponsive (%s [%d]), dumping anyways (no locks held)\n"} before every flag; at android-11.0.0_r1,
     * 12.0.0_r1, 13.0.0_r1, 14.0.0_r1: {@code "Dumping without lock after timeout: %s (%d)\n"} before every flag (at
     * 14.0.0_r29 printed by {@code SurfaceFlinger.h lockedDumper}); at android-15.0.0_r1 and 16.0.0_r2
     * {@code --latency} and {@code --list} run through {@code mainThreadDumper} without the lock and only
     * {@code --frametimeline} prints it. {@code strerror(-status), status}: TIMED_OUT is -ETIMEDOUT (-110); the strerror
     * text is bionic's, inferred.
     */
    private String lockWarning(String opt) {
        int every = lockTimeoutEvery;
        int v = version.major();
        if (every <= 0 || (v >= 15 && !opt.equals("--frametimeline"))) {
            return "";
        }
        if (lockableDumps.incrementAndGet() % every != 0) {
            return "";
        }
        lockTimeouts.incrementAndGet();
        return v <= 10
                ? "SurfaceFlinger appears to be unresponsive (Connection timed out [-110]), dumping anyways"
                + " (no locks held)\n"
                : "Dumping without lock after timeout: Connection timed out (-110)\n";
    }

    /**
     * A fault: from now on every {@code every}-th dump that goes through SurfaceFlinger's state lock on this version
     * ({@code --list}, {@code --latency}, {@code --frametimeline}) finds it held for over a second and prints the
     * version's warning first (0: off).
     */
    void setLockTimeoutEvery(int every) {
        lockTimeoutEvery = every;
    }

    /** How many dumps printed the lock-timeout warning so far. */
    long lockTimeouts() {
        return lockTimeouts.get();
    }

    /** A fault, not Android: {@code --latency} prints {@code ns} as its period line from now on (0: the display's). */
    void setPeriodFault(long ns) {
        periodFaultNs = ns;
    }

    /** {@code --latency-clear [name]}: clears the named layer, or every layer; prints nothing. */
    void clear(List<SfLayer> layers, String name, long now) {
        for (SfLayer l : layers) {
            if (l.tracker() != null && (name == null || l.name().equals(name))) {
                l.tracker().clear(now);
            }
        }
    }

    private static void appendRows(StringBuilder sb, LayerTracker tracker, long now) {
        if (tracker == null) {
            for (int i = 0; i < LayerTracker.ROWS; i++) {
                sb.append("0\t0\t0\n");
            }
        } else {
            for (String row : tracker.rows(now)) {
                sb.append(row).append('\n');
            }
        }
        sb.append('\n');
    }
}
