package io.fpsctl.format;

import java.util.List;

/**
 * The keys of fpsctl's JSON summary (schema version 1; docs/metrics.md section 9 "The JSON summary", docs/metrics.md
 * section 8), each with the type of its value and, for decimal numbers, the decimals it is written with: the one
 * list {@link SummaryJson} and {@link RunJson} write and {@link SummaryJsonReader} reads. Keys named by the engine
 * (drop levels, stages, main causes, Choreographer queues, FrameTimeline jank types) come from its enums.
 */
public final class SummaryJsonSchema {

    /**
     * One key.
     *
     * @param name     the key as written
     * @param type     the type of its value (every value may also be null)
     * @param decimals for {@link Type#DECIMAL}, the decimals it is rounded to (half up); 0 otherwise
     */
    public record Key(String name, Type type, int decimals) {
        static Key of(String name, Type type) {
            return new Key(name, type, 0);
        }

        static Key decimal(String name, int decimals) {
            return new Key(name, Type.DECIMAL, decimals);
        }
    }

    /** The JSON type of a key's value. */
    public enum Type { TEXT, INTEGER, DECIMAL, BOOLEAN, OBJECT, LIST }

    // ---- the summary (top level) only ----
    public static final Key SCHEMA_VERSION = Key.of("schemaVersion", Type.INTEGER);
    public static final Key SOURCE = Key.of("source", Type.TEXT);
    public static final Key PACKAGE = Key.of("package", Type.TEXT);
    public static final Key FPSCTL_VERSION = Key.of("fpsctlVersion", Type.TEXT);
    public static final Key START_TIME = Key.of("startTime", Type.TEXT);
    public static final Key FILE = Key.of("file", Type.TEXT);
    public static final Key DEVICE = Key.of("device", Type.OBJECT);
    public static final Key SLOW_MESSAGE_COUNT = Key.of("slowMessageCount", Type.INTEGER);
    public static final Key SLOW_MESSAGES = Key.of("slowMessages", Type.LIST);
    public static final Key FRAME_TIMELINE = Key.of("frameTimeline", Type.OBJECT);
    /**
     * Macrobenchmark's frame metrics of a Perfetto trace (docs/metrics.md 15.3): {@code frameCount},
     * {@code frameDurationCpuMs} and {@code frameOverrunMs} objects of {@code p50}, {@code p90}, {@code p95},
     * {@code p99}; null where it does not apply.
     */
    public static final Key FRAME_TIMING = Key.of("frameTiming", Type.OBJECT);
    public static final Key WINDOWS = Key.of("windows", Type.LIST);
    public static final Key WARNINGS = Key.of("warnings", Type.LIST);
    public static final Key PARTIAL = Key.of("partial", Type.BOOLEAN);
    public static final Key PARTIAL_REASON = Key.of("partialReason", Type.TEXT);
    public static final Key ASKED_MS = Key.decimal("askedMs", 2);
    public static final Key MEASURED_MS = Key.decimal("measuredMs", 2);
    /** A gate run's iterations (docs/metrics.md section 8), each a summary; written by {@link RunJson}. */
    public static final Key ITERATIONS = Key.of("iterations", Type.LIST);
    /** A gate run's verdicts against its baseline ({@link ComparisonJson}), or null. */
    public static final Key COMPARISON = Key.of("comparison", Type.OBJECT);

    // ---- a window only ----
    public static final Key NAME = Key.of("name", Type.TEXT);

