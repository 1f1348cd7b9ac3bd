package io.fpsctl.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fpsctl.engine.ResourceCounters;
import io.fpsctl.engine.ResourceUsage;
import io.fpsctl.engine.EngineRun;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

class WindowCsvTest {

    private static List<CSVRecord> parse(String csv) throws IOException {
        return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
                .parse(new StringReader(csv)).getRecords();
    }

    @Test
    void headerIsTheDocumentedColumnList() throws IOException {
        StringWriter text = new StringWriter();
        new WindowCsv(text, "emulator-5554", "com.example").flush();
        assertEquals("device,package,source,window,startNs,endNs,idle,frames,fps,jankyFrames,jankPercent,droppedFrames,"
                + "best,normal,middle,high,frozen,p50Ms,p90Ms,p99Ms,maxMs,worstCause,refreshHz,"
                + "appCpuPercent,mainCpuPercent,renderThreadCpuPercent,hwuiTaskCpuPercent,gpuCompletionCpuPercent,"
                + "deviceCpuPercent,throttled,rssKb,pssKb,thermalStatus,gpuPercent,gpuMhz,powerMw,topThreads,cpuFreqKhz,maxTempC,batteryTempC,"
                + "charging,appRxBytes,appTxBytes,deviceRxBytes,deviceTxBytes,appGpuMs,unavailable\n",
                text.toString());
    }

    @Test
    void oneRowPerWindowWithPrintedRounding() throws IOException {
        EngineRun run = EngineRun.threeWindows();
        StringWriter text = new StringWriter();
        WindowCsv csv = new WindowCsv(text, "emulator-5554", "com.example");
        for (var w : run.windows) {
            csv.write(w);
        }
        String[] lines = text.toString().split("\n");
        assertEquals(4, lines.length);
        long start = EngineRun.T0;
        assertEquals("\"emulator-5554\",com.example,gfxinfo,0," + start + "," + (start + EngineRun.SEC)
                + ",false,60,57.1,1,1.67,3,59,1,0,0,0,8.00,8.00,51.00,51.00,draw,60.0" + NO_RESOURCES, lines[1]);
        assertEquals("\"emulator-5554\",com.example,gfxinfo,1," + (start + EngineRun.SEC) + "," + (start + 2 * EngineRun.SEC)
                + ",true,0,,0,,0,0,0,0,0,0,,,,,," + NO_RESOURCES, lines[2]);
        List<CSVRecord> rows = parse(text.toString());
        CSVRecord third = rows.get(2);
        assertEquals("2", third.get("window"));
        assertEquals("30", third.get("frames"));
        assertEquals("30.0", third.get("fps"), "every frame missed one vsync");
        assertEquals("100.00", third.get("jankPercent"));
        assertEquals("30", third.get("droppedFrames"));
        assertEquals("20.00", third.get("p90Ms"));
    }

    /** The 14 resource cells of a window without resources (docs/metrics.md 13): empty, never 0. */
    private static final String NO_RESOURCES = ",".repeat(24); // 10 + 3 (section 14) common, 4 + 7 window-only

    @Test
    void aWindowsResourcesAreItsLastColumns() throws IOException {
        EngineRun run = EngineRun.threeWindows();
        ResourceUsage u = new ResourceUsage(1.0, 142.04, 95.0, 30.06, 10.0, null,
                List.of(new ResourceUsage.ThreadCpu("OkHttp", 4.0), new ResourceUsage.ThreadCpu("Binder:1_1", 2.0)),
                75.0, List.of(new ResourceCounters.Frequency(0, List.of(0, 1), 1_400_000, 1_800_000)), true, 210_000L,
                null, 1, 41.96, null);
        StringWriter text = new StringWriter();
        new WindowCsv(text, null, null).write(run.windows.get(0).withResources(u));
        CSVRecord r = parse(text.toString()).get(0);
        // one decimal for CPU (142.04 → 142.0, 30.06 → 30.1), kB as read, empty where unknown
        assertEquals("142.0", r.get("appCpuPercent"));
        assertEquals("95.0", r.get("mainCpuPercent"));
        assertEquals("30.1", r.get("renderThreadCpuPercent"));
        assertEquals("10.0", r.get("hwuiTaskCpuPercent"));
        assertEquals("", r.get("gpuCompletionCpuPercent"));
        assertEquals("75.0", r.get("deviceCpuPercent"));
        assertEquals("true", r.get("throttled"));
        assertEquals("210000", r.get("rssKb"));
        assertEquals("", r.get("pssKb"));
        assertEquals("1", r.get("thermalStatus"));
        assertEquals("OkHttp=4.0|Binder:1_1=2.0", r.get("topThreads"));
        assertEquals("policy0=1400000/1800000", r.get("cpuFreqKhz"));
        assertEquals("42.0", r.get("maxTempC"));
        assertEquals("", r.get("batteryTempC"));
    }

    @Test
    void idleWindowHasEmptyRatesNeverZeroFps() throws IOException {
        EngineRun run = EngineRun.threeWindows();
        StringWriter text = new StringWriter();
        new WindowCsv(text, null, null).write(run.windows.get(1));
        CSVRecord idle = parse(text.toString()).get(0);
        assertEquals("true", idle.get("idle"));
        assertEquals("", idle.get("fps"));
        assertEquals("", idle.get("jankPercent"));
        assertEquals("", idle.get("p90Ms"));
        assertEquals("0", idle.get("frames"));
        assertEquals("", idle.get("device"));
    }

    @Test
    void eachRowIsFlushedAsProduced() throws IOException {
        EngineRun run = EngineRun.threeWindows();
        StringWriter sink = new StringWriter();
        BufferedWriter buffered = new BufferedWriter(sink, 1 << 16);
        WindowCsv csv = new WindowCsv(buffered, "d", "p");
        assertEquals(1, sink.toString().split("\n").length, "header on disk before any window");
        csv.write(run.windows.get(0));
        assertEquals(2, sink.toString().split("\n").length, "row on disk without close");
    }

    @Test
    void surfaceFlingerWindowsCarryTheirSource() throws IOException {
        EngineRun run = EngineRun.surfaceFlinger();
        run.block(EngineRun.LAYER, EngineRun.presents(0, 16.666667, 33.333333, 50, 66.666667));
        run.engine.finish();
        StringWriter text = new StringWriter();
        new WindowCsv(text, "s", "com.game").write(run.windows.get(0));
        CSVRecord r = parse(text.toString()).get(0);
        assertEquals("surfaceflinger", r.get("source"));
        assertEquals("5", r.get("frames"));
        assertEquals("60.0", r.get("fps"));
        assertEquals("16.67", r.get("maxMs"));
    }
}
