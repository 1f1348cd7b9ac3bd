package io.fpsctl.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.engine.ResourceSummary;
import io.fpsctl.engine.ResourceSummary.Cpu;
import io.fpsctl.engine.Summary;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The summary text printed at the end of watch/capture: one resources line (docs/metrics.md 13 rule 11). */
class SummaryTextResourcesTest {

    private static List<String> resourceLines(Summary s, int width) {
        StringWriter out = new StringWriter();
        SummaryText.write(s, "com.example.feed", new PrintWriter(out), width);
        return out.toString().lines().filter(l -> l.startsWith("  resources") || l.startsWith("               "))
                .filter(l -> !l.isBlank()).toList();
    }

    @Test
    void aRunWithResourcesHasOneLineOfMeansMemoryThermalAndThrottling() {
        // app mean 101.04 → 101.0 %; main 72.5 %; RenderThread 20 %; PSS 160 000 kB / 1024 = 156.25 → 156.3 MB
        // (PSS preferred to the RSS peak 210 000 kB, as the gate compares it); worst thermal 4; throttled 2/3 = 66.7 %
        ResourceSummary r = new ResourceSummary(new Cpu("app", 101.04, 142.0), new Cpu("device", 41.7, 75.0),
                List.of(new Cpu("main", 72.5, 95.0), new Cpu("RenderThread", 20.0, 30.0)), 210_000L, 160_000L, 4,
                42.0, 31.5, 2.0 / 3.0, 2, 1, List.of());
        List<String> lines = resourceLines(EngineRun.smooth60().toBuilder().resources(r).build(), Integer.MAX_VALUE);
        assertEquals(List.of("  resources    CPU mean app 101.0 %  main 72.5 %  RenderThread 20.0 %  PSS peak 156.3 MB"
                + "  thermal worst 4  throttled 66.7 %"), lines);
    }

    @Test
    void unknownFiguresAreDashesAndRssStandsInForPss() {
        // RSS only: 200 000 kB / 1024 = 195.3125 → 195.3 MB; no RenderThread, no thermal, throttling unknown
        ResourceSummary r = new ResourceSummary(new Cpu("app", 50.0, 60.0), new Cpu("device", null, null),
                List.of(new Cpu("main", 30.0, 40.0)), 200_000L, null, null, null, null, null, 0, 0, List.of());
        String line = String.join("\n", resourceLines(EngineRun.smooth60().toBuilder().resources(r).build(), 200));
        assertTrue(line.contains("RenderThread -  RSS peak 195.3 MB  thermal worst -  throttled -"), line);
    }

    @Test
    void aRunWithoutResourcesHasNoLine() {
        assertEquals(List.of(), resourceLines(EngineRun.smooth60(), Integer.MAX_VALUE));
    }
}
