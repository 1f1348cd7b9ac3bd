package io.fpsctl.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.engine.LoadSummary;
import io.fpsctl.engine.ResourceSummary;
import io.fpsctl.engine.ResourceSummary.Cpu;
import io.fpsctl.engine.Summary;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** summary.json's GPU, power and network keys (docs/metrics.md 14 rule 7): written, read back, refused when impossible. */
class LoadJsonTest {
    private static final LoadSummary L = new LoadSummary(61.234, 97.0, 585.0, null, null, null, null, 0, 30.0, 0,
            "charging the whole run", null, null, "per-app bytes need xt_qtaguid", 912_000L, 41_000L, null, 4);

    private static ResourceSummary resources(LoadSummary l) {
        return new ResourceSummary(new Cpu("app", 10.0, 20.0), new Cpu("device", 5.0, 9.0),
                List.of(new Cpu("main", 8.0, 12.0)), 1000L, null, null, null, null, null, 0, 0, List.of(), l);
    }

    private static String json(LoadSummary l) throws IOException {
        Summary s = EngineRun.smooth60().toBuilder().resources(resources(l)).build();
        StringWriter w = new StringWriter();
        SummaryJson.write(s, w, false);
        return w.toString();
    }

    @Test
    void unavailableFiguresAreNullWithTheirReasonAndComeBack() throws IOException {
        String text = json(L);
        assertTrue(text.contains("\"gpu\":{\"meanPercent\":61.23,\"peakPercent\":97.00,\"meanMhz\":585.0,"
                + "\"unavailable\":null,\"appActiveMs\":null,\"appUnavailable\":\"not read\"}"), text);
        assertTrue(text.contains("\"power\":{\"meanMw\":null,\"peakMw\":null,\"energyMwh\":null,"), text);
        assertTrue(text.contains("\"unavailable\":\"charging the whole run\""), text);
        assertTrue(text.contains("\"appRxBytes\":null,\"appTxBytes\":null,\"appUnavailable\":\"per-app bytes need "
                + "xt_qtaguid\""), text);
        LoadSummary back = SummaryJsonReader.read(new StringReader(text)).resources().load();
        assertEquals(61.23, back.gpuMeanPercent(), 1e-9);
        assertNull(back.energyMwh());
        assertEquals("charging the whole run", back.powerReason());
        assertEquals(30.0, back.chargingSeconds(), 1e-9);
        assertNull(back.appRxBytes());
        assertEquals("per-app bytes need xt_qtaguid", back.appNetReason());
        assertEquals(912_000L, back.deviceRxBytes());
        assertEquals(4, back.slowFramesGpuBusy());
    }

    @Test
    void impossibleFiguresAreRefused() throws IOException {
        String good = json(L);
        String[][] cases = {
            {"\"peakPercent\":97.00", "\"peakPercent\":197.00", "resources.gpu percent 197.0 is not 0–100"},
            {"\"meanPercent\":61.23", "\"meanPercent\":99.00", "resources.gpu mean 99.0 % is above its peak"},
            {"\"deviceRxBytes\":912000", "\"deviceRxBytes\":-1", "'resources.network.deviceRxBytes' must be a"},
            {"\"appUnavailable\":\"per-app", "\"appUnavailable\":7,\"x\":\"", "must be text or null"},
        };
        for (String[] c : cases) {
            assertTrue(good.contains(c[0]), c[0]);
            String in = good.replace(c[0], c[1]);
            SummaryFormatException e = assertThrows(SummaryFormatException.class,
                    () -> SummaryJsonReader.read(new StringReader(in)), c[1]);
            assertTrue(e.getMessage().contains(c[2]), e.getMessage());
        }
    }
}
