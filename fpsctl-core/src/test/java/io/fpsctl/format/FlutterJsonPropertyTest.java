package io.fpsctl.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.engine.FlutterFrame;
import io.fpsctl.engine.FlutterStats;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Every {@code flutter} block fpsctl writes reads back (docs/metrics.md 16 rule 4): {@code worseThread} is named from
 * the counts of frames over the budget while the file keeps the shares to 4 decimals, so over long runs (tens of
 * thousands of frames) different counts write the same share. The reader must accept the word the writer chose and
 * give it back unchanged. The expected word is the counts compared here, not the code under test.
 */
class FlutterJsonPropertyTest {

    private static String expectedWorse(long ui, long raster) {
        if (ui == 0 && raster == 0) {
            return "none";
        }
        return raster > ui ? "raster" : "ui"; // a tie names ui (docs/metrics.md 16 rule 4)
    }

    private static FlutterStats.Result block(int frames, int ui, int raster) {
        int janky = Math.min(frames, ui + raster); // any value from max(ui, raster) to this is possible
        return new FlutterStats.Result(frames, 8.333, 2, 3, 4, 3, 4, 5, (double) ui / frames,
                (double) raster / frames, (double) janky / frames, 60, 50, 60, 40, 0, FlutterStats.worse(ui, raster));
    }

    private static FlutterStats.Result roundTrip(FlutterStats.Result r) throws IOException {
        StringWriter w = new StringWriter();
        SummaryJson.write(EngineRun.smooth60().withFlutter(r), w, false);
        return SummaryJsonReader.read(new StringReader(w.toString())).flutter();
    }

    /** Few overruns in many frames: the regime where rounded shares collide. */
    @Property(tries = 600)
    void fewOverrunsInALongRunReadBack(@ForAll @IntRange(min = 1, max = 3_000_000) int frames,
                                       @ForAll @IntRange(min = 0, max = 40) int ui,
                                       @ForAll @IntRange(min = 0, max = 40) int raster) throws IOException {
        int f = Math.max(frames, Math.max(ui, raster));
        FlutterStats.Result back = roundTrip(block(f, ui, raster));
        assertEquals(expectedWorse(ui, raster), back.worseThread(), f + " frames, " + ui + " ui, " + raster + " raster");
    }

    /** Any counts. */
    @Property(tries = 400)
    void anyCountsReadBack(@ForAll @IntRange(min = 1, max = 200_000) int frames,
                           @ForAll @IntRange(min = 0, max = 200_000) int ui,
                           @ForAll @IntRange(min = 0, max = 200_000) int raster) throws IOException {
        int u = ui % (frames + 1);
        int r = raster % (frames + 1);
        assertEquals(expectedWorse(u, r), roundTrip(block(frames, u, r)).worseThread());
    }

    /**
     * The second reader's example through the whole writer: 30 000 frames at 120 Hz, 3 UI and 4 raster overruns,
     * both shares written 0.0001; the file says raster and reads back so.
     */
    @Example
    void thirtyThousandFramesThreeUiFourRaster() throws IOException {
        FlutterStats s = new FlutterStats();
        for (int i = 0; i < 30_000; i++) {
            long build = i < 3 ? 10_000 : 1_000; // 10 ms: over 8.333 ms
            long raster = i >= 10 && i < 14 ? 10_000 : 1_000;
            s.add(new FlutterFrame(i + 1, 8_333L * i, build + raster, build, raster, 0));
        }
        FlutterStats.Result r = s.result(8_333);
        assertEquals("raster", r.worseThread());
        FlutterStats.Result back = roundTrip(r);
        assertEquals(0.0001, back.uiOverBudget(), 1e-12);
        assertEquals(0.0001, back.rasterOverBudget(), 1e-12);
        assertEquals("raster", back.worseThread());
    }
}
