package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.Frame;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameSink;
import io.fpsctl.engine.Source;
import io.fpsctl.format.SummaryJson;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The parallel front-end must give exactly what the single-threaded {@link FramestatsParser} gives: the same sink
 * calls in the same order (block starts and ends, every frame with its window), the same text lines, the same
 * bookkeeping, and so the same engine summary. Tiny pieces make it cut even small dumps, at every possible place.
 */
class ParallelFramestatsParserTest {

    /**
     * Every call a parser makes, in order: every {@link FrameSink} method (the relay must pass each one on; see
     * {@link #theTraceRecordsEveryFrameSinkMethod}) and text lines in one list. A frame is recorded as the list of
     * all its record components by name, so every field of every frame is compared, window included.
     */
    private static final class Trace implements FrameSink {
        final List<Object> events = new ArrayList<>();
        final List<Frame> frames = new ArrayList<>();

        @Override
        public void blockStart(String window) {
            events.add("start " + window);
        }

        @Override
        public void gpuColumn(boolean present) {
            events.add("gpuColumn " + present);
        }

        @Override
        public void period(long periodNs) {
            events.add("period " + periodNs);
        }

        @Override
        public void frame(Frame frame) {
            events.add(fields(frame));
            frames.add(frame);
        }

        @Override
        public void blockEnd() {
            events.add("end");
        }

        void text(String line) {
            events.add("text " + line);
        }
    }

