package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate's verdicts against a baseline (--baseline, --max-regression) over repeated driven runs (--iterations,
 * --scroll): a janky candidate regresses against a smooth baseline by the Hodges-Lehmann shift worked out here, and
 * thresholds apply to the iteration median. The same scenario against its baseline is
 * {@link GateBaselineUnchangedEndToEndTest}'s. Split from {@link GateDriveEndToEndTest} (and from each other) so that
 * no class runs long beside the others: the three gates of 5 iterations took 25 s one after another.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("e2e")
class GateBaselineEndToEndTest {
    private static final String PKG = "com.example.feed";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static double[] p99Of(JsonNode run) {
        List<Double> v = new ArrayList<>();
        run.get("iterations").forEach(i -> v.add(i.get("frameTimeMs").get("p99").doubleValue()));
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The reference median: the middle value, or the mean of the two middle values. */
    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    @Test
    void jankAgainstASmoothBaselineRegresses(@TempDir Path dir) throws Exception {
        Path base = dir.resolve("base.json");
        Cli b = ScrollGates.scrollGate("smooth", "1s", base);
        assertEquals(0, b.exit, b.toString());
        JsonNode baseRun = JSON.readTree(base.toFile());
        assertEquals(5, baseRun.get("iterations").size(), "each iteration's summary is kept");
        assertEquals(1, baseRun.get("schemaVersion").intValue());
        assertTrue(baseRun.get("comparison").isNull(), "no baseline, no comparison");
        assertEquals(baseRun.get("iterations").get(4).get("fps"), baseRun.get("fps"), "top level: last iteration");

        Path cand = dir.resolve("cand.json");
        Cli jank = ScrollGates.scrollGate("jank", "2s", cand, "--baseline", base.toString(), "--max-regression", "10");
        assertEquals(1, jank.exit, jank.toString());
        assertTrue(jank.out.lines().anyMatch(l -> l.contains("frameTimeMs.p99 vs baseline")
                && l.contains("regressed") && l.endsWith("FAIL")), jank.out);
        assertTrue(jank.out.contains("gate FAILED"), jank.out);
        // the Hodges-Lehmann shift worked out here: the median of all 25 p99 differences (jank - smooth), in %
        JsonNode candRun = JSON.readTree(cand.toFile());
        double[] bf = p99Of(baseRun);
        double[] cf = p99Of(candRun);
        double[] diffs = new double[bf.length * cf.length];
        int k = 0;
        for (double c : cf) {
            for (double x : bf) {
                diffs[k++] = c - x;
            }
        }
        double shiftPercent = median(diffs) / median(bf) * 100;
        assertTrue(shiftPercent > 10, "jank's p99 is more than 10 % longer than smooth's: " + shiftPercent);
        JsonNode p99 = candRun.get("comparison").get("frameTimeMs.p99");
        assertEquals("regressed", p99.get("verdict").asText());
        assertTrue(p99.get("ciLowPercent").doubleValue() > 0, "the whole interval on the worse side: " + p99);
        assertEquals(shiftPercent, p99.get("deltaPercent").doubleValue(), 0.5); // from 2-decimal iteration values
        assertEquals(median(cf), p99.get("candidate").doubleValue(), 0.006);

        // thresholds apply to the iteration median (worked out here), not to one iteration
        double candMedian = median(cf);
        Cli atMedian = Cli.run("gate", "--from", cand.toString(), "--max-p99-ms", Double.toString(candMedian));
        assertEquals(0, atMedian.exit, atMedian.toString());
        Cli below = Cli.run("gate", "--from", cand.toString(), "--max-p99-ms", java.math.BigDecimal.valueOf(candMedian)
                .subtract(new java.math.BigDecimal("0.01")).toPlainString());
        assertEquals(1, below.exit, below.toString());
    }
}
