package io.fpsctl.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.engine.FrameTiming;
import io.fpsctl.engine.Summary;
import io.fpsctl.format.SummaryJson;
import io.fpsctl.format.SummaryJsonReader;
import io.fpsctl.verdict.GateCheck.Verdict;
import java.io.StringReader;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * {@code --max-frame-overrun-p90-ms} and {@code --max-frame-cpu-p90-ms} (docs/metrics.md 15.3) on a summary read
 * back from its JSON, as {@code gate --from} reads it: over the threshold fails, under passes, a run without
 * Macrobenchmark metrics cannot pass.
 */
class GateFrameTimingTest {

    /** Overrun samples −14, −12, −11, +2 ms: p90 = −11 + 0.7 · 13 = −1.9 ms; CPU 4, 5, 6, 9 ms: p90 = 6 + 0.7 · 3 = 8.1. */
    private static Summary analysedTrace() throws Exception {
        Summary s = EngineRun.fps599().withFrameTiming(FrameTiming.of(new double[] {4, 5, 6, 9},
                new double[] {-14, -12, -11, 2}));
        StringWriter json = new StringWriter();
        SummaryJson.write(s, json, false);
        return SummaryJsonReader.read(new StringReader(json.toString()));
    }

    @Test
    void anOverrunP90OverTheThresholdFails() throws Exception {
        Summary s = analysedTrace();
        assertEquals(-1.9, s.frameTiming().overrun(90), 1e-9);
        GateResult fail = Gate.builder().maxFrameOverrunP90Ms(-5.0).build().evaluate(s);
        assertFalse(fail.passed());
        assertEquals(Verdict.FAIL, fail.checks().get(0).verdict());
        assertEquals("frameOverrunP90Ms", fail.checks().get(0).metric());
        assertTrue(Gate.builder().maxFrameOverrunP90Ms(0.0).build().evaluate(s).passed());
        assertFalse(Gate.builder().maxFrameCpuP90Ms(8.0).build().evaluate(s).passed());
        assertTrue(Gate.builder().maxFrameCpuP90Ms(8.1).build().evaluate(s).passed());
    }

    @Test
    void anOverrunThresholdThatIsNoFiniteNumberIsRefused() {
        for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> Gate.builder().maxFrameOverrunP90Ms(bad));
            assertTrue(e.getMessage().contains("--max-frame-overrun-p90-ms"), e.getMessage());
        }
        assertTrue(Gate.builder().maxFrameOverrunP90Ms(-3.0).build().evaluate(EngineRun.fps599()).checks().size() == 1);
    }

    @Test
    void aRunWithoutMacrobenchmarkMetricsCannotPass() {
        GateResult r = Gate.builder().maxFrameOverrunP90Ms(10.0).build().evaluate(EngineRun.fps599());
        assertFalse(r.passed());
        assertTrue(r.checks().get(0).message().contains("Perfetto trace"), r.checks().get(0).message());
    }
}
