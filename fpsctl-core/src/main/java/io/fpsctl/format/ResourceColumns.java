package io.fpsctl.format;

import io.fpsctl.engine.ResourceCounters;
import io.fpsctl.engine.LoadUsage;
import io.fpsctl.engine.ResourceUsage;
import java.util.List;
import java.util.StringJoiner;

/**
 * The resource columns of the windows CSV and the frames CSV (docs/metrics.md section 13): a window's figures, or
 * the interval a frame gets. CPU in % with one decimal (one tick over 1 s is 1 %), memory in kB, temperatures in °C
 * with one decimal; every cell is empty when its value is unknown (never 0).
 */
final class ResourceColumns {
    /** The columns both CSVs have, in order. */
    static final List<String> COMMON = List.of("appCpuPercent", "mainCpuPercent", "renderThreadCpuPercent",
            "hwuiTaskCpuPercent", "gpuCompletionCpuPercent", "deviceCpuPercent", "throttled", "rssKb", "pssKb",
            "thermalStatus", "gpuPercent", "gpuMhz", "powerMw");
    /** The windows CSV's further columns: the top other threads, the frequencies, the temperatures. */
    static final List<String> WINDOW_ONLY = List.of("topThreads", "cpuFreqKhz", "maxTempC", "batteryTempC",
            "charging", "appRxBytes", "appTxBytes", "deviceRxBytes", "deviceTxBytes", "appGpuMs", "unavailable");

    private ResourceColumns() {
    }

    /** What the cells of the resource column {@code name} hold (for {@link FrameCsvSchema}, {@link WindowCsvSchema}). */
    static CsvColumn.Type type(String name) {
        if (name.endsWith("Percent")) {
            return CsvColumn.Type.PERCENT;
        }
        if (name.endsWith("TempC")) {
            return CsvColumn.Type.CELSIUS;
        }
        return switch (name) {
            case "throttled", "charging" -> CsvColumn.Type.BOOLEAN;
            case "topThreads", "cpuFreqKhz", "unavailable" -> CsvColumn.Type.LIST;
            case "gpuMhz", "powerMw", "appGpuMs" -> CsvColumn.Type.DECIMAL;
            default -> CsvColumn.Type.INTEGER; // rssKb, pssKb, thermalStatus
        };
    }

    /** The {@link #COMMON} cells of {@code u} (all empty when null). */
    static void common(ResourceUsage u, List<? super String> c) {
        if (u == null) {
            for (int i = 0; i < COMMON.size(); i++) {
                c.add("");
            }
            return;
        }
        c.add(percent(u.appCpu()));
        c.add(percent(u.mainCpu()));
        c.add(percent(u.renderThreadCpu()));
        c.add(percent(u.hwuiTaskCpu()));
        c.add(percent(u.gpuCompletionCpu()));
        c.add(percent(u.deviceCpu()));
        c.add(u.throttled() == null ? "" : u.throttled().toString());
        c.add(u.rssKb() == null ? "" : u.rssKb().toString());
        c.add(u.pssKb() == null ? "" : u.pssKb().toString());
        c.add(u.thermalStatus() == null ? "" : u.thermalStatus().toString());
        LoadUsage l = u.load();
        c.add(l == null ? "" : percent(l.gpuPercent()));
        c.add(l == null ? "" : percent(l.gpuMhz()));
        c.add(l == null ? "" : percent(l.powerMw()));
    }

    /**
     * The {@link #WINDOW_ONLY} cells: {@code topThreads} as {@code name=percent} joined with {@code |} (a comm may
     * hold any byte but NUL and '/'; the CSV quotes it), {@code cpuFreqKhz} as {@code policyN=cur/max} joined with
     * {@code |}.
     */
    static void windowOnly(ResourceUsage u, List<? super String> c) {
        if (u == null) {
            for (int i = 0; i < WINDOW_ONLY.size(); i++) {
                c.add("");
            }
            return;
        }
        StringJoiner top = new StringJoiner("|");
        for (ResourceUsage.ThreadCpu t : u.topOthers()) {
            top.add(t.name() + "=" + percent(t.percent()));
        }
        c.add(top.toString()); // thread names: device text, WindowCsvSchema.DEVICE_TEXT
        StringJoiner f = new StringJoiner("|");
        for (ResourceCounters.Frequency q : u.frequencies()) {
            f.add("policy" + q.policy() + "=" + q.curKhz() + "/" + q.maxKhz());
        }
        c.add(f.toString());
        c.add(u.maxTempC() == null ? "" : Decimals.round(u.maxTempC(), 1).toPlainString());
        c.add(u.batteryTempC() == null ? "" : Decimals.round(u.batteryTempC(), 1).toPlainString());
        LoadUsage l = u.load();
        c.add(l == null || l.charging() == null ? "" : l.charging().toString());
        c.add(l == null || l.appRxBytes() == null ? "" : l.appRxBytes().toString());
        c.add(l == null || l.appTxBytes() == null ? "" : l.appTxBytes().toString());
        c.add(l == null || l.deviceRxBytes() == null ? "" : l.deviceRxBytes().toString());
        c.add(l == null || l.deviceTxBytes() == null ? "" : l.deviceTxBytes().toString());
        c.add(l == null ? "" : percent(l.appGpuMs())); // ms, one decimal (docs/metrics.md 14 rule 10)
        c.add(l == null ? "" : unavailable(l));
    }

    /**
     * docs/metrics.md 14: why each unknown figure of the window is unknown, {@code name=reason} joined with
     * {@code |} ({@code gpu}, {@code power}, {@code appNet}, {@code deviceNet}, {@code appGpu}); the reason is the device's own
     * error text (device text: WindowCsvSchema.DEVICE_TEXT).
     */
    static String unavailable(LoadUsage l) {
        StringJoiner j = new StringJoiner("|");
        if (l.gpuPercent() == null || l.gpuMhz() == null) {
            j.add("gpu=" + l.gpuReason());
        }
        if (l.powerMw() == null) {
            j.add("power=" + l.powerReason());
        }
        if (l.appRxBytes() == null) {
            j.add("appNet=" + l.appNetReason());
        }
        if (l.deviceRxBytes() == null) {
            j.add("deviceNet=" + l.deviceNetReason());
        }
        if (l.appGpuMs() == null) {
            j.add("appGpu=" + l.appGpuReason());
        }
        return j.toString();
    }

    private static String percent(Double v) {
        return v == null || v.isNaN() || v.isInfinite() ? "" : Decimals.round(v, 1).toPlainString();
    }
}
