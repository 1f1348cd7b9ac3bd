package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate against a baseline of the same scenario (--baseline, --max-regression over 5 iterations of --scroll): two
 * independent smooth runs compare unchanged on every figure, and the gate passes. Split from
 * {@link GateBaselineEndToEndTest} (which gates jank against a smooth baseline) so that no class runs long.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("e2e")
class GateBaselineUnchangedEndToEndTest {

    @Test
    void theSameScenarioAgainstItsBaselineIsUnchanged(@TempDir Path dir) throws Exception {
        Path base = dir.resolve("base.json");
        Cli b = ScrollGates.scrollGate("smooth", "1s", base);
        assertEquals(0, b.exit, b.toString());

        Cli same = ScrollGates.scrollGate("smooth", "1s", dir.resolve("again.json"), "--baseline", base.toString(),
                "--max-regression", "10");
        assertEquals(0, same.exit, same.toString());
        long rows = same.out.lines().filter(l -> l.contains(" vs baseline")).count();
        assertTrue(rows >= 5, same.out);
        assertEquals(rows, same.out.lines().filter(l -> l.contains(" vs baseline") && l.contains("unchanged")
                && l.endsWith("PASS")).count(), same.out);
    }
}