    // ---- the summary and each window ----
    public static final Key REFRESH_HZ = Key.decimal("refreshHz", 1);
    public static final Key FRAMES = Key.of("frames", Type.INTEGER);
    public static final Key TIMED_FRAMES = Key.of("timedFrames", Type.INTEGER);
    public static final Key FPS = Key.decimal("fps", 1);
    public static final Key SPAN_FPS = Key.decimal("spanFps", 1);
    public static final Key JANKY_FRAMES = Key.of("jankyFrames", Type.INTEGER);
    public static final Key JANK_PERCENT = Key.decimal("jankPercent", 2);
    public static final Key DROPPED_FRAMES = Key.of("droppedFrames", Type.INTEGER);
    public static final Key OVERFLOWS = Key.of("overflows", Type.INTEGER);
    public static final Key COVERAGE_GAPS = Key.of("coverageGaps", Type.INTEGER);
    public static final Key COVERAGE_GAP_MS = Key.decimal("coverageGapMs", 2);
    /** One count per drop level, keyed by the level's key. */
    public static final Key DROP_LEVELS = Key.of("dropLevels", Type.OBJECT);
    public static final Key FRAME_TIME_MS = Key.of("frameTimeMs", Type.OBJECT);
    /** One mean per stage, keyed by the stage's key, two decimals; null for SurfaceFlinger. */
    public static final Key STAGES_MS = Key.of("stagesMs", Type.OBJECT);
    /** One count per main cause, keyed by {@code Summary.causeKey}; null for SurfaceFlinger. */
    public static final Key MAIN_CAUSES = Key.of("mainCauses", Type.OBJECT);
    public static final Key JANK = Key.of("jank", Type.INTEGER);
    public static final Key BIG_JANK = Key.of("bigJank", Type.INTEGER);
    public static final Key STUTTER_PERCENT = Key.decimal("stutterPercent", 2);
    public static final Key WORST_FRAME_CAUSE = Key.of("worstFrameCause", Type.TEXT);
    public static final Key SCROLL_FPS = Key.decimal("scrollFps", 1);
    public static final Key FINGER_SCROLL_FPS = Key.decimal("fingerScrollFps", 1);
    /** One mean per Choreographer queue, keyed by {@code Interaction.CH_KEYS}, two decimals; null but for the agent. */
    public static final Key CHOREOGRAPHER_MS = Key.of("choreographerMs", Type.OBJECT);
    public static final Key ANDROID_VITALS = Key.of("androidVitals", Type.OBJECT);
    /** The run's resources (docs/metrics.md 13), written and read by {@link ResourcesJson}; null when not read. */
    public static final Key RESOURCES = Key.of("resources", Type.OBJECT);

    /** A Flutter app's UI/raster split (docs/metrics.md 16), an object of {@link InFlutter} keys, null when not measured. */
    public static final Key FLUTTER = Key.of("flutter", Type.OBJECT);

    /** The decimals of the entries of {@link #STAGES_MS} and {@link #CHOREOGRAPHER_MS}. */
    public static final int MEAN_MS_DECIMALS = 2;
    /** The decimals of the rates in {@link InDevice#REFRESH_MODES_HZ}. */
    public static final int REFRESH_MODE_DECIMALS = 1;

    /** Keys whose value is an object (or null) in a summary or a window. */
    public static final List<Key> OBJECTS = List.of(DROP_LEVELS, FRAME_TIME_MS, STAGES_MS, MAIN_CAUSES,
            CHOREOGRAPHER_MS, ANDROID_VITALS, FRAME_TIMELINE);
    /** Keys whose value is a list (or null). */
    public static final List<Key> LISTS = List.of(WINDOWS, WARNINGS, SLOW_MESSAGES, ITERATIONS);
    /** Keys whose value is text (or null). */
    public static final List<Key> TEXTS = List.of(SOURCE, PACKAGE, NAME, WORST_FRAME_CAUSE);

    /** The keys of {@link #FRAME_TIME_MS}: all numbers (two decimals) or all null. */
    public static final class InFrameTimeMs {
        public static final Key P50 = Key.decimal("p50", 2);
        public static final Key P90 = Key.decimal("p90", 2);
        public static final Key P95 = Key.decimal("p95", 2);
        public static final Key P99 = Key.decimal("p99", 2);
        public static final Key MAX = Key.decimal("max", 2);
        public static final Key MEAN = Key.decimal("mean", 2);
        public static final List<Key> ALL = List.of(P50, P90, P95, P99, MAX, MEAN);

