package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fpsctl compare}, on hand-written summary files whose expected verdicts are worked out below. */
class CompareCommandTest {

    /** A schema-1 summary with the compared metrics set by hand. */
    private static String summary(double fps, double jankPercent, double p90) {
        return String.format(Locale.ROOT, """
                {"schemaVersion":1, "source":"gfxinfo", "package":"com.example", "refreshHz":120.0,
                 "frames":600, "timedFrames":600, "fps":%.1f, "spanFps":%.1f, "jankyFrames":6, "jankPercent":%.2f,
                 "droppedFrames":6, "overflows":0,
                 "dropLevels":{"best":600,"normal":0,"middle":0,"high":0,"frozen":0},
                 "frameTimeMs":{"p50":8.00,"p90":%.2f,"p95":12.00,"p99":14.00,"max":20.00,"mean":8.50},
                 "windows":[]}""", fps, fps, jankPercent, p90);
    }

    private static Path run(Path dir, String name, double[] fps, double[] jank, double[] p90) throws IOException {
        StringBuilder b = new StringBuilder("{\"schemaVersion\":1, \"source\":\"gfxinfo\", \"iterations\":[");
        for (int i = 0; i < fps.length; i++) {
            b.append(i > 0 ? "," : "").append(summary(fps[i], jank[i], p90[i]));
        }
        return Files.writeString(dir.resolve(name), b.append("]}").toString());
    }

    @Test
    void aClearDropInFpsIsARegressionAndExits1(@TempDir Path dir) throws IOException {
        // fps: baseline 59,60,60,60,61 vs candidate 49,50,50,51,52 — Hodges–Lehmann −10 (−16.67 % of 60), interval
        // −11 … −8 entirely below 0 (see RunComparisonTest) → regressed at --max-regression 10.
        // jank %: identical 1.00 everywhere → every difference 0 → interval [0, 0] holds 0 → unchanged.
        // p90: baseline 10 ×5, candidate 10 ×5 → unchanged.
        Path base = run(dir, "base.json", new double[] {60, 59, 60, 61, 60}, new double[] {1, 1, 1, 1, 1},
                new double[] {10, 10, 10, 10, 10});
        Path cand = run(dir, "cand.json", new double[] {50, 51, 49, 50, 52}, new double[] {1, 1, 1, 1, 1},
                new double[] {10, 10, 10, 10, 10});
        Cli r = Cli.run("compare", base.toString(), cand.toString(), "--max-regression", "10", "--format", "json");
        assertEquals(1, r.exit, r.toString());
        JsonNode c = new ObjectMapper().readTree(r.out).path("comparison");
        assertEquals("regressed", c.path("fps").path("verdict").asText());
        assertEquals(60.0, c.path("fps").path("baseline").asDouble());
        assertEquals(50.0, c.path("fps").path("candidate").asDouble());
        assertEquals(-16.67, c.path("fps").path("deltaPercent").asDouble());
        assertEquals(-18.33, c.path("fps").path("ciLowPercent").asDouble());
        assertEquals(-13.33, c.path("fps").path("ciHighPercent").asDouble());
        assertEquals("unchanged", c.path("jankPercent").path("verdict").asText());
        assertEquals("unchanged", c.path("frameTimeMs.p90").path("verdict").asText());
        assertTrue(c.path("scrollFps").isMissingNode(), "a metric neither run measured is not compared");
    }

    @Test
    void theSameRunTwiceIsUnchangedAndExits0(@TempDir Path dir) throws IOException {
        Path base = run(dir, "base.json", new double[] {60, 59, 60, 61, 60}, new double[] {1, 2, 1, 2, 1},
                new double[] {10, 11, 10, 11, 10});
        Cli r = Cli.run("compare", base.toString(), base.toString());
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.contains("no regression"), r.out);
        assertTrue(!r.out.contains("regressed"), r.out);
    }

    @Test
    void markdownHasOneRowPerMetric(@TempDir Path dir) throws IOException {
        Path one = Files.writeString(dir.resolve("one.json"), summary(60, 1, 10));
        Path two = Files.writeString(dir.resolve("two.json"), summary(54, 1, 10));
        // one iteration each: medians only; fps 54 vs 60 is −10 %, not beyond 10 % → unchanged
        Cli r = Cli.run("compare", one.toString(), two.toString(), "--format", "markdown");
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.contains("| fps | 60.0 | 54.0 | -10.00% | - | ➖ unchanged |"), r.out);
        assertTrue(r.out.contains("too few iterations for a confidence interval"), r.out);
    }

    @Test
    void aFileThatIsNotASummaryIsOneLineExit5(@TempDir Path dir) throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.json"), "[1,2]");
        Cli r = Cli.run("compare", bad.toString(), bad.toString());
        assertEquals(5, r.exit, r.toString());
        assertEquals(1, r.err.strip().lines().count(), r.err);
        assertTrue(r.err.contains("bad.json"), r.err);
        Cli missing = Cli.run("compare", dir.resolve("nope.json").toString(), bad.toString());
        assertEquals(5, missing.exit, missing.toString());
        assertTrue(missing.err.contains("nope.json: no such file"), missing.err);
    }

    /** A perfetto summary with Macrobenchmark's frame metrics (docs/metrics.md 15.3) set by hand. */
    private static String traced(double cpuP90, double overrunP90) {
        return summary(60, 1, 10).replace("\"source\":\"gfxinfo\"", "\"source\":\"perfetto\"")
                .replace("\"windows\":[]", String.format(Locale.ROOT, "\"windows\":[], \"frameTiming\":{\"frameCount\":40,"
                        + " \"frameDurationCpuMs\":{\"p50\":5.00,\"p90\":%.2f,\"p95\":9.00,\"p99\":11.00},"
                        + " \"frameOverrunMs\":{\"p50\":-9.00,\"p90\":%.2f,\"p95\":4.00,\"p99\":6.00}}",
                        cpuP90, overrunP90));
    }

    @Test
    void macrobenchmarkFrameMetricsOfTracesAreCompared(@TempDir Path dir) throws IOException {
        // one iteration each: medians only. Overrun p90 −5.00 → +2.00: 7 ms worse, 140 % of |−5| > 10 % → regressed;
        // CPU p90 8.00 → 8.40: 5 % → unchanged; the other metrics are equal → unchanged. Exit 1.
        Path base = Files.writeString(dir.resolve("base.json"), traced(8, -5));
        Path cand = Files.writeString(dir.resolve("cand.json"), traced(8.4, 2));
        Cli r = Cli.run("compare", base.toString(), cand.toString(), "--format", "json");
        assertEquals(1, r.exit, r.toString());
        JsonNode c = new ObjectMapper().readTree(r.out).path("comparison");
        JsonNode overrun = c.path("frameTiming.frameOverrunMs.p90");
        assertEquals("regressed", overrun.path("verdict").asText(), r.out);
        assertEquals(-5.0, overrun.path("baseline").asDouble());
        assertEquals(2.0, overrun.path("candidate").asDouble());
        assertEquals(140.0, overrun.path("deltaPercent").asDouble());
        assertEquals("unchanged", c.path("frameTiming.frameDurationCpuMs.p90").path("verdict").asText(), r.out);
        assertEquals("unchanged", c.path("fps").path("verdict").asText());
        Cli text = Cli.run("compare", base.toString(), cand.toString());
        assertTrue(text.out.contains("frameTiming.frameOverrunMs.p90"), text.out);
    }
}
