package io.fpsctl.sim.device;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Byte-exact {@code --frametimeline} text, expected values written by hand from FrameTimeline.cpp's format strings. */
class FrameTimelineFormatterTest {

    private static final String RULE = "-".repeat(88);
    private static final String HEAD = "\t\t    Start time\t\t|    End time\t\t|    Present time\n";

    /** SurfaceFlinger CPU late, the app late too; base time = the SurfaceFrame's expected start, 984 ms. */
    private static List<TimelineDisplayFrame> ring(boolean dropped) {
        TimelineSurfaceFrame s = new TimelineSurfaceFrame(77, "app", "a/a.B#5", 5, 300, 60, dropped,
                dropped ? 996_000_000L : 0, JankBits.APP_DEADLINE_MISSED | JankBits.SF_CPU_DEADLINE_MISSED,
                true, true, 1_016_000_000L, 984_000_000L, 1_000_000_000L, 1_016_000_000L,
                984_500_000L, 1_004_000_000L, dropped ? 0 : 1_032_000_000L);
        return List.of(new TimelineDisplayFrame(16_000_000L, JankBits.SF_CPU_DEADLINE_MISSED, true, true,
                1_000_000_000L, 1_008_000_000L, 1_016_000_000L, 1_000_100_000L, 1_020_000_000L, 1_032_000_000L,
                List.of(s)));
    }

    private static String displayFrame(String cpu) {
        return "Display Frame 0 [*] \n"
                + "Prediction State : Valid\n"
                + "Jank Type : " + cpu + "\n"
                + "Present Metadata : Late Present\n"
                + "Finish Metadata: Late Finish\n"
                + "Start Metadata: On Time Start\n"
                + "Vsync Period:  16.000000\n"
                + "Present delta:  16.000000\n"
                + "Present delta % refreshrate:   0.000000\n"
                + HEAD
                + "Expected\t|\t     16.00\t|\t     24.00\t|\t     32.00\n"
                + "Actual  \t|\t     16.10\t|\t     36.00\t|\t     48.00\n"
                + RULE + "\n\n";
    }

    private static String surfaceFrame(String cpu, boolean rate) {
        return "    Layer - a/a.B#5 [*] \n"
                + "    Token: 77\n"
                + "    Is Buffer?: 1\n"
                + "    Owner Pid : 300\n"
                + (rate ? "    Scheduled rendering rate: 60 fps\n" : "")
                + "    Layer ID : 5\n"
                + "    Present State : Presented\n"
                + "    Prediction State : Valid\n"
                + "    Jank Type : " + cpu + ", App Deadline Missed\n"
                + "    Present Metadata : Late Present\n"
                + "    Finish Metadata: Late Finish\n"
                + "    Last latch time:  32.000000\n"
                + "    Present delta:  16.000000\n"
                + "    " + HEAD
                + "    Expected\t|\t      0.00\t|\t     16.00\t|\t     32.00\n"
                + "    Actual  \t|\t      0.50\t|\t     20.00\t|\t     48.00\n"
                + "    " + RULE + "\n\n";
    }

    @Test
    void android14All() {
        String cpu = "SurfaceFlinger deadline missed (while in HWC)";
        assertEquals("Number of display frames : 1\n" + displayFrame(cpu) + surfaceFrame(cpu, true),
                new FrameTimelineFormatter(AndroidVersion.ANDROID_14).dump(List.of("-all"), ring(false), 0));
    }

    @Test
    void android13OldStringsAndJankOnly() {
        String cpu = "SurfaceFlinger CPU Deadline Missed";
        assertEquals(displayFrame(cpu) + surfaceFrame(cpu, true),
                new FrameTimelineFormatter(AndroidVersion.ANDROID_13).dump(List.of("-jank"), ring(false), 0));
    }

    @Test
    void android16HasNoRenderingRate() {
        String cpu = "SurfaceFlinger deadline missed (while in HWC)";
        assertEquals("Number of display frames : 1\n" + displayFrame(cpu) + surfaceFrame(cpu, false),
                new FrameTimelineFormatter(AndroidVersion.ANDROID_16).dump(List.of("-all"), ring(false), 0));
    }