        private InFrameTimeMs() {
        }
    }

    /** The keys of {@link #DEVICE}. */
    public static final class InDevice {
        public static final Key SERIAL = Key.of("serial", Type.TEXT);
        public static final Key MODEL = Key.of("model", Type.TEXT);
        public static final Key ANDROID_VERSION = Key.of("androidVersion", Type.TEXT);
        public static final Key SDK = Key.of("sdk", Type.INTEGER);
        public static final Key BUILD_FINGERPRINT = Key.of("buildFingerprint", Type.TEXT);
        public static final Key REFRESH_MODES_HZ = Key.of("refreshModesHz", Type.LIST);
        public static final List<Key> TEXTS = List.of(SERIAL, MODEL, ANDROID_VERSION, BUILD_FINGERPRINT);

        private InDevice() {
        }
    }

    /** The keys of {@link #ANDROID_VITALS} (docs/metrics.md 6). */
    public static final class InAndroidVitals {
        public static final Key SLOW_FRAMES_PERCENT = Key.decimal("slowFramesPercent", 2);
        public static final Key FROZEN_FRAMES_PERCENT = Key.decimal("frozenFramesPercent", 2);
        public static final Key SLOW_SESSION_20_PERCENT = Key.decimal("slowSession20Percent", 2);
        public static final Key SLOW_SESSION_30_PERCENT = Key.decimal("slowSession30Percent", 2);

        private InAndroidVitals() {
        }
    }

    /** The keys of {@link #FRAME_TIMELINE} (docs/metrics.md 10). */
    public static final class InFrameTimeline {
        public static final Key FRAMES = Key.of("frames", Type.INTEGER);
        public static final Key UNATTRIBUTED = Key.of("unattributed", Type.INTEGER);
        public static final Key JANKY_FRAMES = Key.of("jankyFrames", Type.INTEGER);
        public static final Key APP_JANK = Key.of("appJank", Type.INTEGER);
        public static final Key SYSTEM_JANK = Key.of("systemJank", Type.INTEGER);
        public static final Key APP_JANK_PERCENT = Key.decimal("appJankPercent", 2);
        public static final Key SYSTEM_JANK_PERCENT = Key.decimal("systemJankPercent", 2);
        /** Rev 3: neither app nor system jank; a summary written before it counts them in {@code types.dropped}. */
        public static final Key DROPPED_BUFFERS = Key.of("droppedBuffers", Type.INTEGER);
        /** Rev 4 (docs/metrics.md 10): joined frames of each jank tag that is neither app nor system jank. */
        public static final Key BUFFER_STUFFING = Key.of("bufferStuffing", Type.INTEGER);
        public static final Key SURFACE_FLINGER_STUFFING = Key.of("surfaceFlingerStuffing", Type.INTEGER);
        public static final Key NON_PERCEIVABLE = Key.of("nonPerceivable", Type.INTEGER);
        /** One count per jank type key. */
        public static final Key TYPES = Key.of("types", Type.OBJECT);
        /** The {@link #TYPES} entry older summaries counted dropped buffers in. */
        public static final String DROPPED_TYPE = "dropped";

        private InFrameTimeline() {
        }
    }

