package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.Summary;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/metrics.md rev 3 for gfxinfo, on dumps written by hand: de-duplication by identity (1.6), overflow when a full
 * ring shares no row with the window's previous block (1.7), spanFps over several windows (6). Every expected value
 * is worked out by hand in the comments.
 *
 * <p>The text is the Android 11 layout (17 columns), as hwui prints it: {@code JankTracker::dumpData} writes
 * {@code "\nWindow: %s"}, {@code JankTracker::dumpFrames} writes {@code "---PROFILEDATA---"}, the
 * {@code FrameInfoNames} each followed by {@code ","}, then one line per ring slot ({@code RingBuffer<FrameInfo,
 * 120>}, filled by {@code JankTracker::startFrame} in the order frames start) whose {@code SyncStart} is not 0,
 * every value {@code "%" PRId64 ","} (frameworks/base libs/hwui/JankTracker.cpp / JankTracker.h as stored in the
 * search index, release tag not resolved; the names are FrameInfo.cpp's 16 of Android 9/10 plus
 * {@code GpuCompleted}, docs/formats.md 5.1 — inferred for the 11 tag). Without an interval column the period comes from
 * the display: 10 ms (100 Hz) here, so the arithmetic stays readable.
 */
class MetricsRev3GfxinfoTest {
    private static final String W = "com.example/com.example.MainActivity";
    private static final String W2 = "com.example/com.example.Dialog";
    private static final long T = 10_000_000L;
    private static final String HEADER = "Flags,IntendedVsync,Vsync,OldestInputEvent,NewestInputEvent,"
            + "HandleInputStart,AnimationStart,PerformTraversalsStart,DrawStart,SyncQueued,SyncStart,"
            + "IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,QueueBufferDuration,"
            + "GpuCompleted,";

    private static String block(String window, String rows) {
        return "\nWindow: " + window + "\n\n---PROFILEDATA---\n" + HEADER + "\n" + rows + "---PROFILEDATA---\n\n";
    }

    /** A live engine (GPU-pending rule on) whose display period is 10 ms. */
    private static FrameEngine engine() {
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
        e.displayPeriodNs(T);
        return e;
    }

    private static void poll(FrameEngine e, String dump) throws IOException {
        try (InputStream in = new ByteArrayInputStream(dump.getBytes(StandardCharsets.UTF_8))) {
            new FramestatsParser(e).parse(in);
        }
    }

    // ---- 1.6: de-duplication by identity, rows out of IntendedVsync order ----

    // Rows in ring order (the order frames started). IntendedVsync (IV) and FrameCompleted (FC) in ns:
    //   A IV 1 000 000 000  FC 1 008 000 000   8 ms
    //   B IV 1 010 000 000  FC 1 016 000 000   6 ms
    //   C IV 1 020 000 000  FC 1 025 000 000   5 ms
    //   D IV 1 010 000 000  FC 1 075 800 000  65.8 ms  after C although its IV is older, same IV as B
    //   E IV 1 030 000 000  FC 1 036 000 000   6 ms
    //   H IV 1 040 000 000  FC 0               in flight in poll 1 (not complete, not remembered)
    // poll 2 shows A..E again unchanged, H complete (= F, FC 1 047 000 000, 7 ms), then
    //   G IV 1 020 000 000  FC 1 052 000 000  32 ms   after F although its IV is older, same IV as C
    private static final String A = "0,1000000000,1000000000,9223372036854775807,0,1000500000,1001000000,"
            + "1001500000,1002000000,1002500000,1002500000,1003000000,1007000000,1008000000,120000,90000,1008000000,\n";
    private static final String B = "0,1010000000,1010000000,9223372036854775807,0,1010500000,1011000000,"
            + "1011500000,1012000000,1012500000,1012500000,1013000000,1015000000,1016000000,120000,90000,1016000000,\n";
    private static final String C = "0,1020000000,1020000000,9223372036854775807,0,1020500000,1021000000,"
            + "1021500000,1022000000,1022500000,1022500000,1023000000,1024000000,1025000000,120000,90000,1025000000,\n";
    private static final String D = "0,1010000000,1010000000,9223372036854775807,0,1010500000,1011000000,"
            + "1011500000,1012000000,1012500000,1012500000,1013000000,1074800000,1075800000,120000,90000,1075800000,\n";
    private static final String E = "0,1030000000,1030000000,9223372036854775807,0,1030500000,1031000000,"
            + "1031500000,1032000000,1032500000,1032500000,1033000000,1035000000,1036000000,120000,90000,1036000000,\n";
    private static final String H = "0,1040000000,1040000000,9223372036854775807,0,1040500000,1041000000,"
            + "1041500000,1042000000,1042500000,1042500000,0,0,0,0,0,0,\n";
    private static final String F = "0,1040000000,1040000000,9223372036854775807,0,1040500000,1041000000,"
            + "1041500000,1042000000,1042500000,1042500000,1043000000,1046000000,1047000000,120000,90000,1047000000,\n";
    private static final String G = "0,1020000000,1020000000,9223372036854775807,0,1020500000,1021000000,"
            + "1021500000,1022000000,1022500000,1022500000,1023000000,1051000000,1052000000,120000,90000,1052000000,\n";

