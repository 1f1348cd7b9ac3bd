package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gate --max-slow-frames-percent / --max-frozen-frames-percent} end to end on the simulator (METRICS 7a). */
@Tag("e2e")
class AndroidVitalsGateCommandTest {
    private static final String PKG = "com.example.feed";

    @Test
    void slowFramesGateFailsTheJankScenarioAndTheSummaryCarriesTheObject(@TempDir Path dir) throws Exception {
        Path summary = dir.resolve("summary.json");
        Cli r = Cli.run("gate", PKG, "--simulate=jank", "--source", "gfxinfo", "--duration", "2s",
                "--max-slow-frames-percent", "0", "--max-frozen-frames-percent", "100",
                "--summary-out", summary.toString());
        assertEquals(1, r.exit, r::toString);
        assertTrue((r.out + r.err).contains("slowFramesPercent"), r::toString);
        JsonNode v = new ObjectMapper().readTree(summary.toFile()).path("androidVitals");
        assertTrue(v.path("slowFramesPercent").doubleValue() > 0, v::toString);
        assertTrue(v.path("slowSession20Percent").isNull(), v::toString);
    }

    @Test
    void surfaceFlingerSourceIsNotApplicable() {
        Cli r = Cli.run("gate", PKG, "--simulate=jank", "--source", "surfaceflinger", "--duration", "2s",
                "--max-slow-frames-percent", "0");
        assertEquals(0, r.exit, r::toString);
        assertTrue(r.out.contains("slowFramesPercent") && r.out.contains("1 n/a"), r::toString);
    }

    @Test
    void aNegativeThresholdIsAUsageError() {
        Cli r = Cli.run("gate", PKG, "--simulate", "--max-frozen-frames-percent", "-1");
        assertEquals(2, r.exit, r::toString);
        assertTrue(r.err.contains("--max-frozen-frames-percent"), r::toString);
    }
}