    /** The keys of {@link #RESOURCES} (docs/metrics.md 13 rule 11), written and read by {@link ResourcesJson}. */
    public static final class InResources {
        /** The app's CPU: an object of {@link InCpu} keys. */
        public static final Key APP = Key.of("app", Type.OBJECT);
        /** The device's CPU: an object of {@link InCpu} keys. */
        public static final Key DEVICE = Key.of("device", Type.OBJECT);
        /** The named threads: objects of {@link InCpu} keys with a {@link InCpu#NAME}. */
        public static final Key THREADS = Key.of("threads", Type.LIST);
        public static final Key RSS_PEAK_KB = Key.of("rssPeakKb", Type.INTEGER);
        public static final Key PSS_PEAK_KB = Key.of("pssPeakKb", Type.INTEGER);
        public static final Key WORST_THERMAL_STATUS = Key.of("worstThermalStatus", Type.INTEGER);
        public static final Key MAX_TEMP_C = Key.decimal("maxTempC", 1);
        public static final Key BATTERY_TEMP_C = Key.decimal("batteryTempC", 1);
        public static final Key THROTTLED_SHARE = Key.decimal("throttledShare", 4);
        public static final Key SLOW_FRAMES_MAIN_THREAD_BUSY = Key.of("slowFramesMainThreadBusy", Type.INTEGER);
        public static final Key SLOW_FRAMES_THROTTLED = Key.of("slowFramesThrottled", Type.INTEGER);
        /** One line of text per part that could not be read. */
        public static final Key MISSING = Key.of("missing", Type.LIST);
        /** docs/metrics.md 14: the GPU, an object of {@link InGpu} keys, null when not read. */
        public static final Key GPU = Key.of("gpu", Type.OBJECT);
        /** docs/metrics.md 14: the battery's power, an object of {@link InPower} keys, null when not read. */
        public static final Key POWER = Key.of("power", Type.OBJECT);
        /** docs/metrics.md 14: bytes, an object of {@link InNetwork} keys, null when not read. */
        public static final Key NETWORK = Key.of("network", Type.OBJECT);
        public static final Key SLOW_FRAMES_GPU_BUSY = Key.of("slowFramesGpuBusy", Type.INTEGER);

        private InResources() {
        }
    }

    /** The keys of {@link InResources#GPU} (docs/metrics.md 14 rule 7). */
    public static final class InGpu {
        public static final Key MEAN_PERCENT = Key.decimal("meanPercent", 2);
        public static final Key PEAK_PERCENT = Key.decimal("peakPercent", 2);
        public static final Key MEAN_MHZ = Key.decimal("meanMhz", 1);
        /** Why the figures are null (the device's own error text), else null. */
        public static final Key UNAVAILABLE = Key.of("unavailable", Type.TEXT);
        /** docs/metrics.md 14 rule 10: the app's uid's GPU active time over the run, ms ({@code dumpsys gpu}). */
        public static final Key APP_ACTIVE_MS = Key.decimal("appActiveMs", 1);
        /** Why {@link #APP_ACTIVE_MS} is null, else null. */
        public static final Key APP_UNAVAILABLE = Key.of("appUnavailable", Type.TEXT);

        private InGpu() {
        }
    }

    /** The keys of {@link InResources#POWER} (docs/metrics.md 14 rule 7). */
    public static final class InPower {
        public static final Key MEAN_MW = Key.decimal("meanMw", 1);
        public static final Key PEAK_MW = Key.decimal("peakMw", 1);
        public static final Key ENERGY_MWH = Key.decimal("energyMwh", 3);
        public static final Key DISCHARGING_SECONDS = Key.decimal("dischargingSeconds", 3);
        public static final Key CHARGING_SECONDS = Key.decimal("chargingSeconds", 3);
        /** {@code negative} (kernel ABI) or {@code positive} (some vendors): current_now's sign while discharging. */
        public static final Key DISCHARGE_CURRENT_SIGN = Key.of("dischargeCurrentSign", Type.TEXT);
        public static final Key UNAVAILABLE = Key.of("unavailable", Type.TEXT);

        private InPower() {
        }
    }

    /** The keys of {@link InResources#NETWORK} (docs/metrics.md 14 rule 7): the app's by uid, the device's. */
    public static final class InNetwork {
        public static final Key APP_RX_BYTES = Key.of("appRxBytes", Type.INTEGER);
        public static final Key APP_TX_BYTES = Key.of("appTxBytes", Type.INTEGER);
        public static final Key APP_UNAVAILABLE = Key.of("appUnavailable", Type.TEXT);
        public static final Key DEVICE_RX_BYTES = Key.of("deviceRxBytes", Type.INTEGER);
        public static final Key DEVICE_TX_BYTES = Key.of("deviceTxBytes", Type.INTEGER);
        public static final Key DEVICE_UNAVAILABLE = Key.of("deviceUnavailable", Type.TEXT);