    @Test
    void droppedSurfaceFrame15VersusFourteen() {
        String expected15 = "    Layer - a/a.B#5 [*] \n"
                + "    Token: 77\n"
                + "    Is Buffer?: 1\n"
                + "    Owner Pid : 300\n"
                + "    Scheduled rendering rate: 60 fps\n"
                + "    Layer ID : 5\n"
                + "    Present State : Dropped\n"
                + "    Drop time :  12.000000\n"
                + "    Prediction State : Valid\n"
                + "    Jank Type : Dropped Frame\n"
                + "    Present Metadata : Unknown Present\n"
                + "    Finish Metadata: Unknown Finish\n"
                + "    Last latch time:  32.000000\n"
                + "    Present delta: 1016.000000\n"
                + "    " + HEAD
                + "    Expected\t|\t      0.00\t|\t     16.00\t|\t     32.00\n"
                + "    Actual  \t|\t      0.50\t|\t     20.00\t|\t\tN/A\n"
                + "    " + RULE + "\n\n";
        String out15 = new FrameTimelineFormatter(AndroidVersion.ANDROID_15).dump(List.of("-all"), ring(true), 0);
        assertEquals(expected15, out15.substring(out15.indexOf("    Layer - ")));
        String out14 = new FrameTimelineFormatter(AndroidVersion.ANDROID_14).dump(List.of("-all"), ring(true), 0);
        String tail14 = out14.substring(out14.indexOf("    Layer - "));
        assertEquals(expected15.replace("a/a.B#5 [*] \n", "a/a.B#5\n").replace("Dropped Frame", "None"), tail14);
    }

    /**
     * The same display frame before its present fence was processed (the ring's newest): SurfaceFlinger has set no
     * actual present and classified nothing, so {@code dumpTable} prints N/A, the jank is {@code None} (no marks),
     * the metadata {@code Unknown}, and the present deltas are |0 − expected present| = 1016 ms (1016 mod 16 = 8).
     * {@code -jank} shows it too: {@code dumpJank} compares each SurfaceFrame's {@code getJankType()}, an empty
     * optional until the present is processed, with {@code None}, and an empty optional is unequal to it.
     */
    @Test
    void aDisplayFrameWhosePresentIsNotProcessedYet() {
        String expected = "Number of display frames : 1\n"
                + "Display Frame 0\n"
                + "Prediction State : Valid\n"
                + "Jank Type : None\n"
                + "Present Metadata : Unknown Present\n"
                + "Finish Metadata: Unknown Finish\n"
                + "Start Metadata: On Time Start\n"
                + "Vsync Period:  16.000000\n"
                + "Present delta: 1016.000000\n"
                + "Present delta % refreshrate:   8.000000\n"
                + HEAD
                + "Expected\t|\t     16.00\t|\t     24.00\t|\t     32.00\n"
                + "Actual  \t|\t     16.10\t|\t     36.00\t|\t\tN/A\n"
                + RULE + "\n\n"
                + "    Layer - a/a.B#5\n"
                + "    Token: 77\n"
                + "    Is Buffer?: 1\n"
                + "    Owner Pid : 300\n"
                + "    Scheduled rendering rate: 60 fps\n"
                + "    Layer ID : 5\n"
                + "    Present State : Presented\n"
                + "    Prediction State : Valid\n"
                + "    Jank Type : None\n"
                + "    Present Metadata : Unknown Present\n"
                + "    Finish Metadata: Unknown Finish\n"
                + "    Last latch time:  32.000000\n"
                + "    Present delta: 1016.000000\n"
                + "    " + HEAD
                + "    Expected\t|\t      0.00\t|\t     16.00\t|\t     32.00\n"
                + "    Actual  \t|\t      0.50\t|\t     20.00\t|\t\tN/A\n"
                + "    " + RULE + "\n\n";
        FrameTimelineFormatter f = new FrameTimelineFormatter(AndroidVersion.ANDROID_14);
        assertEquals(expected, f.dump(List.of("-all"), ring(false), 1));
        assertEquals(expected.substring(expected.indexOf('\n') + 1), f.dump(List.of("-jank"), ring(false), 1));
    }
}
