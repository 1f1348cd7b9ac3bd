package io.fpsctl.android;

import io.fpsctl.engine.SurfaceFrameRecord;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code --frametimeline} text of Android 12–16, written by hand from docs/formats.md 5.3 and SurfaceFlinger's
 * {@code DisplayFrame::dump} / {@code SurfaceFrame::dump} / {@code dumpTable}; expected records by hand.
 */
class FrameTimelineParserTest {

    private static final String TABLE = """
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t      0.00\t|\t      8.33\t|\t     16.67
            Actual  \t|\t      0.10\t|\t      5.56\t|\t     16.67
            ----------------------------------------------------------------------------------------
            """;

    private static String indented(String table) {
        StringBuilder sb = new StringBuilder();
        for (String l : table.split("\n")) {
            sb.append("    ").append(l).append('\n');
        }
        return sb.toString();
    }

    static String displayFrame(int index, String jank, boolean janky) {
        return "Display Frame " + index + (janky ? " [*] " : "") + "\n"
                + "Prediction State : Valid\n"
                + "Jank Type : " + jank + "\n"
                + "Present Metadata : " + (janky ? "Late Present" : "On Time Present") + "\n"
                + "Finish Metadata: On Time Finish\n"
                + "Start Metadata: Unknown Start\n" // never On Time Start: DisplayFrame::onPresent, 12-16
                + "Vsync Period:  16.666666\n"
                + "Present delta:   0.000000\n"
                + "Present delta % refreshrate:   0.000000\n"
                + TABLE + "\n";
    }

    static String surfaceFrame(String layer, long token, int pid, boolean rate, String state, String jank) {
        boolean janky = !jank.equals("None");
        return "    Layer - " + layer + (janky ? " [*] " : "") + "\n"
                + "    Token: " + token + "\n"
                + "    Is Buffer?: 1\n"
                + "    Owner Pid : " + pid + "\n"
                + (rate ? "    Scheduled rendering rate: 60 fps\n" : "")
                + "    Layer ID : 151\n"
                + "    Present State : " + state + "\n"
                + (state.equals("Dropped") ? "    Drop time :  12.500000\n" : "")
                + "    Prediction State : Valid\n"
                + "    Jank Type : " + jank + "\n"
                + "    Present Metadata : " + (janky ? "Late Present" : "On Time Present") + "\n"
                + "    Finish Metadata: On Time Finish\n"
                + "    Last latch time:   8.000000\n"
                + "    Present delta:   0.000000\n"
                + indented(TABLE);
    }

    private static final String APP = "com.example/com.example.MainActivity#151";
    private static final String BAR = "StatusBar#77";

    /** Two display frames; the second is janky for a SurfaceFlinger CPU reason and the app was late too. */
    private static String dump(boolean all, String cpu, boolean rate, String extra) {
        return (all ? "Number of display frames : 2\n" : "")
                + (all ? displayFrame(0, "None", false)
                + surfaceFrame(APP, 1001, 4242, rate, "Presented", "None") + "\n" : "")
                + displayFrame(1, cpu, true)
                + surfaceFrame(APP, 1002, 4242, rate, "Presented", "App Deadline Missed, " + cpu)
                + extra
                + surfaceFrame(BAR, 1002, 1500, rate, "Presented", cpu) + "\n";
    }

    private record Parsed(FrameTimelineDump dump, List<SurfaceFrameRecord> records) {
    }

    private static Parsed parse(String text) throws IOException {
        List<SurfaceFrameRecord> out = new ArrayList<>();
        FrameTimelineDump d = new FrameTimelineParser(out::add)
                .parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        return new Parsed(d, out);
    }

    private static void assertThreeFrames(Parsed p, String cpu) {
        assertEquals(3, p.records().size());
        assertEquals(new SurfaceFrameRecord(1001, APP, 4242, 151, true, "Presented", List.of(), "Valid",
                "On Time Finish"), p.records().get(0));
        assertEquals(new SurfaceFrameRecord(1002, APP, 4242, 151, true, "Presented",
                List.of("App Deadline Missed", cpu), "Valid", "On Time Finish"), p.records().get(1));
        assertEquals(new SurfaceFrameRecord(1002, BAR, 1500, 151, true, "Presented", List.of(cpu), "Valid",
                "On Time Finish"), p.records().get(2));
        assertEquals(1001, p.dump().oldestToken());
        assertEquals(1002, p.dump().newestToken());
        assertEquals(2, p.dump().displayFrames());
        assertEquals(1, p.dump().jankyDisplayFrames());
    }

