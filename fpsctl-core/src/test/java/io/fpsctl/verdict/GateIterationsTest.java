package io.fpsctl.verdict;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.format.RunJson;
import io.fpsctl.format.SummaryJsonReader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.Summary;
import io.fpsctl.engine.compare.MetricComparison;
import io.fpsctl.engine.compare.RunComparison;
import io.fpsctl.verdict.GateCheck.Verdict;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Thresholds on the iteration median, verdict rows, and the run JSON of a gate with iterations. */
class GateIterationsTest {

    private static Summary run(double fps, double jank) throws IOException {
        return SummaryJsonReader.read(new StringReader("{\"schemaVersion\":1,\"source\":\"gfxinfo\","
                + "\"package\":\"p\",\"frames\":100,\"timedFrames\":100,\"fps\":" + fps + ",\"jankPercent\":" + jank
                + "}"));
    }

    @Test
    void thresholdsApplyToTheMedianNotToTheLastOrTheMean() throws IOException {
        // fps 50, 58, 61, 62, 30: median 58 (worked out by hand); last 30, mean 52.2
        List<Summary> runs = List.of(run(50, 1), run(58, 2), run(61, 9), run(62, 3), run(30, 4));
        GateCheck at = Gate.builder().minFps(58.0).build().evaluate(runs).checks().get(0);
        assertEquals(new GateCheck("fps", ">= 58.0", "58.0", Verdict.PASS, "fps 58.0 is >= 58.0"), at);
        assertEquals(Verdict.FAIL, Gate.builder().minFps(58.1).build().evaluate(runs).checks().get(0).verdict());
        // jank 1, 2, 9, 3, 4: median 3
        assertEquals("3.00", Gate.builder().maxJankPercent(3.0).build().evaluate(runs).checks().get(0).measured());
        // an even count: the mean of the two middle values, (58 + 61) / 2
        assertEquals("59.5", Gate.builder().minFps(1.0).build().evaluate(runs.subList(0, 4)).checks().get(0)
                .measured());
    }

    @Test
    void verdictRowsFailOnlyOnRegressed() throws IOException {
        List<Summary> base = List.of(run(60, 1), run(60, 1), run(60, 1), run(60, 1), run(60, 1));
        List<Summary> slow = List.of(run(40, 1), run(41, 1), run(42, 1), run(43, 1), run(44, 1));
        List<MetricComparison> rows = RunComparison.compare(base, slow, 10);
        List<GateCheck> checks = ComparisonChecks.of(rows, 10);
        GateCheck fps = checks.stream().filter(c -> c.metric().equals("fps vs baseline")).findFirst().orElseThrow();
        // Hodges-Lehmann by hand: all 25 differences are 40..44 - 60, their median -18 = -30 % of 60
        assertEquals(Verdict.FAIL, fps.verdict(), fps.toString());
        assertTrue(fps.measured().startsWith("42.0 (-30.00%"), fps.measured());
        assertTrue(fps.measured().endsWith(" regressed"), fps.measured());
        assertEquals("baseline 60.0, <= 10% worse", fps.threshold());
        GateCheck jank = checks.stream().filter(c -> c.metric().equals("jankPercent vs baseline")).findFirst()
                .orElseThrow();
        assertEquals(Verdict.PASS, jank.verdict());
        assertTrue(jank.measured().endsWith(" unchanged"), jank.measured());
    }

    @Test
    void theRunJsonIsReadBackAsItsIterations(@TempDir Path dir) throws IOException {
        List<Summary> runs = List.of(EngineRun.fps599(), EngineRun.smooth60(), EngineRun.fps599());
        Path f = dir.resolve("run.json");
        StringWriter w = new StringWriter();
        RunJson.write(runs, null, w);
        Files.writeString(f, w.toString());
        List<Summary> back = SummaryJsonReader.readRun(f);
        // fps as printed: 59.9 (599 frames in 10 s), 60.0, 59.9
        assertEquals(List.of(59.9, 60.0, 59.9), back.stream().map(Summary::fps).toList());
        assertEquals(59.9, SummaryJsonReader.read(f).fps(), "the top level is the last iteration");
        assertTrue(w.toString().contains("\"comparison\" : null"), w.toString());
    }
}
