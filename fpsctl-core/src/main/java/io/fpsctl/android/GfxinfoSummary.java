package io.fpsctl.android;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * One jank summary of plain {@code dumpsys gfxinfo <pkg>} (docs/formats.md 5.1): the lines from
 * {@code Stats since:} to the GPU histogram, either for the whole process or for one window.
 * Values are as printed; fields a given Android version does not print are {@code null} (or an empty map).
 *
 * @param scope              whether this is the process-wide summary or a window's
 * @param window             the window title for {@link Scope#WINDOW}, {@code null} for {@link Scope#PROCESS}
 * @param pid                the process id from {@code ** Graphics info for pid N [proc] **}, null if not seen
 * @param processName        the process name from that header, null if not seen
 * @param statsSinceNs       {@code Stats since: <ns>ns}
 * @param totalFrames        {@code Total frames rendered}
 * @param jankyFrames        {@code Janky frames}
 * @param jankyPercent       the percentage printed beside it
 * @param legacyJankyFrames  {@code Janky frames (legacy)} (Android 12+), else null
 * @param legacyJankyPercent its percentage, else null
 * @param frameTimeMs        the 50th/90th/95th/99th percentile lines in ms (each null when absent;
 *                           Android 6 has no 50th)
 * @param counters           {@code Number <name>: n} lines keyed by {@code <name>} in printed order, unknown
 *                           names included (e.g. {@code Slow draw})
 * @param histogram          {@code HISTOGRAM:} bucket label in ms → count, in printed order; empty when absent
 * @param gpuFrameTimeMs     the {@code Nth gpu percentile} lines, null when none was printed
 * @param gpuHistogram       {@code GPU HISTOGRAM:} label in ms → count, null when absent
 */
public record GfxinfoSummary(
        Scope scope,
        String window,
        Integer pid,
        String processName,
        long statsSinceNs,
        long totalFrames,
        long jankyFrames,
        double jankyPercent,
        Long legacyJankyFrames,
        Double legacyJankyPercent,
        Percentiles frameTimeMs,
        Map<String, Long> counters,
        Map<Integer, Long> histogram,
        Percentiles gpuFrameTimeMs,
        Map<Integer, Long> gpuHistogram) {

    /** What a summary describes. */
    public enum Scope {
        /** The process-wide section after {@code ** Graphics info for pid N [proc] **}. */
        PROCESS,
        /** One window's section (after {@code Window: <title>} or its ViewRootImpl line). */
        WINDOW
    }

    /** Percentile lines in ms; a field is null when its line was not printed. */
    public record Percentiles(Integer p50, Integer p90, Integer p95, Integer p99) {
    }

    public GfxinfoSummary {
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(frameTimeMs, "frameTimeMs");
        counters = frozen(Objects.requireNonNull(counters, "counters"));
        histogram = frozen(Objects.requireNonNull(histogram, "histogram"));
        gpuHistogram = gpuHistogram == null ? null : frozen(gpuHistogram);
    }

    /** The {@code Number <name>:} counter, e.g. {@code counter("Missed Vsync")}; empty when not printed. */
    public OptionalLong counter(String name) {
        Long value = counters.get(name);
        return value == null ? OptionalLong.empty() : OptionalLong.of(value);
    }

    /** Sum of the {@code HISTOGRAM} bucket counts (0 when there was none). */
    public long histogramTotal() {
        return histogram.values().stream().mapToLong(Long::longValue).sum();
    }

    private static <K> Map<K, Long> frozen(Map<K, Long> map) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }
}