    /** Every component of a frame record, by name; a frame type that is not a record fails the test. */
    private static List<String> fields(Frame frame) {
        RecordComponent[] components = frame.getClass().getRecordComponents();
        assertNotNull(components, frame.getClass() + " is not a record: list its fields here");
        List<String> out = new ArrayList<>();
        out.add(frame.getClass().getSimpleName());
        for (RecordComponent c : components) {
            try {
                out.add(c.getName() + "=" + c.getAccessor().invoke(frame));
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
        return out;
    }

    private record Outcome(List<Object> events, List<Frame> frames, FramestatsDump dump) {
    }

    private static Outcome sequential(byte[] dump) throws IOException {
        Trace t = new Trace();
        FramestatsDump d = new FramestatsParser(t, t::text).parse(new ByteArrayInputStream(dump));
        return new Outcome(t.events, t.frames, d);
    }

    private static Outcome parallel(byte[] dump, int threads, int pieceBytes) throws IOException {
        Trace t = new Trace();
        FramestatsDump d = new ParallelFramestatsParser(t, t::text, threads, pieceBytes)
                .parse(new ByteArrayInputStream(dump));
        return new Outcome(t.events, t.frames, d);
    }

    /** The engine's summary as JSON: every number, and arrays compared by content. */
    private static String summary(byte[] dump, boolean parallel, int pieceBytes) throws IOException {
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults());
        if (parallel) {
            new ParallelFramestatsParser(engine, null, 2, pieceBytes).parse(new ByteArrayInputStream(dump));
        } else {
            new FramestatsParser(engine).parse(new ByteArrayInputStream(dump));
        }
        StringWriter json = new StringWriter();
        SummaryJson.write(engine.summary(null), json, true);
        return json.toString();
    }

    private static void assertSameAsSequential(byte[] dump, int pieceBytes) throws IOException {
        Outcome want = sequential(dump);
        Outcome got = parallel(dump, 2, pieceBytes);
        assertEquals(want.dump(), got.dump(), "bookkeeping, pieces of " + pieceBytes + " bytes");
        assertEquals(want.events().size(), got.events().size(), "number of calls, pieces of " + pieceBytes + " bytes");
        for (int i = 0; i < want.events().size(); i++) {
            assertEquals(want.events().get(i), got.events().get(i), "call " + i + ", pieces of " + pieceBytes + " bytes");
        }
    }

    @Test
    void realFixturesParseTheSameAtEveryPieceSize() throws IOException {
        List<String> names = new ArrayList<>(RealFixtures.namesOfKind("framestats"));
        names.addAll(RealFixtures.namesOfKind("gfxinfo_legacy"));
        names.addAll(RealFixtures.namesOfKind("gfxinfo_summary"));
        assertTrue(names.stream().anyMatch(n -> n.startsWith("framestats__")), "no framestats fixture in " + names);
        int cut = 0;
        for (String name : names) {
            byte[] dump = Files.readAllBytes(RealFixtures.file(name));
            for (int piece : new int[] {1, 7, 100, 1000, 1 << 20}) {
                assertSameAsSequential(dump, piece);
            }
            cut += sequential(dump).dump().rows() > 0 ? 1 : 0;
        }
        assertTrue(cut > 0, "no fixture had rows to cut");
    }

    @Test
    void aLongSyntheticBlockIsCutIntoManyPiecesAndSummarisesTheSame() throws IOException {
        List<SyntheticFramestats.Row> rows = SyntheticFramestats.rows(1_000_000_000L, 5_000, 16_666_667L,
                8_000_000L, 8_000_000L, 40_000_000L, 12_000_000L, 70_000_000L);
        byte[] dump = SyntheticFramestats.dump("com.example.big",
                SyntheticFramestats.window(23, "com.example.big/com.example.big.Main", rows),
                SyntheticFramestats.window(17, "com.example.big/com.example.big.Other", rows.subList(0, 300)))
                .getBytes(StandardCharsets.UTF_8);
        assertSameAsSequential(dump, 4096);
        String want = summary(dump, false, 4096);
        assertEquals(want, summary(dump, true, 4096));
        assertTrue(want.contains("\"frames\" : 5300,"), "every row is a frame (two windows, no duplicates): " + want);
    }

    /**
     * Which labelled column holds the interval is decided by the block's first row with both values (METRICS.md
     * 1.2) and kept for the block, also for rows in later pieces. Worked out by hand: row 1 has 1 016 666 667 under
     * "FrameInterval" and 16 666 667 under "FrameStartTime", so the FrameStartTime column holds the interval; row 2
     * (91 190 / 8 333 333, both below 1e9) then reads 8 333 333, row 3 (0 under FrameStartTime) reads 0. Pieces of one row
     * each, so rows 2 and 3 reach workers that never saw row 1.
     */
    @Test
    void theIntervalColumnChosenByABlocksFirstRowHoldsInLaterPieces() throws IOException {
        String header = SyntheticFramestats.HEADERS.get(22); // ...,FrameDeadline,FrameInterval,FrameStartTime,...
        assertTrue(header.contains("FrameDeadline,FrameInterval,FrameStartTime,"), header);
        String dump = "---PROFILEDATA---\n" + header + ",\n"
                + "0,85,1000000000,1000000000,0,1000100000,1000200000,1000300000,1000400000,1016666667,1016666667,"
                + "16666667,1000500000,1000600000,1000700000,1000800000,1001000000,1,1,1002000000,1001100000,0,\n"
                + "0,86,1016666667,1016666667,0,1016766667,1016866667,1016966667,1017066667,1033333334,91190,8333333,"
                + "1017166667,1017266667,1017366667,1017466667,1017666667,1,1,1018666667,1017766667,0,\n"
                + "0,87,1033333334,1033333334,0,1033433334,1033533334,1033633334,1033733334,1050000001,91190,0,"
                + "1033833334,1033933334,1034033334,1034133334,1034333334,1,1,1035333334,1034433334,0,\n"
                + "---PROFILEDATA---\n";
        byte[] b = dump.getBytes(StandardCharsets.UTF_8);
        for (int piece : new int[] {1, 150, 1 << 20}) {
            List<Long> intervals = new ArrayList<>();
            for (Object e : parallel(b, 2, piece).frames()) {
                if (e instanceof io.fpsctl.engine.RenderedFrame f) {
                    intervals.add(f.frameInterval());
                }
            }
            assertEquals(List.of(16_666_667L, 8_333_333L, 0L), intervals, "pieces of " + piece + " bytes");
            assertSameAsSequential(b, piece);
        }
    }

    /**
     * The same block with a line longer than 1 MiB between rows 2 and 3: cutting stops there and the in-order parser
     * reads row 3 itself; it keeps the block's decision (FrameStartTime's column), so row 3 reads 0, not 91 190.
     */
    @Test
    void theIntervalColumnHoldsForRowsReadAfterALongLineEndsTheCutting() throws IOException {
        String dump = "---PROFILEDATA---\n" + SyntheticFramestats.HEADERS.get(22) + ",\n"
                + "0,85,1000000000,1000000000,0,1000100000,1000200000,1000300000,1000400000,1016666667,1016666667,"
                + "16666667,1000500000,1000600000,1000700000,1000800000,1001000000,1,1,1002000000,1001100000,0,\n"
                + "0,86,1016666667,1016666667,0,1016766667,1016866667,1016966667,1017066667,1033333334,91190,8333333,"
                + "1017166667,1017266667,1017366667,1017466667,1017666667,1,1,1018666667,1017766667,0,\n"
                + "x".repeat(3 << 20) + "\n"
                + "0,87,1033333334,1033333334,0,1033433334,1033533334,1033633334,1033733334,1050000001,91190,0,"
                + "1033833334,1033933334,1034033334,1034133334,1034333334,1,1,1035333334,1034433334,0,\n"
                + "---PROFILEDATA---\n";
        byte[] b = dump.getBytes(StandardCharsets.UTF_8);
        List<Long> intervals = new ArrayList<>();
        for (Object e : parallel(b, 2, 1).frames()) {
            if (e instanceof io.fpsctl.engine.RenderedFrame f) {
                intervals.add(f.frameInterval());
            }
        }
        assertEquals(List.of(16_666_667L, 8_333_333L, 0L), intervals);
        assertSameAsSequential(b, 1);
    }

    /**
     * The trace and the parallel parser's relay override every {@link FrameSink} method: a method added to the
     * interface and not passed on (as {@code gpuColumn} once was) fails here.
     */
    @Test
    void theTraceRecordsEveryFrameSinkMethod() throws ClassNotFoundException {
        Class<?> relay = Class.forName(ParallelFramestatsParser.class.getName() + "$Relay");
        for (Method m : FrameSink.class.getMethods()) {
            if (Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            for (Class<?> c : List.of(Trace.class, relay)) {
                assertTrue(Arrays.stream(c.getDeclaredMethods()).anyMatch(d -> d.getName().equals(m.getName())
                        && Arrays.equals(d.getParameterTypes(), m.getParameterTypes())),
                        c.getSimpleName() + " does not pass on FrameSink." + m.getName());
            }
        }
    }

    /**
     * A live poll (GPU-pending rule on, METRICS.md 1.3 rev 2) of the Android 11 layout, hand-written: rows 1 and 2
     * have their GPU fence, row 3 prints GpuCompleted 0 and is less than 1 s behind the block's newest row, so it is pending
     * and read again by the next poll: 2 frames, in parallel as in sequence (the relay once dropped
     * {@code gpuColumn}, and the parallel path counted 3).
     */
    @Test
    void aLivePollWithAPendingGpuFenceCountsTheSameInParallel() throws IOException {
        String dump = "\nWindow: w\n\n---PROFILEDATA---\n" + SyntheticFramestats.HEADERS.get(17) + ",\n"
                + "0,1000000000,1000000000,9223372036854775807,0,1000500000,1001000000,1001500000,1002000000,"
                + "1002500000,1002500000,1003000000,1004000000,1005000000,120000,90000,1004500000,\n"
                + "0,1016666667,1016666667,9223372036854775807,0,1017166667,1017666667,1018166667,1018666667,"
                + "1019166667,1019166667,1019666667,1020666667,1021666667,120000,90000,1021166667,\n"
                + "0,1033333334,1033333334,9223372036854775807,0,1033833334,1034333334,1034833334,1035333334,"
                + "1035833334,1035833334,1036333334,1037333334,1038333334,120000,90000,0,\n"
                + "---PROFILEDATA---\n\n";
        byte[] b = dump.getBytes(StandardCharsets.UTF_8);
        String want = summary(b, false, 1 << 20);
        assertTrue(want.contains("\"frames\" : 2,"), want);
        for (int piece : new int[] {1, 100, 1 << 20}) {
            assertEquals(want, summary(b, true, piece), "pieces of " + piece + " bytes");
            assertSameAsSequential(b, piece);
        }
    }

    @Property(tries = 500)
    void randomDumpsParseTheSame(@ForAll("dumps") String dump, @ForAll @IntRange(min = 1, max = 400) int piece)
            throws IOException {
        assertSameAsSequential(dump.getBytes(StandardCharsets.UTF_8), piece);
    }

    @Property(tries = 50)
    void randomDumpsSummariseTheSame(@ForAll("dumps") String dump, @ForAll @IntRange(min = 1, max = 400) int piece)
            throws IOException {
        byte[] b = dump.getBytes(StandardCharsets.UTF_8);
        assertEquals(summary(b, false, piece), summary(b, true, piece));
    }

    /** Lines of every kind the parser tells apart, in any order, with \n or \r\n endings. */
    @Provide
    Arbitrary<String> dumps() {
        List<Integer> layouts = new ArrayList<>(SyntheticFramestats.HEADERS.keySet());
        Arbitrary<Integer> layout = Arbitraries.of(layouts);
        Arbitrary<Long> vsync = Arbitraries.longs().between(1, 50).map(i -> 1_000_000_000L + i * 16_666_667L);
        Arbitrary<Long> duration = Arbitraries.longs().between(1_000_000L, 90_000_000L);
        Arbitrary<String> validRow = layout.flatMap(n -> vsync.flatMap(v -> duration.map(d ->
                SyntheticFramestats.row(n, new SyntheticFramestats.Row(0, v, d, 16_666_667L, 2_000_000L,
                        v + 16_666_667L)))));
        Arbitrary<String> numbers = Arbitraries.longs().between(-5, 3_000_000_000L).list().ofMinSize(1).ofMaxSize(30)
                .map(l -> String.join(",", l.stream().map(String::valueOf).toList()) + ",");
        Arbitrary<String> header = layout.map(SyntheticFramestats.HEADERS::get).map(h -> h + ",");
        Arbitrary<String> line = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(12, validRow),
                net.jqwik.api.Tuple.of(4, numbers),
                net.jqwik.api.Tuple.of(4, Arbitraries.just("---PROFILEDATA---")),
                net.jqwik.api.Tuple.of(1, Arbitraries.just("  ---PROFILEDATA---\t")),
                net.jqwik.api.Tuple.of(4, header),
                net.jqwik.api.Tuple.of(2, Arbitraries.of("Window: com.a/com.a.Main", "Window: com.b/com.b.Other ",
                        "\tcom.c/com.c.Main/android.view.ViewRootImpl@4e4f4c1 (visibility=0)")),
                net.jqwik.api.Tuple.of(2, Arbitraries.of("", " ", "** Graphics info for pid 7 [com.a] **",
                        "Total frames rendered: 3", "Flags,IntendedVsync", "1,2,x", "99999999999999999999,1,",
                        "1,,2", "-,1", "--", "\u00e9t\u00e9")));
        Arbitrary<String> ending = Arbitraries.of("\n", "\n", "\n", "\r\n");
        return line.flatMap(l -> ending.map(e -> l + e)).list().ofMaxSize(60)
                .flatMap(lines -> Arbitraries.of(true, false).map(cutLast -> {
                    String s = String.join("", lines);
                    return cutLast && s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
                }));
    }
}
