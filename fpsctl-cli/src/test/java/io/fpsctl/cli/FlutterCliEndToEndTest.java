package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Tag;

/**
 * {@code watch} and {@code gate} on the simulated Flutter apps (docs/metrics.md 16): the flutter block beside fps
 * with the budget of the display's refresh rate, {@code auto} saying it found a Flutter app, and a release build's
 * note. The gate's cases (the Flutter thresholds failing with the reason on a release build, passing and failing on
 * the measured p90s, the split on auto without a threshold) are {@link FlutterGateEndToEndTest}'s, so that the two
 * classes' 2–3 s runs go side by side.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
@Tag("e2e")
class FlutterCliEndToEndTest {
    private static final String PKG = "com.example.feed";

    @Test
    void sourceFlutterPrintsTheBlockWithTheBudgetOfTheRefreshRate() {
        Cli r = Cli.run("watch", PKG, "--simulate=flutter", "--sim-refresh", "120", "--sim-android", "14",
                "--source", "flutter", "--duration", "3s");
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.err.contains("Flutter app in a profile or debug build"), r.toString());
        assertTrue(r.out.contains("budget 8.33 ms (one refresh period)"), r.toString());
        assertTrue(r.out.contains("  build (UI thread)  p50 ") && r.out.contains("  raster             p50 "),
                r.toString());
        assertTrue(r.out.contains("  worse thread: "), r.toString());
        assertTrue(r.out.contains("Flutter overlay: UI ") && r.out.contains("beside fpsctl: "), r.toString());
        // the live line of each window (plain: not a terminal): the UI and raster p90 and the worse thread
        assertTrue(r.out.matches("(?s).*window=[0-9]+ .* uiP90Ms=[0-9]+\\.[0-9]{2} rasterP90Ms=[0-9]+\\.[0-9]{2} "
                + "worseThread=(ui|raster|none)\n.*"), r.toString());
    }

    @Test
    void autoOnAFlutterAppSaysSoAndAddsTheBlock() {
        Cli r = Cli.run("watch", PKG, "--simulate=flutter", "--sim-android", "12", "--duration", "3s");
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.err.contains("SurfaceView["), "auto measures the FlutterSurfaceView layer: " + r);
        assertTrue(r.err.contains("Flutter app in a profile or debug build"), r.toString());
        assertTrue(r.out.contains("budget 16.67 ms (one refresh period)"), r.toString());
        // docs/metrics.md 16 rule 9: the per-frame pairing's premises are said, not hidden
        assertTrue(r.out.contains("  flutter: pairing inferred: frames.csv's uiMs/rasterMs/flutterBottleneck assume "
                + "no dropped buffer"), r.toString());
        assertFalse(r.out.contains("refresh rate unavailable"), r.toString());
    }

    @Test
    void autoOnAGameAddsNoFlutterBlock() {
        Cli r = Cli.run("watch", PKG, "--simulate=game", "--duration", "2s");
        assertEquals(0, r.exit, r.toString());
        assertFalse(r.out.contains("flutter:"), r.toString());
    }

    @Test
    void aReleaseBuildGivesTheNote() {
        Cli w = Cli.run("watch", PKG, "--simulate=flutter-release", "--duration", "2s");
        assertEquals(0, w.exit, w.toString());
        assertTrue(w.err.contains("Flutter app in a release build: SurfaceFlinger frames and the engine threads' CPU "
                + "only; the UI/raster split needs a profile build"), w.toString());
        assertTrue(w.out.contains("flutter: UI/raster split unavailable: no Dart VM service (a release build, or "),
                w.toString());
        assertTrue(w.out.matches("(?s).*  engine threads over [0-9.]+ s: 1\\.ui [0-9.]+ %, 1\\.raster [0-9.]+ % of one "
                + "core.*"), "the release build's engine thread CPU: " + w);
    }

    /** Flutter 3.29+'s default: the UI work on the main thread, no 1.ui (android_shell_holder.cc). */
    @Test
    void aReleaseBuildWithTheUiWorkOnTheMainThreadShowsTheMainThreadAndTheRasterThread() {
        Cli w = Cli.run("watch", PKG, "--simulate=flutter-merged-release", "--duration", "2s");
        assertEquals(0, w.exit, w.toString());
        assertTrue(w.out.matches("(?s).*  engine threads over [0-9.]+ s: main \\(UI merged\\) [0-9.]+ %, 1\\.raster "
                + "[0-9.]+ % of one core.*"), "the engine's CPU with the UI work on the main thread: " + w);
    }
}
