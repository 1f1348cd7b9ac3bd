package io.fpsctl.sink.metrics;

import io.fpsctl.text.PrometheusText;
import io.fpsctl.engine.DropLevel;
import io.fpsctl.engine.FrameTimelineJankType;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.core.metrics.Info;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The exporter's metrics, registered in one {@link PrometheusRegistry}. Frame series carry the labels
 * {@code device, package, window, source}; per-app series (live fps, coverage gaps, the
 * FrameTimeline split of docs/metrics.md section 10) drop {@code window}; the refresh rate is per device. What describes
 * a device rather than its frames (model, Android version) is in one info series per device,
 * {@code fpsctl_device_info{device, model, android} 1}, and the exporter's own version in
 * {@code fpsctl_build_info{version} 1} (Prometheus' {@code *_info} convention: joined in a query with
 * {@code * on(device) group_left(model, android)}), not on every series. The FrameTimeline
 * jank types add a {@code type} label with one of the fixed keys of docs/metrics.md 10 (fifteen since rev 4). Cardinality is bounded: at most {@code maxWindows} windows
 * per app and device (the rest are counted as {@code window="other"}), and a series not updated for the
 * series TTL is removed by {@link #expire()}. Thread-safe: one {@link PackageListener} per device and app,
 * each called from its own measuring thread.
 */
public final class FrameMetrics {

    /** Label names of frame series. */
    static final String[] FRAME_LABELS = {"device", "package", "window", "source"};
    static final String[] APP_LABELS = {"device", "package", "source"};
    static final String[] DEVICE_LABELS = {"device"};
    /** Label names of an app's resource series (docs/metrics.md section 13): no source, no window. */
    static final String[] PACKAGE_LABELS = {"device", "package"};
    /**
     * The {@code thread} label of {@code fpsctl_app_cpu_percent}: the whole app and the threads docs/metrics.md 13
     * rule 1 names; never a thread's own name (unbounded).
     */
    static final List<String> CPU_THREADS = List.of("app", "main", "RenderThread", "hwuiTask", "GPU completion");
    /** The {@code kind} label of {@code fpsctl_app_memory_bytes}. */
    static final List<String> MEMORY_KINDS = List.of("rss", "pss");
    /** Label names of {@code fpsctl_device_info}: one series per device. */
    static final String[] DEVICE_INFO_LABELS = {"device", "model", "android"};
    /** The refresh rates whose vsync multiples are histogram bucket bounds. */
    static final int[] REFRESH_RATES = {60, 90, 120, 144};

    /** What identifies a device in the labels: device text, without control characters ({@link PrometheusText}). */
    public record Device(String device, String model, String android) {
        public Device {
            device = PrometheusText.label(device);
            model = model == null ? "" : PrometheusText.label(model);
            android = android == null ? "" : PrometheusText.label(android);
        }
    }

    final Counter frames;
    final Counter janky;
    final Counter dropped;
    final Counter byLevel;
    final Histogram frameTime;
    final Counter gaps;
    final Counter gapSeconds;
    final Gauge fps;
    final Gauge refresh;
    final Info deviceInfo;
    final Counter ftFrames;
    final Counter ftAppJank;
    final Counter ftSystemJank;
    final Counter ftUnattributed;
    final Counter ftTypes;
    final Gauge appCpu;
    final Gauge appMemory;
    final Gauge thermalStatus;
    final Gauge throttled;
    /** docs/metrics.md 14. */
    final Gauge gpuLoad;
    final Gauge gpuClock;
    final Gauge batteryDrain;
    final Gauge networkBytes;
    /** docs/metrics.md 14 rule 10: the app's uid's GPU time over the last live window (device, package). */
    final Gauge appGpuTime;
    private final int maxWindows;
    private final long ttlNanos;
    private final LongSupplier clock;
    /** Last update (clock ns) per series, by label values; one map per label set. */
    private final Map<List<String>, Long> frameSeries = new ConcurrentHashMap<>();
    private final Map<List<String>, Long> appSeries = new ConcurrentHashMap<>();
    private final Map<List<String>, Long> deviceSeries = new ConcurrentHashMap<>();
    private final Map<List<String>, Long> deviceInfoSeries = new ConcurrentHashMap<>();
    private final Map<List<String>, Long> packageSeries = new ConcurrentHashMap<>();

    /**
     * @param maxWindows windows per device and app before further ones count as {@code other}
     * @param ttl series not updated for this long are removed by {@link #expire()}
     * @param clock nanosecond clock ({@link System#nanoTime} outside tests)
     * @param fpsctlVersion the exporter's version, the one label of {@code fpsctl_build_info}
     */
    public FrameMetrics(PrometheusRegistry registry, int maxWindows, Duration ttl, LongSupplier clock,
                        String fpsctlVersion) {
        if (maxWindows < 1) {
            throw new IllegalArgumentException("maxWindows must be at least 1");
        }
        this.maxWindows = maxWindows;
        this.ttlNanos = ttl.toNanos();
        this.clock = clock;
        frames = Counter.builder().name("fpsctl_frames_total").help("Frames counted (docs/metrics.md section 1)")
                .labelNames(FRAME_LABELS).register(registry);
        janky = Counter.builder().name("fpsctl_janky_frames_total").help("Janky frames (Android's rule)")
                .labelNames(FRAME_LABELS).register(registry);
        dropped = Counter.builder().name("fpsctl_dropped_vsyncs_total").help("Vsyncs missed by frames")
                .labelNames(FRAME_LABELS).register(registry);
        String[] levelLabels = Arrays.copyOf(FRAME_LABELS, FRAME_LABELS.length + 1);
        levelLabels[FRAME_LABELS.length] = "level";
        byLevel = Counter.builder().name("fpsctl_drop_level_frames_total")
                .help("Frames per drop level (best, normal, middle, high, frozen)").labelNames(levelLabels)
                .register(registry);
        frameTime = Histogram.builder().name("fpsctl_frame_time_seconds")
                .help("Frame time; buckets at vsync multiples of 60, 90, 120 and 144 Hz").labelNames(FRAME_LABELS)
                .classicOnly().classicUpperBounds(bucketBounds()).register(registry);
        gaps = Counter.builder().name("fpsctl_coverage_gaps_total")
                .help("Times the device went away and frames may be missing").labelNames(APP_LABELS)
                .register(registry);
        gapSeconds = Counter.builder().name("fpsctl_coverage_gap_seconds_total")
                .help("Device time not covered by frames read, over all coverage gaps").labelNames(APP_LABELS)
                .register(registry);
        fps = Gauge.builder().name("fpsctl_fps").help("FPS of the last closed live window")
                .labelNames(APP_LABELS).register(registry);
        refresh = Gauge.builder().name("fpsctl_refresh_rate_hz").help("Display refresh rate of the last frame")
                .labelNames(DEVICE_LABELS).register(registry);
        // Info metrics: the client appends _info and exports the value 1
        deviceInfo = Info.builder().name("fpsctl_device")
                .help("Always 1: the model and Android version of each measured device").labelNames(DEVICE_INFO_LABELS)
                .register(registry);
        Info.builder().name("fpsctl_build").help("Always 1: the version of the fpsctl exporter")
                .labelNames("version").register(registry).setLabelValues(fpsctlVersion);
        ftFrames = Counter.builder().name("fpsctl_frametimeline_frames_total")
                .help("Frames joined with a SurfaceFlinger FrameTimeline SurfaceFrame (docs/frametimeline.md, "
                        + "Android 12+)").labelNames(APP_LABELS).register(registry);
        ftAppJank = Counter.builder().name("fpsctl_frametimeline_app_jank_frames_total")
                .help("Joined frames the app was late for (appDeadlineMissed)").labelNames(APP_LABELS)
                .register(registry);
        ftSystemJank = Counter.builder().name("fpsctl_frametimeline_system_jank_frames_total")
                .help("Janky joined frames the app was not late for (SurfaceFlinger, display, scheduling)")
                .labelNames(APP_LABELS).register(registry);
        ftUnattributed = Counter.builder().name("fpsctl_frametimeline_unattributed_frames_total")
                .help("Frames that awaited a FrameTimeline verdict and got no SurfaceFrame").labelNames(APP_LABELS)
                .register(registry);
        String[] typeLabels = Arrays.copyOf(APP_LABELS, APP_LABELS.length + 1);
        typeLabels[APP_LABELS.length] = "type";
        ftTypes = Counter.builder().name("fpsctl_frametimeline_jank_type_frames_total")
                .help("Joined frames per FrameTimeline jank type (a frame with several types counts in each)")
                .labelNames(typeLabels).register(registry);
        String[] threadLabels = {"device", "package", "thread"};
        appCpu = Gauge.builder().name("fpsctl_app_cpu_percent")
                .help("CPU of the app (thread=\"app\") and of its main, RenderThread, hwuiTask (all summed) and GPU "
                        + "completion threads over the last live window, in % of one core (docs/metrics.md section 13)")
                .labelNames(threadLabels).register(registry);
        appMemory = Gauge.builder().name("fpsctl_app_memory_bytes")
                .help("The app's memory in the last live window: kind=\"rss\" the highest VmRSS read, kind=\"pss\" "
                        + "the latest dumpsys meminfo TOTAL PSS (docs/metrics.md section 13)")
                .labelNames("device", "package", "kind").register(registry);
        thermalStatus = Gauge.builder().name("fpsctl_device_thermal_status")
                .help("The worst thermal status read in the last live window, 0 NONE to 6 SHUTDOWN "
                        + "(docs/metrics.md section 13)").labelNames(DEVICE_LABELS).register(registry);
        throttled = Gauge.builder().name("fpsctl_cpu_throttled")
                .help("1 when the last live window was throttled (thermal status SEVERE or worse, or a saturated "
                        + "cpufreq policy below its maximum), else 0 (docs/metrics.md section 13)")
                .labelNames(DEVICE_LABELS).register(registry);
        gpuLoad = Gauge.builder().name("fpsctl_gpu_load_percent")
                .help("The GPU's mean load over the last live window, kgsl or Mali nodes; absent when they could not "
                        + "be read (docs/metrics.md section 14)").labelNames(DEVICE_LABELS).register(registry);
        gpuClock = Gauge.builder().name("fpsctl_gpu_clock_mhz")
                .help("The GPU's mean clock over the last live window (docs/metrics.md section 14)")
                .labelNames(DEVICE_LABELS).register(registry);
        batteryDrain = Gauge.builder().name("fpsctl_battery_drain_milliwatts")
                .help("The battery's mean drain over the last live window, |current_now| x voltage_now; absent while "
                        + "charging or unreadable (docs/metrics.md section 14)").labelNames(DEVICE_LABELS)
                .register(registry);
        networkBytes = Gauge.builder().name("fpsctl_network_bytes")
                .help("Bytes over the last live window: scope=\"app\" the app's uid (Android 9 and older), "
                        + "scope=\"device\" every interface but lo; direction rx or tx (docs/metrics.md section 14)")
                .labelNames("device", "package", "scope", "direction").register(registry);
        appGpuTime = Gauge.builder().name("fpsctl_app_gpu_seconds")
                .help("The app's uid's GPU active time over the last live window, dumpsys gpu --gpuwork (Android "
                        + "13+); absent when unknown (docs/metrics.md section 14 rule 10)")
                .labelNames("device", "package").register(registry);
    }

    /** Vsync multiples 1..4 of every supported refresh rate, plus long frames up to 2 s (seconds, sorted). */
    static double[] bucketBounds() {
        TreeSet<Double> bounds = new TreeSet<>();
        for (int hz : REFRESH_RATES) {
            for (int k = 1; k <= 4; k++) {
                bounds.add(Math.round(k * 1e9 / hz) / 1e9);
            }
        }
        for (double s : new double[] {0.1, 0.25, 0.5, 1.0, 2.0}) {
            bounds.add(s);
        }
        return bounds.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The listener for one app on one device. */
    public PackageListener listener(Device device, String pkg) {
        return new PackageListener(this, device, pkg, maxWindows);
    }

    void touchFrame(String[] labels) {
        frameSeries.put(List.of(labels), clock.getAsLong());
    }

    void touchApp(String[] labels) {
        appSeries.put(List.of(labels), clock.getAsLong());
    }

    void touchDevice(String[] labels) {
        deviceSeries.put(List.of(labels), clock.getAsLong());
    }

    void touchPackage(String[] labels) {
        packageSeries.put(List.of(labels), clock.getAsLong());
    }

    /** The device's info series: set to 1 (created when new) and kept for the series TTL from now. */
    void touchDeviceInfo(String[] labels) {
        if (deviceInfoSeries.put(List.of(labels), clock.getAsLong()) == null) {
            deviceInfo.addLabelValues(labels);
        }
    }

    /**
     * Removes every series not updated for the TTL.
     *
     * @return how many series were removed
     */
    public int expire() {
        long now = clock.getAsLong();
        int removed = 0;
        for (Map.Entry<List<String>, Long> e : frameSeries.entrySet()) {
            if (now - e.getValue() > ttlNanos && frameSeries.remove(e.getKey(), e.getValue())) {
                String[] l = e.getKey().toArray(new String[0]);
                frames.remove(l);
                janky.remove(l);
                dropped.remove(l);
                frameTime.remove(l);
                removeEach(byLevel, l, Arrays.stream(DropLevel.values()).map(DropLevel::key).toList());
                removed++;
            }
        }
        for (Map.Entry<List<String>, Long> e : appSeries.entrySet()) {
            if (now - e.getValue() > ttlNanos && appSeries.remove(e.getKey(), e.getValue())) {
                String[] l = e.getKey().toArray(new String[0]);
                fps.remove(l);
                gaps.remove(l);
                gapSeconds.remove(l);
                ftFrames.remove(l);
                ftAppJank.remove(l);
                ftSystemJank.remove(l);
                ftUnattributed.remove(l);
                removeEach(ftTypes, l, Arrays.stream(FrameTimelineJankType.values()).map(FrameTimelineJankType::key)
                        .toList());
                removed++;
            }
        }
        for (Map.Entry<List<String>, Long> e : deviceSeries.entrySet()) {
            if (now - e.getValue() > ttlNanos && deviceSeries.remove(e.getKey(), e.getValue())) {
                String[] l = e.getKey().toArray(new String[0]);
                refresh.remove(l);
                thermalStatus.remove(l);
                throttled.remove(l);
                gpuLoad.remove(l);
                gpuClock.remove(l);
                batteryDrain.remove(l);
                removed++;
            }
        }
        for (Map.Entry<List<String>, Long> e : packageSeries.entrySet()) {
            if (now - e.getValue() > ttlNanos && packageSeries.remove(e.getKey(), e.getValue())) {
                removeResources(e.getKey().get(0), e.getKey().get(1));
                removed++;
            }
        }
        for (Map.Entry<List<String>, Long> e : deviceInfoSeries.entrySet()) {
            if (now - e.getValue() > ttlNanos && deviceInfoSeries.remove(e.getKey(), e.getValue())) {
                deviceInfo.remove(e.getKey().toArray(new String[0]));
                removed++;
            }
        }
        return removed;
    }

    /** Removes every resource series of {@code pkg} on {@code device} (its CPU per thread and its memory). */
    void removeResources(String device, String pkg) {
        for (String t : CPU_THREADS) {
            appCpu.remove(device, pkg, t);
        }
        for (String scope : new String[] {"app", "device"}) {
            networkBytes.remove(device, pkg, scope, "rx");
            networkBytes.remove(device, pkg, scope, "tx");
        }
        for (String k : MEMORY_KINDS) {
            appMemory.remove(device, pkg, k);
        }
        appGpuTime.remove(device, pkg);
    }

    /** Removes the series {@code labels + [v]} of {@code counter} for every {@code v} of its last label. */
    private static void removeEach(Counter counter, String[] labels, List<String> lastLabel) {
        String[] with = Arrays.copyOf(labels, labels.length + 1);
        for (String v : lastLabel) {
            with[labels.length] = v;
            counter.remove(with);
        }
    }
}