    @Test
    void aRowAfterRowsWithLaterIntendedVsyncIsNewUnlessTheSameIdentityWasRead() throws IOException {
        FrameEngine e = engine();
        poll(e, block(W, A + B + C + D + E + H));
        // A, B, C, D, E are new (D: no row read had IV 1 010 000 000 AND FC 1 075 800 000); H is in flight
        assertEquals(5, e.summary("com.example").frames());
        poll(e, block(W, A + B + C + D + E + F + G));
        Summary s = e.summary("com.example");
        // A..E read before: not new. F (H completed) and G are new: 5 + 2 = 7. The rev 2 watermark (IV above the
        // greatest read) would have kept A, B, C, E, F = 5: it dropped D (IV 1.010 s < 1.020 s) and G (< 1.040 s).
        assertEquals(7, s.frames());
        assertEquals(7, s.timedFrames());
        // durations 8, 6, 5, 65.8, 6, 7, 32 ms; T = 10 ms; janky = duration > T (no FrameDeadline): D, G
        assertEquals(2, s.jankyFrames());
        // dropped = max(0, ceil(d / T) − 1): D ceil(6.58) − 1 = 6, G ceil(3.2) − 1 = 3, others 0 → 9
        assertEquals(9, s.droppedFrames());
        // fps = 7 × 1e9 / (Σ (dropped + 1) × T) = 7e9 / ((1+1+1+7+1+1+4) × 10 ms = 160 ms) = 43.75
        assertEquals(43.75, s.fps(), 1e-9);
        // sorted durations 5, 6, 6, 7, 8, 32, 65.8: p50 = v[ceil(3.5) − 1] = v[3] = 7; p90 = v[ceil(6.3) − 1] = 65.8
        assertEquals(7.0, s.frameTimeMs().p50(), 1e-9);
        assertEquals(65.8, s.frameTimeMs().p90(), 1e-9);
        assertEquals(65.8, s.frameTimeMs().max(), 1e-9);
        // mean = 129.8 / 7
        assertEquals(129.8 / 7, s.frameTimeMs().mean(), 1e-9);
        // spanFps: IVs in order 1.000 1.010 1.010 1.020 1.020 1.030 1.040 s, one segment: 6 / 40 ms = 150 → 100 cap
        assertEquals(100.0, s.spanFps(), 1e-9);
        assertEquals(0, s.overflows());
    }

    @Test
    void aRowIsNewAgainOnlyWithAnotherFrameCompleted() throws IOException {
        FrameEngine e = engine();
        // the same block twice in one dump: the second copy is all identities already read
        poll(e, block(W, B + D) + block(W, B + D));
        assertEquals(2, e.summary("p").frames());
        // B and D share IV 1 010 000 000 and differ in FC: two frames; a third poll with the same rows: still 2
        poll(e, block(W, B + D));
        assertEquals(2, e.summary("p").frames());
    }

    // ---- 1.7: overflow when a full ring shares no row with the previous block ----

    /** Row i of the overflow dumps: IV = 2 s + i × 10 ms, FC = IV + 5 ms (GpuCompleted = FC: not pending). */
    private static String row(long iv, long fc) {
        return "0," + iv + "," + iv + ",9223372036854775807,0," + (iv + 500_000) + "," + (iv + 1_000_000) + ","
                + (iv + 1_500_000) + "," + (iv + 2_000_000) + "," + (iv + 2_500_000) + "," + (iv + 2_500_000) + ","
                + (iv + 3_000_000) + "," + (fc - 1_000_000) + "," + fc + ",120000,90000," + fc + ",\n";
    }

    private static long iv(int i) {
        return 2_000_000_000L + i * T;
    }

    private static String rows(int from, int toExclusive) {
        StringBuilder b = new StringBuilder();
        for (int i = from; i < toExclusive; i++) {
            b.append(row(iv(i), iv(i) + 5_000_000));
        }
        return b.toString();
    }

    @Test
    void aFullRingSharingNoRowWithThePreviousBlockIsOneOverflow() throws IOException {
        FrameEngine e = engine();
        poll(e, block(W, rows(0, 120)));      // first poll of the window: never an overflow
        assertEquals(0, e.summary("p").overflows());
        // poll 2: rows 200..319, 120 rows, none in poll 1 → overflow; gap (newest IV of poll 1 = row 119,
        // oldest of poll 2 = row 200) = 81 × 10 ms = 810 ms
        poll(e, block(W, rows(200, 320)));
        assertEquals(1, e.summary("p").overflows());
        // poll 3: a RenderThread-interleaved row with IV of row 317 but its own FC (40 ms frame), then rows 400..518:
        // 120 rows, none in poll 2 by identity → overflow (the rev 2 rule saw its oldest IV 317 below the
        // watermark 319 and called it complete). Gap (row 319, row 317): the interval is empty, 0 ms.
        poll(e, block(W, row(iv(317), iv(317) + 40_000_000) + rows(400, 519)));
        assertEquals(2, e.summary("p").overflows());
        // poll 4: rows 510..629: 510..518 were in poll 3 → nothing lost
        poll(e, block(W, rows(510, 630)));
        // poll 5: 119 new rows: not the full ring → no overflow
        poll(e, block(W, rows(700, 819)));
        Summary s = e.summary("p");
        assertEquals(2, s.overflows());
        assertEquals(2, s.coverageGaps());
        assertEquals(810.0, s.coverageGapMs(), 1e-9);
        assertTrue(s.warnings().contains("coverage gap of 810.0 ms: ring overflow in " + W
                + ": frames between two polls may be lost"), s.warnings().toString());
        // frames: 120 + 120 + 120 + (519..629 = 111) + 119 = 590
        assertEquals(590, s.frames());
    }

