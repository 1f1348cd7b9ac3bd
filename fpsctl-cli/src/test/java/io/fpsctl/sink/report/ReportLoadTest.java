package io.fpsctl.sink.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.engine.LoadUsage;
import io.fpsctl.engine.ResourceUsage;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The report's GPU, power and network rows (docs/metrics.md section 14), worked by hand: kB/s is bytes / 1024 over
 * the window's own length, an unknown figure stays null (never 0), charging is 1 and its drain null, and each
 * figure's reason is the first one a window gave.
 */
class ReportLoadTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long S = 1_000_000_000L;

    private static ResourceUsage usage(LoadUsage l) {
        return new ResourceUsage(1, null, null, null, null, null, List.of(), null, List.of(), null, null, null, null,
                null, null, l);
    }

    private static JsonNode write(List<ReportFrames.Window> windows) throws Exception {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.getFactory().createGenerator(out)) {
            g.writeStartObject();
            ReportLoad.write(g, windows, 10 * S);
            g.writeEndObject();
        }
        return JSON.readTree(out.toString()).get("load");
    }

    @Test
    void rowsPerLiveWindowWithRatesAndReasons() throws Exception {
        // window 1: 10.0 s to 10.5 s, discharging at 1500 mW, GPU 62.5 % at 585 MHz, device 2048 B in, 512 B out;
        // the app's bytes unknown (Android 10+)
        // and the app's GPU time 200 ms of the 500: 40 %
        LoadUsage a = new LoadUsage(62.5, 585.0, null, false, 1500.0, null, null, null, "per-app bytes need xt_qtaguid",
                2048L, 512L, null, 200.0, null);
        // window 2: 10.5 s to 12.5 s on a charger, GPU denied, the app's 10 240 B in and 1 024 B out
        LoadUsage b = new LoadUsage(null, null, "/sys/class/kgsl/kgsl-3d0/gpubusy: Permission denied", true, null,
                "charging", 10_240L, 1_024L, null, 4_096L, 0L, null);
        JsonNode load = write(List.of(
                new ReportFrames.Window(10 * S, 10 * S + S / 2, 30, 60.0, usage(a)),
                new ReportFrames.Window(10 * S + S / 2, 12 * S + S / 2, 0, null, usage(b)),
                new ReportFrames.Window(12 * S + S / 2, 13 * S, 0, null, null)));
        assertEquals("[[0.0,62.5,585.0,1500.0,0.0,null,null,4.0,1.0,40.0],"
                + "[0.5,null,null,null,1.0,5.0,0.5,2.0,0.0,null],"
                + "[2.5,null,null,null,null,null,null,null,null,null]]", load.get("rows").toString());
        assertEquals("{\"appNet\":\"per-app bytes need xt_qtaguid\","
                + "\"gpu\":\"/sys/class/kgsl/kgsl-3d0/gpubusy: Permission denied\",\"power\":\"charging\","
                + "\"appGpu\":\"not read\"}",
                load.get("unavailable").toString());
    }

    @Test
    void noWindowWithLoadIsNull() throws Exception {
        assertTrue(write(List.of(new ReportFrames.Window(10 * S, 11 * S, 60, 60.0, usage(null)))).isNull());
        assertTrue(write(List.of()).isNull());
    }
}
