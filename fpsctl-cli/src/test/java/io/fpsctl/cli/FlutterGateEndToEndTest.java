package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Tag;

/**
 * {@code gate} on the simulated Flutter apps (docs/metrics.md 16): the Flutter thresholds fail with the reason on a
 * release build (no Dart VM service), pass and fail on the measured UI/raster p90s, and auto on a profile build adds
 * the split to {@code --summary-out} as capture does, with no block for a game. {@link FlutterCliEndToEndTest} holds
 * the same apps' {@code watch} cases.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
@Tag("e2e")
class FlutterGateEndToEndTest {
    private static final String PKG = "com.example.feed";

    /** The gate half of {@link FlutterCliEndToEndTest#aReleaseBuildGivesTheNote}: the same release build. */
    @Test
    void onAReleaseBuildTheGateFailsWithTheReason() {
        Cli g = Cli.run("gate", PKG, "--simulate=flutter-release", "--duration", "2s", "--max-ui-p90-ms", "100");
        assertEquals(1, g.exit, g.toString());
        assertTrue(g.out.contains("flutter UI p90 (ms)") && g.out.contains("unavailable"), g.toString());
        assertTrue(g.err.contains("fpsctl: the Flutter thresholds fail: no Dart VM service (a release build, or its "
                + "announcement has left the log): the "
                + "UI/raster split needs a profile build"), g.toString());
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
