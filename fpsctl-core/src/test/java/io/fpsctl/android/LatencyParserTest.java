package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.PresentedFrame;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LatencyParserTest {

    private static final long MAX = Long.MAX_VALUE;

    private static final String CATAPULT_SIMPLE = "latency__catapult-project_catapult__surface_stats_collector_test_simple.txt";
    private static final String CATAPULT_WARNING = "latency__catapult-project_catapult__surface_stats_collector_test_withWarning.txt";
    private static final String HONOR9 = "latency__alibaba_mobileperf__honor9_android8_pending_fence_excerpt.txt";
    private static final String PIXEL2 = "latency__alibaba_mobileperf__pixel2_android8_all_zero_excerpt.txt";
    private static final String HAKABOOM = "latency__hakaboom_adb-utils__fps_py_docstring_excerpt.txt";

    private final RecordingSink sink = new RecordingSink();

    private LatencyDump parseFixture(String name, String layer) throws Exception {
        try (Reader in = RealFixtures.reader(name)) {
            return LatencyParser.parse(in, layer, sink);
        }
    }

    private LatencyDump parseText(String text) throws Exception {
        return LatencyParser.parse(new StringReader(text), "L", sink);
    }

    private long[] actualPresents() {
        return sink.frames.stream().mapToLong(PresentedFrame::actualPresent).toArray();
    }

    // ---- real captures -------------------------------------------------------------------------------

    @Test
    void catapultSimple_periodAndThreeValidRows() throws Exception {
        LatencyDump dump = parseFixture(CATAPULT_SIMPLE, "SurfaceView");

        assertEquals(new LatencyDump("SurfaceView", 16954612, false, 3, 3, 0, 0), dump);
        assertTrue(dump.hasData());
        assertEquals(List.of("start:SurfaceView", "end:SurfaceView"), sink.events);
        assertEquals(new PresentedFrame("SurfaceView", 7657467895508L, 7657482691352L, 7657493499756L, 16954612),
                sink.frames.get(0));
        assertEquals(new PresentedFrame("SurfaceView", 7657500793457L, 7657516600576L, 7657527404785L, 16954612),
                sink.frames.get(2));
        // by hand: consecutive actual-present gaps are exactly one refresh period
        long[] present = actualPresents();
        assertEquals(16954612, present[1] - present[0]);
        assertEquals(16954612, present[2] - present[1]);
        // 1e9 / 16954612 = 58.98 Hz
        assertEquals("59.0", dump.refreshRate().orElseThrow().hzText());
        assertEquals(58.981, dump.refreshRate().orElseThrow().hz(), 0.001);
    }

    @Test
    void catapultWithWarning_setsFlagAndParsesTheSameRows() throws Exception {
        LatencyDump warned = parseFixture(CATAPULT_WARNING, "SurfaceView");
        List<PresentedFrame> warnedFrames = List.copyOf(sink.frames);
        sink.frames.clear();
        LatencyDump plain = parseFixture(CATAPULT_SIMPLE, "SurfaceView");

        assertTrue(warned.unresponsiveWarning());
        assertFalse(plain.unresponsiveWarning());
        assertEquals(16954612, warned.periodNs());
        assertEquals(3, warned.validRows());
        assertEquals(0, warned.malformedLines());
        assertEquals(sink.frames, warnedFrames);
    }

    @Test
    void honor9_pendingFencesInColumnsOneAndThree_columnTwoValid() throws Exception {
        LatencyDump dump = parseFixture(HONOR9, "com.example/com.example.Main#0");

        assertEquals(16666666, dump.periodNs());
        assertEquals(3, dump.rows());
        assertEquals(3, dump.validRows());
        assertEquals(0, dump.emptyRows());
        assertTrue(dump.hasData());
        assertArrayEquals(new long[] {3618832932780L, 3618849592155L, 3618866251530L}, actualPresents());
        for (PresentedFrame frame : sink.frames) {
            assertEquals(MAX, frame.desiredPresent());
            assertEquals(MAX, frame.frameReady());
            assertTrue(frame.valid());
        }
        // by hand: 3618849592155 - 3618832932780 = 16659375 ns, just under one period
        long[] present = actualPresents();
        assertEquals(16659375, present[1] - present[0]);
        assertEquals(16659375, present[2] - present[1]);
    }

    @Test
    void pixel2_allZeroRows_haveNoData() throws Exception {
        LatencyDump dump = parseFixture(PIXEL2, "com.example/com.example.Main#0");

        assertEquals(16666666, dump.periodNs());
        assertEquals(4, dump.rows());
        assertEquals(0, dump.validRows());
        assertEquals(4, dump.emptyRows());
        assertFalse(dump.hasData());
        assertEquals(4, sink.frames.size(), "0 0 0 rows are still handed to the engine");
        assertTrue(sink.frames.stream().noneMatch(PresentedFrame::valid));
        assertEquals("60.0", dump.refreshRate().orElseThrow().hzText());
    }

    @Test
    void hakaboom_mixedTabsAndSpaces() throws Exception {
        LatencyDump dump = parseFixture(HAKABOOM, "layer");

        assertEquals(new LatencyDump("layer", 16666666, false, 5, 5, 0, 0), dump);
        assertEquals(new PresentedFrame("layer", 10771456257842L, 10771499569140L, 10771456257842L, 16666666),
                sink.frames.get(0));
        assertEquals(new PresentedFrame("layer", 10771523229435L, 10771566235804L, 10771523229435L, 16666666),
                sink.frames.get(4));
        long[] present = actualPresents();
        for (int i = 1; i < present.length; i++) {
            assertEquals(16666666, present[i] - present[i - 1], "gap " + i);
        }
        for (PresentedFrame frame : sink.frames) {
            assertEquals(frame.desiredPresent(), frame.frameReady(), "columns A and C are equal in this capture");
        }
    }

    @Test
    void everyRealLatencyFixtureParsesWithoutMalformedLinesAndIsSniffed() throws Exception {
        List<String> names = RealFixtures.namesOfKind("latency");
        assertEquals(List.of(HONOR9, PIXEL2, CATAPULT_SIMPLE, CATAPULT_WARNING, HAKABOOM), names,
                "a new latency fixture needs its own test above");
        for (String name : names) {
            RecordingSink own = new RecordingSink();
            LatencyDump dump;
            try (Reader in = RealFixtures.reader(name)) {
                dump = LatencyParser.parse(in, name, own);
            }
            assertEquals(0, dump.malformedLines(), name);
            assertEquals(dump.rows(), own.frames.size(), name);
            assertTrue(own.balanced(), name);
            assertTrue(LatencyParser.looksLikeLatencyDump(RealFixtures.text(name)), name);
        }
    }

    @Test
    void otherRealDumpsAreNotSniffedAsLatencyAndAreRejected() throws Exception {
        List<String> others = new ArrayList<>();
        for (String kind : List.of("list", "display", "gfxinfo_summary", "gfxinfo_legacy", "framestats")) {
            others.addAll(RealFixtures.namesOfKind(kind));
        }
        assertTrue(others.size() >= 13, "expected the other fixture kinds, found " + others);
        for (String name : others) {
            String text = RealFixtures.text(name);
            assertFalse(LatencyParser.looksLikeLatencyDump(text), name);
            assertFalse(LatencyParser.looksLikeLatencyDump(text.substring(0, Math.min(200, text.length()))), name);
            RecordingSink own = new RecordingSink();
            DumpFormatException e = assertThrows(DumpFormatException.class,
                    () -> LatencyParser.parse(new StringReader(text), "x", own), name);
            assertTrue(e.getMessage().contains("refresh period"), e.getMessage());
            assertTrue(own.events.isEmpty(), "no block is opened for a rejected file: " + name);
        }
    }

    // ---- synthetic inputs ---------------------------------------------------------------------------

    @Test
    void pendingRowsAreDeliveredButNotValid() throws Exception {
        LatencyDump dump = parseText("""
                8333333
                0\t0\t0
                100000000\t108333333\t99000000
                116666666\t9223372036854775807\t115000000
                125000000\t9223372036854775807\t9223372036854775807

                """);

        assertEquals(new LatencyDump("L", 8333333, false, 4, 1, 1, 0), dump);
        assertTrue(dump.hasData());
        assertEquals(4, sink.frames.size());
        assertEquals(MAX, sink.frames.get(3).actualPresent());
        assertEquals(MAX, sink.frames.get(3).frameReady());
        assertFalse(sink.frames.get(2).valid());
        assertEquals(8333333, sink.frames.get(1).period());
        assertEquals("120.0", dump.refreshRate().orElseThrow().hzText());
    }

    @Test
    void periodOnly_unknownLayer_hasNoDataButIsADump() throws Exception {
        LatencyDump dump = parseText("11111111\n");

        assertEquals(new LatencyDump("L", 11111111, false, 0, 0, 0, 0), dump);
        assertFalse(dump.hasData());
        assertEquals(List.of("start:L", "end:L"), sink.events);
        assertEquals("90.0", dump.refreshRate().orElseThrow().hzText());
    }

    @Test
    void periodWithoutLineBreak() throws Exception {
        assertEquals(16666666, parseText("16666666").periodNs());
    }

    @Test
    void malformedLinesAreSkippedAndCounted() throws Exception {
        LatencyDump dump = parseText(String.join("\n",
                "16666666",
                "1 2 3",
                "1 2",                                  // two columns
                "1 2 3 4",                              // four columns
                "a b c",                                // not numbers
                "1.5 2 3",                              // not integers
                "99999999999999999999 1 2",             // out of long range
                "16666666",                             // a second period line
                // not leading (frameworks/native SurfaceFlinger::doDump, android-10.0.0_r1, "%s [%d]" of -110):
                "SurfaceFlinger appears to be unresponsive (Connection timed out [-110]), dumping anyways (no locks held)",
                "   ",                                  // blank: not counted
                "-1 5 6",                               // negative numbers are still integers
                "  7\t \t8   9  "));                    // odd spacing

        assertEquals(3, dump.rows());
        assertEquals(7, dump.malformedLines());
        assertEquals(3, dump.validRows());
        assertArrayEquals(new long[] {2, 5, 8}, actualPresents());
        assertEquals(-1, sink.frames.get(1).desiredPresent());
    }

    @Test
    void crlfAndLeadingBlankLinesAndWarning() throws Exception {
        LatencyDump dump = parseText("\r\n\r\nSurfaceFlinger appears to be unresponsive (Connection timed out [-110]), "
                + "dumping anyways (no locks held)\r\n"
                + "16666666\r\n10\t20\t30\r\n40 50 60\r\n\r\n");

        assertTrue(dump.unresponsiveWarning());
        assertEquals(16666666, dump.periodNs());
        assertEquals(2, dump.rows());
        assertEquals(0, dump.malformedLines());
        assertArrayEquals(new long[] {20, 50}, actualPresents());
    }

    @Test
    void oldMacLineBreaksAreLineBreaksToo() throws Exception {
        LatencyDump dump = parseText("16666666\r1 2 3\r4 5 6\r");
        assertEquals(2, dump.rows());
        assertEquals(0, dump.malformedLines());
    }

    @Test
    void notALatencyDump_throwsWithAMessageNamingTheExpectation() {
        for (String text : List.of("", "\n\n", "hello\n1 2 3\n", "1 2 3\n4 5 6\n", "16.6\n",
                "SurfaceFlinger appears to be unresponsive (Connection timed out [-110]), dumping anyways (no locks held)\n",
                "-16666666\n", "99999999999999999999\n", "Stats since: 1ns\n")) {
            RecordingSink own = new RecordingSink();
            DumpFormatException e = assertThrows(DumpFormatException.class,
                    () -> LatencyParser.parse(new StringReader(text), "x", own), text);
            assertTrue(e.getMessage().startsWith("not a SurfaceFlinger --latency dump"), e.getMessage());
            assertTrue(own.events.isEmpty());
        }
    }

    @Test
    void aVeryLongLineIsCountedAsMalformedNotKept() throws Exception {
        String huge = "1".repeat(1_000_000);
        LatencyDump dump = parseText("16666666\n" + huge + " 2 3\n4 5 6\n");
        assertEquals(1, dump.rows());
        assertEquals(1, dump.malformedLines());

        RecordingSink own = new RecordingSink();
        assertThrows(DumpFormatException.class,
                () -> LatencyParser.parse(new StringReader(huge), "x", own), "an overlong first line is no period");
    }

    @Test
    void blockIsClosedWhenReadingFails() {
        Reader failing = new Reader() {
            private final Reader start = new StringReader("16666666\n1 2 3\n");

            @Override
            public int read(char[] buffer, int offset, int length) throws IOException {
                int n = start.read(buffer, offset, length);
                if (n < 0) {
                    throw new IOException("device disconnected");
                }
                return n;
            }

            @Override
            public void close() {
            }
        };
        assertThrows(IOException.class, () -> LatencyParser.parse(failing, "L", sink));
        assertEquals(List.of("start:L", "end:L"), sink.events);
        assertEquals(1, sink.frames.size());
    }

    @Test
    void sniffer() {
        assertTrue(LatencyParser.looksLikeLatencyDump("16666666\n"));
        assertTrue(LatencyParser.looksLikeLatencyDump("16666666"));
        assertTrue(LatencyParser.looksLikeLatencyDump("\r\n16666666\r\n0\t0\t0\r\n"));
        assertTrue(LatencyParser.looksLikeLatencyDump("SurfaceFlinger appears to be unresponsive (Connection timed out "
                + "[-110]), dumping anyways (no locks held)\n8333333\n1 2 3\n"));
        assertTrue(LatencyParser.looksLikeLatencyDump("16666666\n3604011000000\t36040"), "a cut-off last line may be partial");
        assertFalse(LatencyParser.looksLikeLatencyDump("16666666\n3604011000000\t36040\n"), "a complete line must have 3 columns");
        assertFalse(LatencyParser.looksLikeLatencyDump("16666666\nhello\n"));
        assertFalse(LatencyParser.looksLikeLatencyDump("1 2 3\n"));
        assertFalse(LatencyParser.looksLikeLatencyDump(""));
        assertFalse(LatencyParser.looksLikeLatencyDump(null));
        assertFalse(LatencyParser.looksLikeLatencyDump("Stats since: 5ns\n"));
    }
}