    @Test
    void android12And13OldSurfaceFlingerStrings() throws IOException {
        Parsed p = parse(dump(true, "SurfaceFlinger CPU Deadline Missed", true, ""));
        assertThreeFrames(p, "SurfaceFlinger CPU Deadline Missed");
        assertTrue(p.dump().all());
        assertEquals(2, p.dump().displayFramesHeader());
        assertEquals(0, p.dump().unknownLines());
    }

    @Test
    void android14NewSurfaceFlingerStrings() throws IOException {
        Parsed p = parse(dump(true, "SurfaceFlinger deadline missed (while in HWC)", true, ""));
        assertThreeFrames(p, "SurfaceFlinger deadline missed (while in HWC)");
        assertEquals(0, p.dump().unknownLines());
        assertFalse(p.dump().ringFull());
    }

    @Test
    void jankOnlyDumpHasNoHeader() throws IOException {
        Parsed p = parse(dump(false, "SurfaceFlinger deadline missed (while in GPU comp)", true, ""));
        assertFalse(p.dump().all());
        assertEquals(-1, p.dump().displayFramesHeader());
        assertEquals(2, p.records().size());
        assertEquals(List.of("App Deadline Missed", "SurfaceFlinger deadline missed (while in GPU comp)"),
                p.records().get(0).jankTypes());
    }

    @Test
    void android15DroppedFrame() throws IOException {
        String text = "Number of display frames : 1\n" + displayFrame(0, "None", false)
                + surfaceFrame(APP, 2001, 4242, true, "Dropped", "Dropped Frame")
                + surfaceFrame(APP, 2002, 4242, true, "Presented", "None") + "\n";
        Parsed p = parse(text);
        assertEquals(2, p.records().size());
        SurfaceFrameRecord dropped = p.records().get(0);
        assertEquals(2001, dropped.token());
        assertTrue(dropped.dropped());
        assertEquals(List.of("Dropped Frame"), dropped.jankTypes());
        assertFalse(p.records().get(1).dropped());
        assertEquals(0, p.dump().unknownLines());
    }

    @Test
    void android16NoRenderingRateAndUnknownLinesAndTypesKept() throws IOException {
        String extra = "    Jank Debug Metadata: 0x0\n    Last expected present time:  16.666666\n"
                + "something SurfaceFlinger added later\n";
        String text = dump(true, "App Resynced Jitter", false, extra);
        Parsed p = parse(text);
        assertEquals(3, p.records().size());
        assertEquals(List.of("App Deadline Missed", "App Resynced Jitter"), p.records().get(1).jankTypes());
        assertEquals(1, p.dump().unknownLines()); // only the line without a colon
    }

    @Test
    void blockWithoutTokenIsDroppedNotFatal() throws IOException {
        String text = "Display Frame 0\nJank Type : None\n    Layer - x#1\n    Owner Pid : 1\n"
                + "    Layer - y#2\n    Token: 7\n    Present State : Unknown\n";
        Parsed p = parse(text);
        assertEquals(1, p.records().size());
        assertEquals(new SurfaceFrameRecord(7, "y#2", -1, -1, false, "Unknown", List.of(), "", ""),
                p.records().get(0));
        assertEquals(1, p.dump().unknownLines());
    }

    @Test
    void sniff() {
        assertTrue(FrameTimelineParser.looksLikeFrameTimeline("Number of display frames : 64\nDisplay Frame 0\n"));
        assertTrue(FrameTimelineParser.looksLikeFrameTimeline("\nDisplay Frame 12 [*] \nPrediction State : Valid\n"));
        assertFalse(FrameTimelineParser.looksLikeFrameTimeline("16666666\n1 2 3\n"));
        assertFalse(FrameTimelineParser.looksLikeFrameTimeline("Display Frames are nice\n"));
    }
}
