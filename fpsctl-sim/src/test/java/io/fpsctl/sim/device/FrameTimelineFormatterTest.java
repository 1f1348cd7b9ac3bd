package io.fpsctl.sim.device;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Byte-exact {@code --frametimeline} text, expected values written by hand from FrameTimeline.cpp's format strings. */
class FrameTimelineFormatterTest {

    private static final String RULE = "-".repeat(88);
    private static final String HEAD = "\t\t    Start time\t\t|    End time\t\t|    Present time\n";

    /**
     * SurfaceFlinger CPU late, the app late too; base time = the SurfaceFrame's expected start, 984 ms. A dropped one
     * carries the verdict its version gives it: {@code Dropped} with the metadata of its classification from 14 QPR2,
     * nothing classified before.
     */
    private static List<TimelineDisplayFrame> ring(boolean dropped, boolean classifiesDropped) {
        SurfaceFrameClassifier.Verdict v = !dropped
                ? new SurfaceFrameClassifier.Verdict(JankBits.APP_DEADLINE_MISSED | JankBits.SF_CPU_DEADLINE_MISSED,
                "Late Present", "Late Finish")
                : classifiesDropped ? new SurfaceFrameClassifier.Verdict(JankBits.DROPPED, "Late Present", "Late Finish")
                : new SurfaceFrameClassifier.Verdict(JankBits.NONE, "Unknown Present", "Unknown Finish");
        TimelineSurfaceFrame s = new TimelineSurfaceFrame(77, "app", "TX - a/a.B#5", 5, 300, true,
                PredictionState.VALID, dropped, dropped ? 996_000_000L : 0, v, 1_016_000_000L, 984_000_000L,
                1_000_000_000L, 1_016_000_000L, 984_500_000L, 1_004_000_000L, dropped ? 0 : 1_032_000_000L);
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
                + "Start Metadata: Unknown Start\n" // actual start 0.1 ms off the expected one: within 2 ms
                + "Vsync Period:  16.000000\n"
                + "Present delta:  16.000000\n"
                + "Present delta % refreshrate:   0.000000\n"
                + HEAD
                + "Expected\t|\t     16.00\t|\t     24.00\t|\t     32.00\n"
                + "Actual  \t|\t     16.10\t|\t     36.00\t|\t     48.00\n"
                + RULE + "\n\n";
    }

    /** {@code Scheduled rendering rate} on every version (12 … 16): 0 fps without a frame rate override. */
    private static String surfaceFrame(String cpu) {
        return "    Layer - TX - a/a.B#5 [*] \n"
                + "    Token: 77\n"
                + "    Is Buffer?: 1\n"
                + "    Owner Pid : 300\n"
                + "    Scheduled rendering rate: 0 fps\n"
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
        assertEquals("Number of display frames : 1\n" + displayFrame(cpu) + surfaceFrame(cpu),
                new FrameTimelineFormatter(AndroidVersion.ANDROID_14).dump(List.of("-all"), ring(false, true), 0));
    }

    @Test
    void android13OldStringsAndJankOnly() {
        String cpu = "SurfaceFlinger CPU Deadline Missed";
        assertEquals(displayFrame(cpu) + surfaceFrame(cpu),
                new FrameTimelineFormatter(AndroidVersion.ANDROID_13).dump(List.of("-jank"), ring(false, true), 0));
    }

    @Test
    void android16PrintsTheRenderingRateToo() {
        String cpu = "SurfaceFlinger deadline missed (while in HWC)";
        assertEquals("Number of display frames : 1\n" + displayFrame(cpu) + surfaceFrame(cpu),
                new FrameTimelineFormatter(AndroidVersion.ANDROID_16).dump(List.of("-all"), ring(false, true), 0));
    }

    /** 14 QPR2+ prints {@code Dropped Frame} (with the metadata of its classification); 13 leaves it unclassified. */
    @Test
    void droppedSurfaceFrame14Qpr2VersusThirteen() {
        String expected14 = "    Layer - TX - a/a.B#5 [*] \n"
                + "    Token: 77\n"
                + "    Is Buffer?: 1\n"
                + "    Owner Pid : 300\n"
                + "    Scheduled rendering rate: 0 fps\n"
                + "    Layer ID : 5\n"
                + "    Present State : Dropped\n"
                + "    Drop time :  12.000000\n"
                + "    Prediction State : Valid\n"
                + "    Jank Type : Dropped Frame\n"
                + "    Present Metadata : Late Present\n"
                + "    Finish Metadata: Late Finish\n"
                + "    Last latch time:  32.000000\n"
                + "    Present delta: 1016.000000\n"
                + "    " + HEAD
                + "    Expected\t|\t      0.00\t|\t     16.00\t|\t     32.00\n"
                + "    Actual  \t|\t      0.50\t|\t     20.00\t|\t\tN/A\n"
                + "    " + RULE + "\n\n";
        String out14 = new FrameTimelineFormatter(AndroidVersion.ANDROID_14).dump(List.of("-all"), ring(true, true), 0);
        assertEquals(expected14, out14.substring(out14.indexOf("    Layer - ")));
        String out13 = new FrameTimelineFormatter(AndroidVersion.ANDROID_13).dump(List.of("-all"), ring(true, false), 0);
        String tail13 = out13.substring(out13.indexOf("    Layer - "));
        assertEquals(expected14.replace("a/a.B#5 [*] \n", "a/a.B#5\n").replace("Dropped Frame", "None")
                .replace("Late Present", "Unknown Present").replace("Late Finish", "Unknown Finish"), tail13);
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
                + "Start Metadata: Unknown Start\n" // actual start 0.1 ms off the expected one: within 2 ms
                + "Vsync Period:  16.000000\n"
                + "Present delta: 1016.000000\n"
                + "Present delta % refreshrate:   8.000000\n"
                + HEAD
                + "Expected\t|\t     16.00\t|\t     24.00\t|\t     32.00\n"
                + "Actual  \t|\t     16.10\t|\t     36.00\t|\t\tN/A\n"
                + RULE + "\n\n"
                + "    Layer - TX - a/a.B#5\n"
                + "    Token: 77\n"
                + "    Is Buffer?: 1\n"
                + "    Owner Pid : 300\n"
                + "    Scheduled rendering rate: 0 fps\n"
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
        assertEquals(expected, f.dump(List.of("-all"), ring(false, true), 1));
        assertEquals(expected.substring(expected.indexOf('\n') + 1), f.dump(List.of("-jank"), ring(false, true), 1));
    }
}
