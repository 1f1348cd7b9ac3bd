package io.fpsctl.sink.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.fpsctl.engine.LoadUsage;
import io.fpsctl.engine.ResourceUsage;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's GPU, power and network data (docs/metrics.md section 14), drawn by {@code report/report-load.js}
 * under the fps chart on its time axis: {@code "load"} is null when no live window read them (a saved dump, or a
 * run without resources), else
 * <pre>
 * {"rows": [[t, gpuPercent, gpuMhz, powerMw, charging, appRxKBps, appTxKBps, deviceRxKBps, deviceTxKBps,
 *            appGpuPercent], …],
 *  "unavailable": {"gpu": reason, "power": reason, "appNet": reason, "deviceNet": reason, "appGpu": reason}}
 * </pre>
 * one row per live window ({@code t} in seconds from the first frame, as the fps chart's points); a figure that
 * could not be read is null, never 0, and its reason (the first one a window gave, device text escaped by Jackson
 * and shown by the page as text) is in {@code unavailable}. Bytes become kB/s (kB of 1024) over the window's own
 * length, so windows of different lengths compare. Charging is 1, discharging 0, unknown null. The app's GPU time
 * (rule 10) becomes a share of the window: ms / the window's ms × 100.
 */
final class ReportLoad {
    private ReportLoad() {
    }

    static void write(JsonGenerator g, List<ReportFrames.Window> windows, long origin) throws IOException {
        if (windows.stream().allMatch(w -> w.resources() == null || w.resources().load() == null)) {
            g.writeNullField("load");
            return;
        }
        Map<String, String> reasons = new LinkedHashMap<>();
        g.writeObjectFieldStart("load");
        g.writeArrayFieldStart("rows");
        for (ReportFrames.Window w : windows) {
            ResourceUsage r = w.resources();
            LoadUsage l = r == null ? null : r.load();
            double seconds = (w.endNs() - w.startNs()) / 1e9;
            g.writeStartArray();
            g.writeNumber((w.startNs() - origin) / 1e9);
            if (l == null) {
                for (int i = 0; i < 9; i++) {
                    g.writeNull();
                }
            } else {
                value(g, l.gpuPercent());
                value(g, l.gpuMhz());
                value(g, l.powerMw());
                value(g, l.charging() == null ? null : l.charging() ? 1.0 : 0.0);
                value(g, kBps(l.appRxBytes(), seconds));
                value(g, kBps(l.appTxBytes(), seconds));
                value(g, kBps(l.deviceRxBytes(), seconds));
                value(g, kBps(l.deviceTxBytes(), seconds));
                value(g, l.appGpuMs() == null || seconds <= 0 ? null : l.appGpuMs() / 10.0 / seconds);
                reasons.putIfAbsent("gpu", l.gpuReason());
                reasons.putIfAbsent("power", l.powerReason());
                reasons.putIfAbsent("appNet", l.appNetReason());
                reasons.putIfAbsent("deviceNet", l.deviceNetReason());
                reasons.putIfAbsent("appGpu", l.appGpuReason());
                reasons.entrySet().removeIf(e -> e.getValue() == null); // a later window may give the reason
            }
            g.writeEndArray();
        }
        g.writeEndArray();
        g.writeObjectFieldStart("unavailable");
        for (Map.Entry<String, String> e : reasons.entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    private static Double kBps(Long bytes, double seconds) {
        return bytes == null || seconds <= 0 ? null : bytes / 1024.0 / seconds;
    }

    private static void value(JsonGenerator g, Double v) throws IOException {
        if (v == null || !Double.isFinite(v)) {
            g.writeNull();
        } else {
            g.writeNumber(v);
        }
    }
}
