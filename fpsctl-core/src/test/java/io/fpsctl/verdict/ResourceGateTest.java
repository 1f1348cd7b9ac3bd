package io.fpsctl.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.engine.ResourceSummary;
import io.fpsctl.engine.ResourceSummary.Cpu;
import io.fpsctl.engine.Summary;
import java.util.List;
import org.junit.jupiter.api.Test;

/** gate --max-cpu-percent and --max-memory-mb (docs/metrics.md 13 rule 12). */
class ResourceGateTest {

    private static Summary with(Double appMean, Long rssKb, Long pssKb) {
        return EngineRun.smooth60().toBuilder().resources(new ResourceSummary(new Cpu("app", appMean, appMean),
                new Cpu("device", 30.0, 40.0), List.of(), rssKb, pssKb, null, null, null, null, 0, 0, List.of()))
                .build();
    }

    private static GateCheck only(Gate g, Summary s) {
        GateResult r = g.evaluate(s);
        assertEquals(1, r.checks().size(), r.checks().toString());
        return r.checks().get(0);
    }

    @Test
    void cpuAboveTheThresholdFailsNamingTheMetric() {
        Gate g = Gate.builder().maxCpuPercent(50.0).build();
        assertFalse(g.isEmpty());
        GateCheck fail = only(g, with(50.06, null, null)); // printed 50.1 > 50.0
        assertEquals("cpuPercent", fail.metric());
        assertEquals(GateCheck.Verdict.FAIL, fail.verdict());
        assertEquals("50.1", fail.measured());
        assertEquals(GateCheck.Verdict.PASS, only(g, with(50.04, null, null)).verdict(), "printed 50.0 is within");
    }

    @Test
    void memoryIsThePeakPssElseThePeakRssAndTheMetricSaysWhich() {
        Gate g = Gate.builder().maxMemoryMb(200.0).build();
        // PSS 204 800 kB = 200.0 MB: within; RSS (higher) is not what is compared when PSS was read
        GateCheck pss = only(g, with(10.0, 300_000L, 204_800L));
        assertEquals("pssPeakMb", pss.metric());
        assertEquals(GateCheck.Verdict.PASS, pss.verdict());
        // no PSS: RSS 210 000 kB = 205.1 MB > 200
        GateCheck rss = only(g, with(10.0, 210_000L, null));
        assertEquals("rssPeakMb", rss.metric());
        assertEquals("205.1", rss.measured());
        assertEquals(GateCheck.Verdict.FAIL, rss.verdict());
    }

    @Test
    void aRunWhoseResourcesCouldNotBeReadDoesNotPass() {
        Gate g = Gate.builder().maxCpuPercent(1000.0).maxMemoryMb(100_000.0).build();
        GateResult none = g.evaluate(EngineRun.smooth60());
        assertEquals(2, none.checks().size());
        for (GateCheck c : none.checks()) {
            assertEquals(GateCheck.Verdict.FAIL, c.verdict(), c.message());
            assertTrue(c.message().contains("could not be read"), c.message());
        }
        GateResult noMemory = g.evaluate(with(10.0, null, null));
        assertEquals(GateCheck.Verdict.PASS, noMemory.checks().get(0).verdict());
        assertEquals(GateCheck.Verdict.FAIL, noMemory.checks().get(1).verdict());
        assertEquals("memoryPeakMb", noMemory.checks().get(1).metric());
    }
}
