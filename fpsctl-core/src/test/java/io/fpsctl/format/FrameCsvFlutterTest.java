package io.fpsctl.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fpsctl.engine.FlutterFrame;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

/**
 * frames.csv's Flutter cells (docs/metrics.md 16 rule 9), joined by hand below: consecutive Flutter frames are
 * consecutive presents; the offset must keep each raster finish before its present, and of the offsets
 * that do, the one whose latency (present − raster finish) changes least from frame to frame wins.
 */
class FrameCsvFlutterTest {
    private static final long MS = 1_000_000L;

    /** A frame whose raster finished at {@code rasterFinishUs}: startTime − vsyncOverhead + elapsed. */
    private static FlutterFrame f(long n, long rasterFinishUs, long buildUs, long rasterUs) {
        long vsyncStart = rasterFinishUs - 9_000;
        return new FlutterFrame(n, vsyncStart + 200, 9_000, buildUs, rasterUs, 200);
    }

    private static String row(String source, long endNs) {
        String[] c = new String[FrameCsvSchema.HEADER.size()];
        Arrays.fill(c, "");
        c[FrameCsvSchema.SOURCE.index()] = source;
        c[FrameCsvSchema.WINDOW.index()] = "SurfaceView[com.example/com.example.MainActivity](BLAST)#12";
        c[FrameCsvSchema.END_NS.index()] = Long.toString(endNs);
        c[FrameCsvSchema.INTERVAL_NS.index()] = "10000000";
        c[FrameCsvSchema.FLAGS.index()] = "0";
        return String.join(",", c);
    }

    /** A 100 Hz layer (period 10 ms) presenting at 100, 110, 120, 130, 140, 160 (a missed vsync), 170 … 220 ms. */
    private static final long[] PRESENTS_MS = {100, 110, 120, 130, 140, 160, 170, 180, 190, 200, 210, 220};

    private static String csv(long[] presentsMs) {
        StringBuilder b = new StringBuilder(String.join(",", FrameCsvSchema.HEADER)).append('\n');
        for (int i = 0; i < presentsMs.length; i++) {
            b.append(row("surfaceflinger", presentsMs[i] * MS)).append('\n');
            if (i == 3) {
                b.append(row("gfxinfo", 135 * MS)).append('\n'); // another source's row: never joined
            }
        }
        return b.toString();
    }

    /**
     * Frames 5 … 14, truly presented at 120 … 220 ms (rows 2 … 11) with latencies (present − raster finish) 30, 31,
     * 30, 32, 31, 30, 31, 32, 30, 31 ms: raster finishes 90, 99, 110, 128, 139, 150, 159, 168, 180, 189 ms.
     * Offset −1 fails: frame 7 finished at 110, not before its present 110. Offset 0 (frame 5 at 100 ms) passes
     * (every raster finish before its present), its latencies 10, 11, 10, 2, 1, 10, 11, 12, 10, 11 stepping 1, 1, 8,
     * 1, 9, 1, 1, 2, 1: mean 25 / 9 = 2.78 ms. Offset 1 (frame 5 at 110 ms): 20, 21, 20, 12, 21, 20, 21, 22, 20, 21
     * stepping 1, 1, 8, 9, 1, 1, 1, 2, 1: mean 25 / 9 = 2.78 ms. Offset 2: steps 1, 1, 2, 1, 1, 1, 1, 2, 1, mean 11 / 9 = 1.22 ms, the
     * steadiest. Offset 3 (frames 5 … 13 at 130 … 220): 40, 41, 50, 42, 41, 40, 41, 42, 40, mean 24 / 8 = 3.0 ms.
     * Builds 1.00 + 0.50 i ms, rasters 6.00 − 0.40 i ms: the UI part is the longer from i = 6 on.
     */
    private static List<FlutterFrame> frames() {
        long[] rfMs = {90, 99, 110, 128, 139, 150, 159, 168, 180, 189};
        List<FlutterFrame> out = new ArrayList<>();
        for (int i = 0; i < rfMs.length; i++) {
            out.add(f(5 + i, rfMs[i] * 1000, 1_000 + 500 * i, 6_000 - 400 * i));
        }
        return out;
    }

