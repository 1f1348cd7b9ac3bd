package io.fpsctl.sink;

import io.fpsctl.engine.FlutterStats;
import java.util.Locale;

/**
 * A Flutter app's live line in {@code watch} (docs/metrics.md 16 rule 10): the UI (build) and raster p90 of the
 * frames posted in the window and the worse thread, beside the window's own figures. Numbers and fpsctl's words
 * only: nothing from the device.
 */
public final class FlutterLine {

    private FlutterLine() {
    }

    /**
     * Appended to a plain window line: {@code " uiP90Ms=3.40 rasterP90Ms=4.90 worseThread=raster"}, or with dashes
     * when no Flutter frame came in the window.
     */
    public static String plain(FlutterStats.Result r) {
        if (r == null) {
            return " uiP90Ms=- rasterP90Ms=- worseThread=-";
        }
        return String.format(Locale.ROOT, " uiP90Ms=%.2f rasterP90Ms=%.2f worseThread=%s", r.buildP90(),
                r.rasterP90(), r.worseThread());
    }

    /**
     * Its own line in the ANSI view: {@code "flutter  ui p90 3.40  raster p90 4.90 ms  worse raster (12.5 % over)"},
     * the worse thread in yellow when any frame ran over the budget.
     */
    public static String ansi(FlutterStats.Result r, boolean colour) {
        if (r == null) {
            return "flutter  -  (no Flutter.Frame event in this window)";
        }
        String worse = r.worseThread();
        double over = worse.equals("raster") ? r.rasterOverBudget() : r.uiOverBudget();
        String tail = worse.equals("none") ? "worse -"
                : worse.equals(FlutterStats.Result.UNAVAILABLE) ? "worse unavailable (refresh rate not read)"
                : Ansi.style(colour, Ansi.YELLOW, "worse " + worse)
                + String.format(Locale.ROOT, " (%.1f %% over)", 100 * over);
        return String.format(Locale.ROOT, "flutter  ui p90 %.2f  raster p90 %.2f ms  ", r.buildP90(), r.rasterP90())
                + tail;
    }
}
