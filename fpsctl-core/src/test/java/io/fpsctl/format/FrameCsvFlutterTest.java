package io.fpsctl.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fpsctl.engine.FlutterFrame;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

/**
 * frames.csv's Flutter cells (docs/metrics.md 16 rule 9): which Flutter frame each presented frame was, joined by
 * hand below (FlutterFrameJoin's rule: the oldest frame not joined yet whose raster finished before the present, none
 * finished more than four refresh periods before it).
 */
class FrameCsvFlutterTest {

    /** A frame whose raster finished at {@code rasterFinishUs}: startTime − vsyncOverhead + elapsed. */
    private static FlutterFrame f(long n, long rasterFinishUs, long buildUs, long rasterUs) {
        long vsyncStart = rasterFinishUs - 9_000;
        return new FlutterFrame(n, vsyncStart + 200, 9_000, buildUs, rasterUs, 200);
    }

    private static String row(String source, String endNs) {
        String[] c = new String[FrameCsvSchema.HEADER.size()];
        Arrays.fill(c, "");
        c[FrameCsvSchema.SOURCE.index()] = source;
        c[FrameCsvSchema.WINDOW.index()] = "SurfaceView[com.example/com.example.MainActivity](BLAST)#12";
        c[FrameCsvSchema.END_NS.index()] = endNs;
        c[FrameCsvSchema.INTERVAL_NS.index()] = "16666667";
        c[FrameCsvSchema.FLAGS.index()] = "0";
        return String.join(",", c);
    }

    @Test
    void eachPresentJoinsTheOldestFrameRasteredBeforeIt() throws Exception {
        // 60 Hz: budget 16 667 µs, a frame older than 4 × 16.667 = 66.668 ms before a present is stale
        List<FlutterFrame> frames = List.of(f(1, 10_000, 4_000, 6_000), f(2, 26_667, 12_000, 3_000),
                f(3, 43_333, 2_000, 2_500), f(4, 200_000, 1_500, 18_250));
        String in = String.join(",", FrameCsvSchema.HEADER) + "\n"
                + row("surfaceflinger", "5000000") + "\n"       // before frame 1's raster: none
                + row("surfaceflinger", "33400000") + "\n"      // frame 1 (10 ms < 33.4 ms)
                + row("gfxinfo", "40000000") + "\n"             // not a present: left alone
                + row("surfaceflinger", "50000000") + "\n"      // frame 2
                + row("surfaceflinger", "150000000") + "\n"     // frame 3 is stale (43.3 < 150 − 66.7); 4 later
                + row("surfaceflinger", "216700000") + "\n"     // frame 4
                + row("surfaceflinger", "216000000") + "\n";    // out of order (another layer): none
        StringWriter out = new StringWriter();
        assertEquals(3, FrameCsvFlutter.fill(new StringReader(in), out, frames, 16_667));
        List<CSVRecord> rows = CSVFormat.DEFAULT.builder().setHeader().build().parse(new StringReader(out.toString()))
                .getRecords();
        List<String> got = new ArrayList<>();
        for (CSVRecord r : rows) {
            got.add(r.get("uiMs") + "/" + r.get("rasterMs") + "/" + r.get("flutterBottleneck"));
        }
        assertEquals(List.of("//", "4.00/6.00/raster", "//", "12.00/3.00/ui", "//", "1.50/18.25/raster", "//"), got);
        // every other cell is as it was
        List<CSVRecord> before = CSVFormat.DEFAULT.builder().setHeader().build().parse(new StringReader(in))
                .getRecords();
        for (int i = 0; i < rows.size(); i++) {
            for (String column : FrameCsvSchema.HEADER) {
                if (!List.of("uiMs", "rasterMs", "flutterBottleneck").contains(column)) {
                    assertEquals(before.get(i).get(column), rows.get(i).get(column), column + " of row " + i);
                }
            }
        }
    }

    @Test
    void aFileOfAnotherVersionIsRefused() {
        String in = "device,package,source,window\n,,surfaceflinger,x\n";
        assertThrows(FrameCsvFormatException.class,
                () -> FrameCsvFlutter.fill(new StringReader(in), new StringWriter(), List.of(), 16_667));
    }
}
