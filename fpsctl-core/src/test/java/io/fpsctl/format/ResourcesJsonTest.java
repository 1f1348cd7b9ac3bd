package io.fpsctl.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.engine.ResourceSummary;
import io.fpsctl.engine.ResourceSummary.Cpu;
import io.fpsctl.engine.Summary;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** summary.json's {@code resources} (docs/metrics.md 13 rule 11): written, read back, and refused when impossible. */
class ResourcesJsonTest {
    private static final ResourceSummary R = new ResourceSummary(new Cpu("app", 101.004, 142.0),
            new Cpu("device", 41.666_666, 75.0),
            List.of(new Cpu("main", 72.5, 95.0), new Cpu("RenderThread", 20.0, 30.0), new Cpu("OkHttp", 2.0, 4.0)),
            210_000L, 160_000L, 4, 42.0, 31.5, 2.0 / 3.0, 2, 1, List.of("cpu frequencies: Permission denied"));

    private static String json(Summary s) throws IOException {
        StringWriter w = new StringWriter();
        SummaryJson.write(s, w, false);
        return w.toString();
    }

    @Test
    void resourcesComeBackAsPrinted() throws IOException {
        Summary s = EngineRun.smooth60().toBuilder().resources(R).build();
        String text = json(s);
        assertTrue(text.contains("\"app\":{\"meanCpuPercent\":101.00,\"peakCpuPercent\":142.00}"), text);
        ResourceSummary back = SummaryJsonReader.read(new StringReader(text)).resources();
        assertEquals(101.0, back.app().meanPercent(), 1e-9, "two decimals: 101.004 → 101.00");
        assertEquals(41.67, back.device().meanPercent(), 1e-9);
        assertEquals(R.threads().stream().map(Cpu::name).toList(), back.threads().stream().map(Cpu::name).toList());
        assertEquals(95.0, back.thread("main").peakPercent(), 1e-9);
        assertEquals(160_000L, back.pssPeakKb());
        assertEquals(210_000L, back.rssPeakKb());
        assertEquals(4, back.worstThermalStatus());
        assertEquals(0.6667, back.throttledShare(), 1e-9);
        assertEquals(2, back.slowFramesMainThreadBusy());
        assertEquals(R.missing(), back.missing());
    }

    @Test
    void aSummaryWithoutResourcesSaysNull() throws IOException {
        String text = json(EngineRun.smooth60());
        assertTrue(text.contains("\"resources\":null"), text);
        assertNull(SummaryJsonReader.read(new StringReader(text)).resources());
    }

    @Test
    void wrongTypesAndImpossibleFiguresAreRefusedNamingTheFigure() throws IOException {
        String good = json(EngineRun.smooth60().toBuilder().resources(R).build());
        String[][] cases = {
            {"\"meanCpuPercent\":101.00", "\"meanCpuPercent\":\"101\"", "'meanCpuPercent' must be a number"},
            {"\"rssPeakKb\":210000", "\"rssPeakKb\":-1", "'resources.rssPeakKb' must be a non-negative integer"},
            {"\"worstThermalStatus\":4", "\"worstThermalStatus\":7", "resources.worstThermalStatus 7 is not 0–6"},
            {"\"throttledShare\":0.6667", "\"throttledShare\":1.5", "resources.throttledShare 1.5 is not 0–1"},
            {"\"meanCpuPercent\":72.50", "\"meanCpuPercent\":250.0", "resources.threads 'main' CPU 250.0 % is not"},
            {"\"meanCpuPercent\":41.67", "\"meanCpuPercent\":100.5", "resources.device CPU 100.5 % is not 0–100"},
            {"\"threads\":[", "\"threads\":{\"x\":[", "'resources.threads' must be a list"},
            // rule 11: a peak is the highest of the intervals its mean averages, so 95.01 % above the peak 95 %
            {"\"meanCpuPercent\":72.50", "\"meanCpuPercent\":95.01",
                "resources.threads 'main' CPU mean 95.01 % is above its peak 95.0 %"},
        };
        for (String[] c : cases) {
            assertTrue(good.contains(c[0]), c[0]);
            String bad = good.replace(c[0], c[1]);
            if (c[1].startsWith("\"threads\":{")) {
                bad = bad.replace("],\"rssPeakKb\"", "]},\"rssPeakKb\"");
            }
            String in = bad;
            SummaryFormatException e = assertThrows(SummaryFormatException.class,
                    () -> SummaryJsonReader.read(new StringReader(in)), c[1]);
            assertTrue(e.getMessage().contains(c[2]), e.getMessage());
        }
    }

    /** Every key the writer puts in {@code resources} is one of the schema's, and every schema key is written. */
    @Test
    void theWrittenKeysAreTheSchemasKeys() throws Exception {
        Summary s = EngineRun.smooth60().toBuilder().resources(R).build();
        com.fasterxml.jackson.databind.JsonNode res = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(json(s)).path(SummaryJsonSchema.RESOURCES.name());
        java.util.Set<String> written = new java.util.TreeSet<>();
        res.fieldNames().forEachRemaining(written::add);
        assertEquals(keys(SummaryJsonSchema.InResources.class), written);
        java.util.Set<String> cpu = new java.util.TreeSet<>();
        res.path("threads").get(0).fieldNames().forEachRemaining(cpu::add);
        assertEquals(keys(SummaryJsonSchema.InCpu.class), cpu);
    }

    private static java.util.Set<String> keys(Class<?> holder) throws IllegalAccessException {
        java.util.Set<String> names = new java.util.TreeSet<>();
        for (java.lang.reflect.Field f : holder.getFields()) {
            if (f.getType() == SummaryJsonSchema.Key.class) {
                names.add(((SummaryJsonSchema.Key) f.get(null)).name());
            }
        }
        return names;
    }
}
