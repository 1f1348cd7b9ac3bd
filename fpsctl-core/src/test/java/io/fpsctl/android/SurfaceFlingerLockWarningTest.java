package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.SurfaceFrameRecord;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The warning SurfaceFlinger writes as the first line of a dump taken without its state lock, in front of each dump
 * fpsctl reads. Texts written by hand from the format strings (frameworks/native services/surfaceflinger):
 * <ul>
 * <li>{@code SurfaceFlinger::doDump}, android-11.0.0_r1 … 14.0.0_r1, and {@code SurfaceFlinger.h lockedDumper},
 * android-14.0.0_r29 … 16.0.0_r2: {@code "Dumping without lock after timeout: %s (%d)\n"} with {@code strerror(-status), status};
 * status is TIMED_OUT = -ETIMEDOUT = -110, and bionic's strerror(110) is "Connection timed out" (inferred);</li>
 * <li>{@code SurfaceFlinger::doDump}, android-10.0.0_r1: {@code "SurfaceFlinger appears to be unresponsive (%s [%d]),
 * dumping anyways (no locks held)\n"};</li>
 * <li>then {@code dumpStatsLocked} {@code "%" PRId64 "\n"} (the period) and {@code FrameTracker::dumpStats}
 * {@code "%" PRId64 "\t%" PRId64 "\t%" PRId64 "\n"} rows and a closing {@code "\n"} (android-13.0.0_r11);
 * {@code listLayersLocked} {@code "%s\n"} per layer; {@code dumpFrameTimeline} → {@code FrameTimeline::parseArgs}
 * (FrameTimelineParserTest's hand-written display frames).</li>
 * </ul>
 */
class SurfaceFlingerLockWarningTest {

    static final String WITHOUT_LOCK = "Dumping without lock after timeout: Connection timed out (-110)\n";
    static final String UNRESPONSIVE_10 =
            "SurfaceFlinger appears to be unresponsive (Connection timed out [-110]), dumping anyways (no locks held)\n";

    /** 60 Hz: 16666666 ns; two rows; the second presented one vsync after the first. */
    private static final String LATENCY_BODY = "16666666\n"
            + "1000000000\t1000500000\t999000000\n"
            + "1016666666\t1017166666\t1015000000\n"
            + "\n";

    @Test
    void recognisesBothTextsOnlyAsWholePrefixes() {
        assertTrue(SurfaceFlingerLockWarning.is(WITHOUT_LOCK));
        assertTrue(SurfaceFlingerLockWarning.is("  " + UNRESPONSIVE_10.strip() + "\r"));
        assertFalse(SurfaceFlingerLockWarning.is("16666666"));
        assertFalse(SurfaceFlingerLockWarning.is("Dumping without lock"));
        assertFalse(SurfaceFlingerLockWarning.is("com.example/.Main#0 Dumping without lock after timeout: x (-110)"));
        assertFalse(SurfaceFlingerLockWarning.is(null));
    }

    @Test
    void latencyDumpReadsThePeriodAndRowsAfterTheWarning() throws Exception {
        RecordingSink sink = new RecordingSink();
        LatencyDump dump = LatencyParser.parse(new StringReader(WITHOUT_LOCK + LATENCY_BODY), "L", sink);
        assertEquals(16_666_666, dump.periodNs());
        assertTrue(dump.unresponsiveWarning());
        assertEquals(2, dump.rows());
        assertEquals(0, dump.malformedLines());
        assertEquals(2, sink.frames.size());
        // actualPresent of the second row, as printed
        assertEquals(1_017_166_666L, sink.frames.get(1).actualPresent());
        assertTrue(LatencyParser.looksLikeLatencyDump(WITHOUT_LOCK + LATENCY_BODY));
    }

    @Test
    void refreshRateFromLatencyOutputSkipsEitherWarning() {
        // 1e9 / 16666666 ns = 60.0000024 Hz
        for (String warning : List.of(WITHOUT_LOCK, UNRESPONSIVE_10, "\n" + WITHOUT_LOCK)) {
            RefreshRate rate = RefreshRate.fromLatencyOutput(warning + "16666666\n").orElseThrow();
            assertEquals(16_666_666, rate.periodNs());
            assertEquals(60.0, rate.hz(), 1e-5);
        }
        // only the first line: a second warning is not skipped, so no period is read
        assertTrue(RefreshRate.fromLatencyOutput(WITHOUT_LOCK + WITHOUT_LOCK + "16666666\n").isEmpty());
    }

    @Test
    void layerListDropsTheWarningButNotALaterLine() {
        String list = WITHOUT_LOCK + "Display 0 name=\"Built-in Screen\"#0\n"
                + "com.example/com.example.MainActivity#151\n";
        assertEquals(List.of("Display 0 name=\"Built-in Screen\"#0", "com.example/com.example.MainActivity#151"),
                LayerList.parse(list));
        // a layer line further down is a layer, whatever its name
        String later = "a#1\n" + WITHOUT_LOCK;
        assertEquals(List.of("a#1", WITHOUT_LOCK.strip()), LayerList.parse(later));
    }

    @Test
    void frameTimelineIgnoresTheWarningLine() throws Exception {
        String app = "com.example/com.example.MainActivity#151";
        String text = WITHOUT_LOCK + "Number of display frames : 1\n"
                + FrameTimelineParserTest.displayFrame(0, "None", false)
                + FrameTimelineParserTest.surfaceFrame(app, 3001, 4242, true, "Presented", "None") + "\n";
        List<SurfaceFrameRecord> out = new ArrayList<>();
        FrameTimelineDump dump = new FrameTimelineParser(out::add)
                .parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        assertEquals(0, dump.unknownLines());
        assertEquals(1, dump.displayFrames());
        assertEquals(1, out.size());
        assertEquals(3001, out.get(0).token());
        assertTrue(FrameTimelineParser.looksLikeFrameTimeline(text));
    }
}
