package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/metrics.md section 8 through the CLI: a baseline with no janky frame (jankPercent 0) has no percentage to
 * allow, so any jank in the candidate regresses whatever {@code --max-regression} says ("from 0 to X").
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("e2e")
class BaselineZeroGateEndToEndTest {
    private static final String PKG = "com.example.feed";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void jankFromAZeroBaselineFailsTheGateNamingJank(@TempDir Path dir) throws Exception {
        Path base = dir.resolve("base.json");
        Cli b = Cli.run("gate", PKG, "--simulate=smooth", "--source", "gfxinfo", "--duration", "2s",
                "--max-jank-percent", "100", "--summary-out", base.toString());
        assertEquals(0, b.exit, b.toString());
        assertEquals(0.0, JSON.readTree(base.toFile()).get("jankPercent").doubleValue(), "smooth has no janky frame");

        // the jank scenario: one slow frame every 40 (docs/gate-drive.md), so a 3 s run holds at least one
        Path cand = dir.resolve("cand.json");
        Cli c = Cli.run("gate", PKG, "--simulate=jank", "--source", "gfxinfo", "--duration", "3s",
                "--baseline", base.toString(), "--max-regression", "1000", "--summary-out", cand.toString());
        JsonNode candidate = JSON.readTree(cand.toFile());
        double jank = candidate.get("jankPercent").doubleValue();
        assertTrue(jank > 0, "the candidate has janky frames: " + candidate);
        assertEquals(1, c.exit, c.toString());
        // the printed value: two decimals (GateTable), from 0.00
        String printed = BigDecimal.valueOf(jank).setScale(2, RoundingMode.HALF_UP).toPlainString();
        assertTrue(c.out.lines().anyMatch(l -> l.contains("jankPercent vs baseline")
                && l.contains("from 0.00 to " + printed) && l.endsWith("FAIL")), c.out);

        // a run of iterations against it goes through the section 10 verdicts: 1 + 2 iterations, the medians
        Cli runs = Cli.run("gate", PKG, "--simulate=jank", "--source", "gfxinfo", "--duration", "3s",
                "--iterations", "2", "--baseline", base.toString(), "--max-regression", "1000", "--summary-out",
                dir.resolve("runs.json").toString());
        JsonNode verdict = JSON.readTree(dir.resolve("runs.json").toFile()).get("comparison").get("jankPercent");
        assertTrue(verdict.get("deltaPercent").isNull(), "no percentage of 0: " + verdict);
        assertTrue(verdict.get("candidate").doubleValue() > 0, "3 s of jank hold slow frames: " + verdict);
        assertEquals("regressed", verdict.get("verdict").asText(), verdict.toString());
        assertEquals(1, runs.exit, runs.toString());
        assertTrue(runs.out.lines().anyMatch(l -> l.contains("jankPercent vs baseline")
                && l.contains("from 0.00 to") && l.contains("regressed") && l.endsWith("FAIL")), runs.out);
    }
}
