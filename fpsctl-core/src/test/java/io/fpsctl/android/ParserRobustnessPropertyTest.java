package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.PresentedFrame;

import java.io.StringReader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random and mutated inputs for every parser in this package: nothing but {@link DumpFormatException}
 * escapes, every call finishes within a few seconds, and the bookkeeping stays consistent.
 */
class ParserRobustnessPropertyTest {

    private static final Duration LIMIT = Duration.ofSeconds(5);

    private static final List<String> LATENCY_BASES = List.of(
            "16666666\n0\t0\t0\n100\t200\t300\n9223372036854775807\t9223372036854775807\t9223372036854775807\n\n",
            "SurfaceFlinger appears to be unresponsive (Connection timed out [-110]), dumping anyways (no locks held)\n16954612\n7657467895508   7657482691352   7657493499756\n",
            "8333333\r\n1  2\t3\r\n4\t5  6\r\n",
            "11111111\n");

    private static final List<String> LIST_BASES = List.of(
            "ActivityRecord{a6723a9 u0 com.a/com.a.Main t1}#0\n56d18fd com.a/com.a.Main#0\n"
                    + "Background for SurfaceView[com.a/com.a.Main]#0\nSurfaceView[com.a/com.a.Main]#0\n"
                    + "SurfaceView[com.a/com.a.Main](BLAST)#0\ncom.a/com.a.Main#0\nBounds for - com.a/com.a.Main#0\n",
            "RequestedLayerState{SurfaceView[com.a/com.a.Main]@0(BLAST)#12 parentId=4 mirrorId={1,2,} !handle z=-1 layerStack=0}\n"
                    + "RequestedLayerState{com.a/com.a.Main#4 parentId=3}\n",
            "AppWindowToken{41dfe54 token=Token{77819a7 ActivityRecord{a151266 u0 com.a/com.a.App t506}}}#0\n"
                    + "SurfaceView - com.a/com.a.App#0\nBackground for -SurfaceView - com.a/com.a.App#0\n");

    private static final List<String> SUMMARY_BASES = List.of(
            "** Graphics info for pid 1 [com.a] **\n\nStats since: 5ns\nTotal frames rendered: 3\nJanky frames: 1 (33.33%)\n"
                    + "Janky frames (legacy): 2 (66.67%)\n50th percentile: 5ms\n90th percentile: 7ms\n"
                    + "Number Missed Vsync: 1\nNumber Slow draw: 2\nHISTOGRAM: 5ms=1 6ms=1 7ms=1\n"
                    + "50th gpu percentile: 1ms\nGPU HISTOGRAM: 1ms=3 4950ms=0\n",
            "\tcom.a/com.a.Main/android.view.ViewRootImpl@4e4f4c1 (visibility=0)\r\nWindow: com.a/com.a.Main\r\n"
                    + "Stats since: 9ns\r\nTotal frames rendered: 0\r\nJanky frames: 0 (0.00%)\r\n\r\n---PROFILEDATA---\r\n"
                    + "Flags,IntendedVsync,\r\n0,1,\r\n---PROFILEDATA---\r\n");

    private static final List<String> DISPLAY_BASES = List.of(
            "DisplayDeviceInfo{\"Built-in\": modeId 3, renderFrameRate 120.00001, supportedModes [{id=3, fps=120.00001}]}",
            "DisplayInfo{mode 2, modes [{id=1, fps=60.0}, {id=2, fps=90.0}]}");

    /** Fragments that look like pieces of the formats, to splice into valid inputs. */
    private static final List<String> FRAGMENTS = List.of(
            "9223372036854775807", "99999999999999999999", "0", "-", "-1", "\t", " ", "  ", "\r\n", "\n", "\r",
            "SurfaceFlinger appears to be unresponsive", "RequestedLayerState{", "}", "{", "(BLAST)", "#0", "#",
            "SurfaceView[", "]", "SurfaceView - ", "Stats since: ", "Total frames rendered: ", "Janky frames: ",
            "(legacy)", "HISTOGRAM: ", "GPU HISTOGRAM: ", "ms=", "ms", "%", "(", ")", "Number ", ": ", "Window: ",
            "** Graphics info for pid 7 [p] **", "/android.view.ViewRootImpl@1 (visibility=0)", "th percentile: ",
            "renderFrameRate ", "fps=", "modeId ", "{id=", "1e999", "NaN", ",", ".", "\u0000", "\u2028", "\uFFFF");

