package io.fpsctl.sink;

import io.fpsctl.engine.FlutterStats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The summary's {@code flutter} block as text (docs/metrics.md 16): build and raster percentiles, which thread ran
 * over the budget more often, and Flutter's overlay figures beside fpsctl's fps with the reason they differ. Only
 * numbers and fpsctl's words: nothing from the device.
 */
public final class FlutterBlock {

    private FlutterBlock() {
    }

    /**
     * @param r      the block, or null
     * @param reason why there is none (when {@code r} is null)
     * @param fps    fpsctl's fps of the frames the user saw (NaN when unavailable)
     */
    public static List<String> lines(FlutterStats.Result r, String reason, double fps) {
        List<String> out = new ArrayList<>();
        if (r == null) {
            out.add("flutter: UI/raster split unavailable: " + reason);
            return out;
        }
        out.add(String.format(Locale.ROOT, "flutter: %d frames with timings; budget %.2f ms (one refresh period)",
                r.frames(), r.budgetMs()));
        out.add(String.format(Locale.ROOT, "  build (UI thread)  p50 %.2f  p90 %.2f  p99 %.2f ms   over budget %.1f %%",
                r.buildP50(), r.buildP90(), r.buildP99(), 100 * r.uiOverBudget()));
        out.add(String.format(Locale.ROOT, "  raster             p50 %.2f  p90 %.2f  p99 %.2f ms   over budget %.1f %%",
                r.rasterP50(), r.rasterP90(), r.rasterP99(), 100 * r.rasterOverBudget()));
        out.add("  worse thread: " + r.worseThread() + String.format(Locale.ROOT, " (janky: %.1f %% of frames)",
                100 * r.jankyShare()));
        out.add(String.format(Locale.ROOT, "  Flutter overlay: UI %.1f fps (lowest %.1f), raster %.1f fps (lowest %.1f)"
                        + "   beside fpsctl: %s fps", r.overlayUiFps(), r.overlayUiFpsWorst(), r.overlayRasterFps(),
                r.overlayRasterFpsWorst(), Double.isFinite(fps) ? String.format(Locale.ROOT, "%.1f", fps)
                        : "unavailable"));
        out.add("  (the overlay shows 1000 / the slowest of the last 120 frames on each thread, a worst case; "
                + "fpsctl counts the frames the user saw over the whole run)");
        return out;
    }
}