    @Test
    void anOverlapOfOneRowInFlightBothTimesIsNoOverflow() throws IOException {
        FrameEngine e = engine();
        String inFlight = "0," + iv(119) + "," + iv(119) + ",9223372036854775807,0," + (iv(119) + 500_000) + ","
                + (iv(119) + 1_000_000) + "," + (iv(119) + 1_500_000) + "," + (iv(119) + 2_000_000) + ","
                + (iv(119) + 2_500_000) + "," + (iv(119) + 2_500_000) + ",0,0,0,0,0,0,\n";
        poll(e, block(W, rows(0, 119) + inFlight));
        // poll 2: the same row 119 still in flight (same identity, FC 0), then rows 300..418: complete or not,
        // one row was in poll 1 → not an overflow, although 119 of its 120 rows are new
        poll(e, block(W, inFlight + rows(300, 419)));
        assertEquals(0, e.summary("p").overflows());
        assertEquals(119 + 119, e.summary("p").frames());
    }

    // ---- 6: spanFps with several windows ----

    @Test
    void spanFpsSplitsEachWindowOnItsOwnTimelineAndSumsOverWindows() throws IOException {
        // W:  IV 1.000, 1.020, 1.030 s, then 1.010 s (after later rows). One segment: 3 gaps, span 30 ms.
        // W2: IV 1.005, 1.025, 2.100, 2.110 s. 1.025 → 2.100 = 1.075 s ≥ the 1 s idle gap: two segments,
        //     spans 20 ms and 10 ms, 2 gaps.
        // spanFps = (frames − segments) / Σ spans = ((4 − 1) + (4 − 2)) / (30 + 20 + 10 ms) = 5 / 60 ms = 83.33…
        // (one stream of both windows would be 1.000 … 1.030 and 2.100, 2.110: (8 − 2) / 40 ms = 150 → 100; arrival
        // order in W would lose the 1.010 row's gaps: (2 + 2) / 60 ms = 66.7)
        String w = row(1_000_000_000L, 1_006_000_000L) + row(1_020_000_000L, 1_026_000_000L)
                + row(1_030_000_000L, 1_036_000_000L) + row(1_010_000_000L, 1_018_000_000L);
        String w2 = row(1_005_000_000L, 1_011_000_000L) + row(1_025_000_000L, 1_031_000_000L)
                + row(2_100_000_000L, 2_106_000_000L) + row(2_110_000_000L, 2_116_000_000L);
        FrameEngine e = engine();
        poll(e, block(W, w) + block(W2, w2));
        Summary s = e.summary("com.example");
        assertEquals(8, s.frames());
        assertEquals(5e9 / 60e6, s.spanFps(), 1e-9);
        // each window on its own: W 3 / 30 ms = 100 (cap 100); W2 2 / 30 ms = 66.67
        Summary first = s.windows().stream().filter(x -> x.name().equals(W)).findFirst().orElseThrow();
        Summary second = s.windows().stream().filter(x -> x.name().equals(W2)).findFirst().orElseThrow();
        assertEquals(100.0, first.spanFps(), 1e-9);
        assertEquals(2e9 / 30e6, second.spanFps(), 1e-9);
    }

    // ---- the real Android capture still parses ----

    @Test
    void theRealPixel8CaptureStillParses() throws IOException {
        byte[] dump = Files.readAllBytes(
                RealFixtures.file("framestats__qtekfun_UltimateMaps__pixel8_120hz_pan1_excerpt.txt"));
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
        e.savedDump(true);
        FramestatsDump d = new FramestatsParser(e).parse(new ByteArrayInputStream(dump));
        assertEquals(List.of("org.ultimatemaps.spike.maplibre/org.ultimatemaps.spike.MainActivity"), d.windows());
        Summary s = e.summary("org.ultimatemaps.spike.maplibre");
        // its 10 rows are complete, flags 0, in IntendedVsync order
        assertEquals(10, s.frames());
        assertEquals(10, s.timedFrames());
        // the longest: IV 36293799407531 → FC 36293806871642 = 7 464 111 ns
        assertEquals(7.464111, s.frameTimeMs().max(), 1e-9);
        // 9 gaps over IV 36293716104165 → 36293816103912 = 99.999747 ms: 9 / 0.099999747 s = 90.0002 → 90.0
        assertEquals(90.0, Math.round(s.spanFps() * 10) / 10.0);
        assertEquals(0, s.overflows());
    }
}