    // ---- generators --------------------------------------------------------------------------------

    @Provide
    Arbitrary<String> noise() {
        return Arbitraries.oneOf(
                Arbitraries.strings().withChars("0123456789 \t\r\n-.,:#{}[]()=%/abcmsSFx").ofMaxLength(400),
                Arbitraries.strings().all().ofMaxLength(200),
                Arbitraries.of(FRAGMENTS).list().ofMaxSize(40).map(parts -> String.join("", parts)));
    }

    private static Arbitrary<String> mutated(List<String> bases) {
        Arbitrary<Edit> edit = Combinators.combine(
                Arbitraries.integers().between(0, 5),
                Arbitraries.integers().between(0, 10_000),
                Arbitraries.integers().between(0, 40),
                Arbitraries.oneOf(Arbitraries.of(FRAGMENTS), Arbitraries.strings().ofMaxLength(12)))
                .as(Edit::new);
        return Combinators.combine(Arbitraries.of(bases), edit.list().ofMaxSize(8))
                .as((base, edits) -> {
                    String text = base;
                    for (Edit e : edits) {
                        text = e.applyTo(text);
                    }
                    return text;
                });
    }

    @Provide
    Arbitrary<String> latencyText() {
        return Arbitraries.oneOf(mutated(LATENCY_BASES), noise());
    }

    @Provide
    Arbitrary<String> listText() {
        return Arbitraries.oneOf(mutated(LIST_BASES), noise());
    }

    @Provide
    Arbitrary<String> summaryText() {
        return Arbitraries.oneOf(mutated(SUMMARY_BASES), noise());
    }

    @Provide
    Arbitrary<String> displayText() {
        return Arbitraries.oneOf(mutated(DISPLAY_BASES), noise());
    }

    @Provide
    Arbitrary<String> packageName() {
        return Arbitraries.oneOf(Arbitraries.of("com.a", "com", "a", "com.a.Main", "/", "#0", "(BLAST)"),
                Arbitraries.strings().ofMaxLength(12));
    }

