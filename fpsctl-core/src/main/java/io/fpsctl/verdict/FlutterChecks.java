package io.fpsctl.verdict;

import io.fpsctl.engine.FlutterStats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The gate's Flutter thresholds (docs/metrics.md 16): {@code --max-ui-p90-ms} on the build (UI thread) p90 and
 * {@code --max-raster-p90-ms} on the raster p90. A run without those timings (no Dart VM service: a release build,
 * or not a Flutter app) fails each asked check with the reason: it never passes.
 */
public final class FlutterChecks {

    private FlutterChecks() {
    }

    /**
     * @param r      the run's block, or null
     * @param reason why there is none
     */
    public static List<GateCheck> of(Double maxUiP90Ms, Double maxRasterP90Ms, FlutterStats.Result r, String reason) {
        List<GateCheck> out = new ArrayList<>();
        if (maxUiP90Ms != null) {
            out.add(check("flutter UI p90 (ms)", maxUiP90Ms, r == null ? Double.NaN : r.buildP90(), reason));
        }
        if (maxRasterP90Ms != null) {
            out.add(check("flutter raster p90 (ms)", maxRasterP90Ms, r == null ? Double.NaN : r.rasterP90(), reason));
        }
        return out;
    }

    private static GateCheck check(String metric, double max, double value, String reason) {
        String threshold = String.format(Locale.ROOT, "<= %.2f", max);
        if (Double.isNaN(value)) {
            return new GateCheck(metric, threshold, "unavailable", GateCheck.Verdict.FAIL, reason);
        }
        boolean ok = value <= max;
        return new GateCheck(metric, threshold, String.format(Locale.ROOT, "%.2f", value),
                ok ? GateCheck.Verdict.PASS : GateCheck.Verdict.FAIL, ok ? "" : String.format(Locale.ROOT,
                "%.2f ms is above %.2f ms", value, max));
    }
}