        private InNetwork() {
        }
    }

    /** The keys of a CPU figure of {@link InResources}: the run's mean and peak in % (two decimals). */
    public static final class InCpu {
        /** A thread's name (in {@link InResources#THREADS} only). */
        public static final Key NAME = Key.of("name", Type.TEXT);
        public static final Key MEAN_CPU_PERCENT = Key.decimal("meanCpuPercent", 2);
        public static final Key PEAK_CPU_PERCENT = Key.decimal("peakCpuPercent", 2);

        private InCpu() {
        }
    }

    /** The keys of {@link #FLUTTER} (docs/metrics.md 16), written and read by {@link FlutterJson}. */
    public static final class InFlutter {
        /** Frames with timings ({@code Flutter.Frame} events). */
        public static final Key FRAMES = Key.of("frames", Type.INTEGER);
        /** One refresh period of the display, the budget. */
        public static final Key BUDGET_MS = Key.decimal("budgetMs", 3);
        /** Build (UI thread) time percentiles: an object of {@link #P50}, {@link #P90}, {@link #P99} (ms). */
        public static final Key BUILD_MS = Key.of("buildMs", Type.OBJECT);
        /** Raster time percentiles: an object of {@link #P50}, {@link #P90}, {@link #P99} (ms). */
        public static final Key RASTER_MS = Key.of("rasterMs", Type.OBJECT);
        public static final Key P50 = Key.decimal("p50", 3);
        public static final Key P90 = Key.decimal("p90", 3);
        public static final Key P99 = Key.decimal("p99", 3);
        /** Share (0–1) of frames whose build ran over the budget. */
        public static final Key UI_OVER_BUDGET = Key.decimal("uiOverBudget", 4);
        /** Share (0–1) of frames whose raster ran over the budget. */
        public static final Key RASTER_OVER_BUDGET = Key.decimal("rasterOverBudget", 4);
        /** Share (0–1) of frames with either over the budget. */
        public static final Key JANKY_SHARE = Key.decimal("jankyShare", 4);
        /** {@code ui}, {@code raster} or {@code none}: the thread to fix first. */
        public static final Key WORSE_THREAD = Key.of("worseThread", Type.TEXT);
        /** The overlay's fps (a worst case of 120 frames, capped at 60): an object of {@link #UI}, {@link #RASTER}. */
        public static final Key OVERLAY_FPS = Key.of("overlayFps", Type.OBJECT);
        /** The lowest overlay fps of any 120-frame window: an object of {@link #UI}, {@link #RASTER}. */
        public static final Key OVERLAY_FPS_LOWEST = Key.of("overlayFpsLowest", Type.OBJECT);
        public static final Key UI = Key.decimal("ui", 1);
        public static final Key RASTER = Key.decimal("raster", 1);
        /** Events dropped as seen before. */
        public static final Key DUPLICATES = Key.of("duplicates", Type.INTEGER);

        private InFlutter() {
        }
    }

    /** The keys of an entry of {@link #SLOW_MESSAGES} (the agent's slowest main-thread messages). */
    public static final class InSlowMessage {
        public static final Key DURATION_MS = Key.of("durationMs", Type.INTEGER);
        public static final Key TARGET = Key.of("target", Type.TEXT);
        public static final Key STACK = Key.of("stack", Type.TEXT);

        private InSlowMessage() {
        }
    }

    /** What stands in a JSON array of summaries for a file that failed: {@code {"file": …, "error": …}}. */
    public static final Key ERROR = Key.of("error", Type.TEXT);

    private SummaryJsonSchema() {
    }
}