    private static List<String> cells(String text) throws Exception {
        List<String> got = new ArrayList<>();
        for (CSVRecord r : CSVFormat.DEFAULT.builder().setHeader().build().parse(new StringReader(text))) {
            got.add(r.get("uiMs") + "/" + r.get("rasterMs") + "/" + r.get("flutterBottleneck"));
        }
        return got;
    }

    @Test
    void framesJoinThePresentsOfTheSteadiestLatency() throws Exception {
        String in = csv(PRESENTS_MS);
        StringWriter out = new StringWriter();
        assertEquals(10, FrameCsvFlutter.fill(() -> new StringReader(in), out, frames(), 10_000));
        assertEquals(List.of("//", "//", "1.00/6.00/raster", "1.50/5.60/raster", "//", "2.00/5.20/raster",
                "2.50/4.80/raster", "3.00/4.40/raster", "3.50/4.00/raster", "4.00/3.60/ui", "4.50/3.20/ui",
                "5.00/2.80/ui", "5.50/2.40/ui"), cells(out.toString()));
        // every other cell is as it was
        List<CSVRecord> before = CSVFormat.DEFAULT.builder().setHeader().build().parse(new StringReader(in))
                .getRecords();
        List<CSVRecord> after = CSVFormat.DEFAULT.builder().setHeader().build().parse(new StringReader(out.toString()))
                .getRecords();
        assertEquals(before.size(), after.size());
        for (int i = 0; i < after.size(); i++) {
            for (String column : FrameCsvSchema.HEADER) {
                if (!List.of("uiMs", "rasterMs", "flutterBottleneck").contains(column)) {
                    assertEquals(before.get(i).get(column), after.get(i).get(column), column + " of row " + i);
                }
            }
        }
    }

    /**
     * The same frames against presents that step one period each (100, 110 … 210 ms, no missed vsync). Offset 0
     * fails (frame 10 finished at 150 ms, not before the present at 150); offset 1 (frame 5 + i at row i + 1) passes
     * with latencies 20, 21, 20, 12, 11, 10, 11, 12, 10, 11 ms, and so do offsets 2, 3 and 4 (a period more each;
     * offset 5 pairs only 7 frames). On the eight frames they all pair (5 … 12) each sees present steps of 10 ms
     * against raster-finish steps of 9, 11, 18, 11, 11, 9, 9 ms: latency steps 1, 1, 8, 1, 1, 1, 1, 14 ms in all,
     * for every offset. A tie: no row is joined, rather than the earliest passing offset taken.
     */
    @Test
    void regularPresentsThatDoNotTellTheOffsetJoinNone() throws Exception {
        long[] regular = {100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210};
        String in = csv(regular);
        StringWriter out = new StringWriter();
        assertEquals(0, FrameCsvFlutter.fill(() -> new StringReader(in), out, frames(), 10_000));
        assertEquals(List.of("//"), cells(out.toString()).stream().distinct().toList());
    }

    @Test
    void fewerThanEightFramesJoinNone() throws Exception {
        String in = csv(PRESENTS_MS);
        StringWriter out = new StringWriter();
        assertEquals(0, FrameCsvFlutter.fill(() -> new StringReader(in), out, frames().subList(0, 7), 10_000));
        assertEquals(List.of("//"), cells(out.toString()).stream().distinct().toList());
    }

    @Test
    void aFileOfAnotherVersionIsRefused() {
        String in = "device,package,source,window\n,,surfaceflinger,x\n";
        assertThrows(FrameCsvFormatException.class,
                () -> FrameCsvFlutter.fill(() -> new StringReader(in), new StringWriter(), List.of(), 16_667));
    }
}
