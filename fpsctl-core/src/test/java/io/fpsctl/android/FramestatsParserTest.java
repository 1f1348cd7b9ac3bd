package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.Frame;
import io.fpsctl.engine.FrameSink;
import io.fpsctl.engine.RenderedFrame;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class FramestatsParserTest {
    private static final String TITLE = "com.example/com.example.MainActivity";
    private static final long T120 = 8_333_333L;

    /** Records what the parser hands to the engine. */
    static final class Recorder implements FrameSink {
        final List<RenderedFrame> frames = new ArrayList<>();
        final List<String> events = new ArrayList<>();

        @Override
        public void blockStart(String window) {
            events.add("start " + window);
        }

        @Override
        public void frame(Frame frame) {
            frames.add((RenderedFrame) frame);
        }

        @Override
        public void blockEnd() {
            events.add("end");
        }
    }

    private static FramestatsDump parse(String text, Recorder r) throws IOException {
        return new FramestatsParser(r).parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    @ParameterizedTest(name = "{0} columns")
    @ValueSource(ints = {14, 16, 17, 22, 23, 24, 26})
    void everyColumnLayoutMapsColumnsByName(int columns) throws IOException {
        List<SyntheticFramestats.Row> rows = SyntheticFramestats.rows(5_000_000_000_000L, 12, T120, 4_000_000,
                30_000_000, 6_000_000);
        Recorder r = new Recorder();
        FramestatsDump d = parse(SyntheticFramestats.dump("com.example", SyntheticFramestats.window(columns, TITLE, rows)), r);
        assertEquals(1, d.blocks());
        assertEquals(columns, d.columns());
        assertEquals(0, d.malformedRows());
        assertEquals(12, r.frames.size());
        assertEquals(List.of(TITLE), d.windows());
        for (int i = 0; i < rows.size(); i++) {
            SyntheticFramestats.Row want = rows.get(i);
            RenderedFrame got = r.frames.get(i);
            assertEquals(TITLE, got.window());
            assertEquals(want.intendedVsync(), got.intendedVsync());
            assertEquals(want.completed(), got.frameCompleted());
            assertEquals(want.swap(), got.swapBuffers());
            assertEquals(want.value("DrawStart"), got.drawStart());
            assertEquals(want.value("SyncQueued"), got.syncQueued());
            assertEquals(columns >= 17 ? want.swap() + 1_000_000 : 0, got.gpuCompleted());
            assertEquals(columns >= 22 ? want.deadline() : 0, got.frameDeadline());
            // the label swap of 22/23 columns is undone; older layouts have no interval column
            assertEquals(columns >= 22 ? T120 : 0, got.frameInterval());
        }
    }

    @Test
    void labelSwapIsDecidedByValueNotByVersion() throws IOException {
        // a 23-column header whose labels are already in data order: values still decide
        String header = SyntheticFramestats.HEADERS.get(23).replace("FrameInterval,FrameStartTime",
                "FrameStartTime,FrameInterval");
        String block = "Window: w\n---PROFILEDATA---\n" + header + ",\n"
                + "0,1,1000000000000,1000000000000,0,1000000100000,1000000200000,1000000300000,1000000400000,"
                + "1000011111111,1000000000000,11111111,1000000500000,1000000500000,1000000600000,1000000700000,"
                + "1000000800000,1,1,1000000900000,0,0,0,\n---PROFILEDATA---\n";
        Recorder r = new Recorder();
        parse(block, r);
        assertEquals(11_111_111L, r.frames.get(0).frameInterval());
    }

    @Test
    void severalWindowsAndProcessesKeepTheirOwnRows() throws IOException {
        String a = SyntheticFramestats.window(23, TITLE, SyntheticFramestats.rows(1_000_000_000_000L, 5, T120, 4_000_000));
        String b = SyntheticFramestats.window(23, "com.example/com.example.SettingsActivity",
                SyntheticFramestats.rows(2_000_000_000_000L, 3, T120, 4_000_000));
        String text = SyntheticFramestats.dump("com.example", a, b)
                + SyntheticFramestats.dump("com.example", SyntheticFramestats.window(23, "Panel:com.example",
                SyntheticFramestats.rows(3_000_000_000_000L, 2, T120, 4_000_000)));
        Recorder r = new Recorder();
        FramestatsDump d = parse(text, r);
        assertEquals(3, d.blocks());
        assertEquals(List.of("start " + TITLE, "end", "start com.example/com.example.SettingsActivity", "end",
                "start Panel:com.example", "end"), r.events);
        assertEquals(5, r.frames.stream().filter(f -> f.window().equals(TITLE)).count());
        assertEquals(2, r.frames.stream().filter(f -> f.window().equals("Panel:com.example")).count());
        assertTrue(d.gfxinfoText());
    }

    @Test
    void titleLineNamesTheWindowWhenThereIsNoWindowLine() throws IOException {
        String text = "Profile data in ms:\n\n\tcom.x/com.x.A/android.view.ViewRootImpl@1a2b (visibility=0)\n"
                + "---PROFILEDATA---\n" + SyntheticFramestats.HEADERS.get(16) + ",\n"
                + SyntheticFramestats.row(16, SyntheticFramestats.rows(1_000_000_000L, 1, T120, 4_000_000).get(0))
                + "\n---PROFILEDATA---\n";
        Recorder r = new Recorder();
        parse(text, r);
        assertEquals("com.x/com.x.A", r.frames.get(0).window());
    }

    @Test
    void malformedRowsAreSkippedAndCounted() throws IOException {
        List<SyntheticFramestats.Row> rows = SyntheticFramestats.rows(1_000_000_000_000L, 3, T120, 4_000_000);
        String good0 = SyntheticFramestats.row(23, rows.get(0));
        String good2 = SyntheticFramestats.row(23, rows.get(2));
        String text = "Window: w\n---PROFILEDATA---\n" + SyntheticFramestats.HEADERS.get(23) + ",\n" + good0 + "\n"
                + good0.replaceFirst("0,", "x,") + "\n"                       // not a number
                + "0,1,2,3,\n"                                                // too short
                + good0 + "99,\n"                                             // too long
                + good0.replaceFirst(",", ",99999999999999999999") + "\n"     // beyond int64
                + good2.replace(",", ",,") + "\n"                             // empty cells
                + good2 + "\n---PROFILEDATA---\n";
        Recorder r = new Recorder();
        FramestatsDump d = parse(text, r);
        assertEquals(5, d.malformedRows());
        assertEquals(2, r.frames.size());
    }

    @Test
    void sentinelsAndNegativeValuesParse() throws IOException {
        SyntheticFramestats.Row row = new SyntheticFramestats.Row(0, 1_000_000_000_000L, 5_000_000, T120, 0,
                Long.MAX_VALUE);
        String line = SyntheticFramestats.row(23, row).replaceFirst("^0,\\d+,", "0,-1,");
        Recorder r = new Recorder();
        parse("---PROFILEDATA---\n" + SyntheticFramestats.HEADERS.get(23) + ",\n" + line + "\n---PROFILEDATA---\n", r);
        assertEquals(Long.MAX_VALUE, r.frames.get(0).frameDeadline());
        assertEquals(0, r.frames.get(0).gpuCompleted());
    }

    @Test
    void emptyRingAndCrlfAndTruncatedDumps() throws IOException {
        Recorder empty = new Recorder();
        FramestatsDump d = parse("Window: w\r\n---PROFILEDATA---\r\n" + SyntheticFramestats.HEADERS.get(23)
                + ",\r\n---PROFILEDATA---\r\n", empty);
        assertEquals(1, d.blocks());
        assertEquals(0, empty.frames.size());
        assertEquals(List.of("start w", "end"), empty.events);

        String full = SyntheticFramestats.dump("com.example", SyntheticFramestats.window(23, TITLE,
                SyntheticFramestats.rows(1_000_000_000_000L, 10, T120, 4_000_000))).replace("\n", "\r\n");
        int cut = full.indexOf("---PROFILEDATA---", full.indexOf("---PROFILEDATA---") + 1) - 40;
        Recorder truncated = new Recorder();
        FramestatsDump t = parse(full.substring(0, cut), truncated);
        assertEquals(9, truncated.frames.size(), "rows before the cut are kept");
        assertEquals(1, t.malformedRows(), "the cut row");
        assertEquals("end", truncated.events.get(truncated.events.size() - 1));
    }

    @Test
    void rowsWithoutHeaderOrMarkersAreReadByTheirCount() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (SyntheticFramestats.Row row : SyntheticFramestats.rows(1_000_000_000_000L, 4, 16_666_667L, 5_000_000)) {
            sb.append(SyntheticFramestats.row(14, row)).append('\n');
        }
        Recorder r = new Recorder();
        FramestatsDump d = parse(sb.toString(), r);
        assertEquals(4, r.frames.size());
        assertEquals(1, d.blocks());
        assertEquals(14, d.columns());
    }

    @Test
    void linesOutsideBlocksReachTheTextConsumer() throws IOException {
        List<String> text = new ArrayList<>();
        String dump = SyntheticFramestats.dump("com.example", SyntheticFramestats.window(23, TITLE,
                SyntheticFramestats.rows(1_000_000_000_000L, 3, T120, 4_000_000)));
        new FramestatsParser(new Recorder(), text::add).parse(new ByteArrayInputStream(dump.getBytes(StandardCharsets.UTF_8)));
        assertTrue(text.contains("Window: " + TITLE));
        assertTrue(text.contains("Total frames rendered: 3"));
        assertTrue(text.stream().noneMatch(l -> l.startsWith("0,")), "rows never reach the text consumer");
    }
}
