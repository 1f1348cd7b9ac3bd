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
 * with the budget of the display's refresh rate, {@code auto} saying it found a Flutter app, and the Flutter gate
 * thresholds failing with the reason on a release build.
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
    void aReleaseBuildGivesTheNoteAndTheGateFailsWithTheReason() {
        Cli w = Cli.run("watch", PKG, "--simulate=flutter-release", "--duration", "2s");
        assertEquals(0, w.exit, w.toString());
        assertTrue(w.err.contains("Flutter app in a release build: SurfaceFlinger frames and the engine threads' CPU "
                + "only; the UI/raster split needs a profile build"), w.toString());
        assertTrue(w.out.contains("flutter: UI/raster split unavailable: no Dart VM service (a release build, or "),
                w.toString());
        assertTrue(w.out.matches("(?s).*  engine threads over [0-9.]+ s: 1\\.ui [0-9.]+ %, 1\\.raster [0-9.]+ % of one "
                + "core.*"), "the release build's engine thread CPU: " + w);

        Cli g = Cli.run("gate", PKG, "--simulate=flutter-release", "--duration", "2s", "--max-ui-p90-ms", "100");
        assertEquals(1, g.exit, g.toString());
        assertTrue(g.out.contains("flutter UI p90 (ms)") && g.out.contains("unavailable"), g.toString());
        assertTrue(g.err.contains("fpsctl: the Flutter thresholds fail: no Dart VM service (a release build, or its "
                + "announcement has left the log): the "
                + "UI/raster split needs a profile build"), g.toString());
    }

    /** Flutter 3.29+'s default: the UI work on the main thread, no 1.ui (android_shell_holder.cc). */
    @Test
    void aReleaseBuildWithTheUiWorkOnTheMainThreadShowsTheMainThreadAndTheRasterThread() {
        Cli w = Cli.run("watch", PKG, "--simulate=flutter-merged-release", "--duration", "2s");
        assertEquals(0, w.exit, w.toString());
        assertTrue(w.out.matches("(?s).*  engine threads over [0-9.]+ s: main \\(UI merged\\) [0-9.]+ %, 1\\.raster "
                + "[0-9.]+ % of one core.*"), "the engine's CPU with the UI work on the main thread: " + w);
    }

    /**
     * gate decides as watch and capture do (FlutterRun.start): auto on a profile-build Flutter app starts the split
     * without any Flutter threshold, and --summary-out carries the block capture's summary.json has.
     */
    @Test
    void gateOnAutoWithoutAFlutterThresholdAddsTheSplitAsCaptureDoes(@org.junit.jupiter.api.io.TempDir
            java.nio.file.Path dir) throws java.io.IOException {
        java.nio.file.Path json = dir.resolve("summary.json");
        Cli g = Cli.run("gate", PKG, "--simulate=flutter", "--sim-refresh", "120", "--duration", "2s",
                "--min-fps", "1", "--summary-out", json.toString());
        assertEquals(0, g.exit, g.toString());
        assertTrue(g.err.contains("Flutter app in a profile or debug build"), g.toString());
        com.fasterxml.jackson.databind.JsonNode s = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(json.toFile());
        com.fasterxml.jackson.databind.JsonNode block = s.get("flutter");
        assertTrue(block != null && block.isObject(), "the flutter block: " + s);
        assertTrue(block.get("frames").asLong() > 0, block.toString());
        assertEquals(8.333, block.get("budgetMs").asDouble(), 1e-9, block.toString());
        assertTrue(s.get("warnings").toString().contains("flutter: pairing inferred"), s.toString());

        Cli game = Cli.run("gate", PKG, "--simulate=game", "--duration", "2s", "--min-fps", "1", "--summary-out",
                dir.resolve("game.json").toString());
        assertEquals(0, game.exit, game.toString());
        assertFalse(game.err.contains("Flutter app"), game.toString());
        assertTrue(new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("game.json").toFile())
                .path("flutter").isNull(), "no block for a game");
    }

    @Test
    void theGatePassesAndFailsOnTheMeasuredP90s() {
        Cli pass = Cli.run("gate", PKG, "--simulate=flutter", "--duration", "2s", "--max-ui-p90-ms", "1000",
                "--max-raster-p90-ms", "1000");
        assertEquals(0, pass.exit, pass.toString());
        Cli fail = Cli.run("gate", PKG, "--simulate=flutter", "--duration", "2s", "--max-raster-p90-ms", "0.5");
        assertEquals(1, fail.exit, fail.toString());
        assertTrue(fail.out.contains("flutter raster p90 (ms)"), fail.toString());
    }
}