    @Provide
    Arbitrary<List<long[]>> rows() {
        Arbitrary<Long> value = Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.of(0L, Long.MAX_VALUE, -1L));
        return value.array(long[].class).ofSize(3).list().ofMaxSize(130);
    }

    @Provide
    Arbitrary<String> separator() {
        return Arbitraries.strings().withChars(' ', '\t').ofMinLength(1).ofMaxLength(4);
    }

    // ---- properties --------------------------------------------------------------------------------

    @Property(tries = 600)
    void latencyParserOnlyEverRejectsWithDumpFormatException(@ForAll("latencyText") String text) {
        assertTimeoutPreemptively(LIMIT, () -> {
            RecordingSink sink = new RecordingSink();
            LatencyDump dump;
            try {
                dump = LatencyParser.parse(new StringReader(text), "L", sink);
            } catch (DumpFormatException rejected) {
                assertTrue(sink.events.isEmpty(), "no block for a rejected input");
                assertTrue(!LatencyParser.looksLikeLatencyDump(text), "sniffer accepted what the parser rejects");
                return;
            }
            assertTrue(sink.balanced());
            assertEquals(List.of("start:L", "end:L"), sink.events);
            assertEquals(dump.rows(), sink.frames.size());
            assertEquals(sink.frames.stream().filter(PresentedFrame::valid).count(), dump.validRows());
            assertEquals(sink.frames.stream().filter(f -> f.desiredPresent() == 0 && f.actualPresent() == 0
                    && f.frameReady() == 0).count(), dump.emptyRows());
            assertEquals(dump.rows() > dump.emptyRows(), dump.hasData());
            assertTrue(dump.malformedLines() >= 0 && dump.periodNs() >= 0);
            sink.frames.forEach(f -> assertEquals(dump.periodNs(), f.period()));
        });
    }

    @Property(tries = 300)
    void wellFormedDumpsAreReadBackExactly(@ForAll("rows") List<long[]> rows, @ForAll("separator") String sep1,
                                           @ForAll("separator") String sep2, @ForAll boolean crlf) throws Exception {
        String eol = crlf ? "\r\n" : "\n";
        StringBuilder text = new StringBuilder("16666666").append(eol);
        for (long[] row : rows) {
            text.append(row[0]).append(sep1).append(row[1]).append(sep2).append(row[2]).append(eol);
        }
        text.append(eol);
        RecordingSink sink = new RecordingSink();

        LatencyDump dump = LatencyParser.parse(new StringReader(text.toString()), "L", sink);

        // the rule, written out: −1 (an invalid fence) is no frame and goes on as 0; any other actualPresent that
        // is negative or at or above 2^62 (INT64_MAX, pending, aside) is no time and its row is rejected
        List<PresentedFrame> expected = new ArrayList<>();
        long rejected = 0;
        for (long[] row : rows) {
            long present = row[1];
            if (present == -1) {
                expected.add(new PresentedFrame("L", row[0], 0, row[2], 16666666));
            } else if (present != Long.MAX_VALUE && (present < 0 || present >= 1L << 62)) {
                rejected++;
            } else {
                expected.add(new PresentedFrame("L", row[0], present, row[2], 16666666));
            }
        }
        assertEquals(expected.size(), dump.rows());
        assertEquals(rejected, dump.rejectedRows());
        assertEquals(0, dump.malformedLines());
        assertEquals(expected, sink.frames);
        assertEquals(expected.stream().filter(f -> f.actualPresent() != 0 && f.actualPresent() != Long.MAX_VALUE)
                .count(), dump.validRows());
        assertTrue(LatencyParser.looksLikeLatencyDump(text.toString()));
    }

    @Property(tries = 600)
    void layerListAndRankerNeverThrow(@ForAll("listText") String text, @ForAll("packageName") String pkg) {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<String> names = LayerList.parse(text);
            List<String> ranked = LayerRanker.rank(names, pkg);
            assertTrue(names.stream().noneMatch(String::isEmpty));
            assertTrue(names.containsAll(ranked), "candidates come from the list");
            assertEquals(ranked.size(), ranked.stream().distinct().count());
            for (String candidate : ranked) {
                // Android 6/7 name a SurfaceView layer "SurfaceView" with no package: such layers are candidates too
                assertTrue(LayerRanker.mentionsPackage(candidate, pkg) || candidate.matches("SurfaceView(#[0-9]+)?"),
                        candidate);
                assertTrue(!candidate.startsWith("RequestedLayerState{"));
            }
        });
    }

    @Property(tries = 600)
    void summaryReaderNeverThrows(@ForAll("summaryText") String text) {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<GfxinfoSummary> summaries = GfxinfoSummaryReader.read(new StringReader(text));
            GfxinfoSummaryReader fed = new GfxinfoSummaryReader();
            for (String line : text.split("\r\n|\r|\n", -1)) {
                fed.line(line);
            }
            assertEquals(summaries, fed.summaries(), "line-fed and Reader give the same result");
            for (GfxinfoSummary s : summaries) {
                assertTrue(s.totalFrames() >= 0 && s.jankyFrames() >= 0);
                assertTrue(Double.isFinite(s.jankyPercent()));
                assertEquals(s.scope() == GfxinfoSummary.Scope.WINDOW, s.window() != null);
            }
        });
    }

    @Property(tries = 400)
    void refreshRateNeverThrows(@ForAll("displayText") String text) {
        assertTimeoutPreemptively(LIMIT, () -> {
            RefreshRate.fromDisplayDump(text).ifPresent(rate -> {
                assertTrue(rate.hz() > 0 && Double.isFinite(rate.hz()));
                assertTrue(rate.periodNs() > 0);
            });
            RefreshRate.fromLatencyPeriodLine(text);
        });
    }

    /** One random edit: 0 delete, 1 insert, 2 duplicate a line, 3 drop a line, 4 replace a char, 5 cut. */
    private record Edit(int kind, int position, int length, String fragment) {

        String applyTo(String text) {
            int at = text.isEmpty() ? 0 : position % (text.length() + 1);
            switch (kind) {
                case 0:
                    return text.substring(0, at) + text.substring(Math.min(text.length(), at + length));
                case 1:
                    return text.substring(0, at) + fragment + text.substring(at);
                case 2:
                case 3: {
                    List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
                    int line = position % lines.size();
                    if (kind == 2) {
                        lines.add(line, lines.get(line));
                    } else {
                        lines.remove(line);
                    }
                    return String.join("\n", lines);
                }
                case 4:
                    if (at >= text.length()) {
                        return text + fragment;
                    }
                    return text.substring(0, at) + (fragment.isEmpty() ? "" : fragment.substring(0, 1))
                            + text.substring(at + 1);
                default:
                    return text.substring(0, at);
            }
        }
    }
}
