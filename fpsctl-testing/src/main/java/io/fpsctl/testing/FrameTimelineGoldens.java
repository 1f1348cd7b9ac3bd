package io.fpsctl.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * Hand-written {@code dumpsys SurfaceFlinger --frametimeline -all} dumps in AOSP's exact spelling, one per release
 * (12, 13, 14 QPR2, 15, 16), and the {@code dumpsys gfxinfo com.example framestats} dumps whose frames they describe.
 * Written by hand from the format strings of frameworks/native {@code services/surfaceflinger/FrameTimeline/FrameTimeline.cpp}
 * ({@code FrameTimeline::dumpAll}: {@code "Number of display frames : %d\n"}, {@code "Display Frame %d"};
 * {@code DisplayFrame::dump}; {@code SurfaceFrame::dump}; {@code dumpTable}; {@code jankTypeBitmaskToString}) at
 * android-12.0.0_r1, android-13.0.0_r1, android-14.0.0_r29, android-15.0.0_r1 and android-16.0.0_r2 — never
 * printed by the simulator nor parsed by fpsctl to make them. Times are plausible, not checked by anyone: fpsctl
 * does not read them.
 *
 * <p>The story (tokens = gfxinfo {@code FrameTimelineVsyncId}s; the app is pid 4242, window
 * {@code com.example/com.example.MainActivity}, a BLAST layer: {@code Layer - TX - …}):
 * <ol start="0">
 *   <li>Display Frame 0: token 1001 on time; SystemUI's status bar (pid 1500) drew on the same vsync, late.</li>
 *   <li>Display Frame 1, SurfaceFlinger CPU late: token 1002 presented late though the app finished on time
 *       (system jank); first in the frame, a cloned instance of the same activity in another process (pid 5555, work
 *       profile) with the same window name and token, late itself (App Deadline Missed). Last, a transaction of the
 *       app's window without a buffer ({@code Is Buffer?: 0}) with token 1003, on time: it was presented before
 *       1003's buffer was set, so {@code Layer::setFrameTimelineVsyncForBufferTransaction} made the buffer a SurfaceFrame of its own
 *       (Layer.cpp, android-14.0.0_r29: a bufferless SurfaceFrame is promoted only while in {@code bufferlessSurfaceFramesTX}, which is cleared once they are presented).</li>
 *   <li>Display Frame 2: token 1003 again for the app: the SurfaceView container's bufferless transaction
 *       (on time), then the buffer, late ({@code App Deadline Missed}).</li>
 *   <li>Display Frame 3: token 1004 finished late but presented early: {@code Unknown jank} with
 *       {@code Late Finish} (app jank, rev 3).</li>
 *   <li>Display Frame 4: token 1005 {@code Buffer Stuffing} alone (the previous buffer was latched after its
 *       deadline): not janky.</li>
 *   <li>Display Frame 5: token 1006 dropped (a newer buffer, 1007, replaced it and was presented on time): 12/13
 *       print {@code Present State : Dropped} with {@code Jank Type : None}, 14 QPR2+ {@code Dropped Frame}.</li>
 *   <li>Display Frame 6: token 1008 so late its predictions expired ({@code Prediction State : Expired}: no
 *       {@code Expected} row, no {@code Present delta}): 12 prints {@code Unknown jank}, 13+ {@code App Deadline
 *       Missed}; and a buffer queued without a vsync id ({@code Token: -1}, {@code Is Buffer?: 1}, {@code Prediction State :
 *       None}: {@code Layer::setBuffer} with an invalid vsync id; a bufferless SurfaceFrame is never made without
 *       one, {@code SurfaceFlinger::setClientStateLocked}, android-12.0.0_r1 … 16.0.0_r2).</li>
 *   <li>Display Frame 7: token 1010 presented early, not on a vsync multiple: {@code Prediction Error}.</li>
 * </ol>
 * The gfxinfo dump has frames 1001 … 1010; 1009 has no SurfaceFrame in the ring.
 */
public final class FrameTimelineGoldens {

    /** The app's pid, in gfxinfo's {@code ** Graphics info for pid} line and the dumps' {@code Owner Pid}. */
    public static final int PID = 4242;
    public static final String PKG = "com.example";
    public static final String WINDOW = "com.example/com.example.MainActivity";
    /** The gfxinfo frames' tokens, in order. */
    public static final long[] TOKENS = {1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010};

    private FrameTimelineGoldens() {
    }

    /** The FrameTimeline dump of {@code android} (12, 13, 14, 15 or 16; 14 = 14 QPR2, android-14.0.0_r29+). */
    public static String frameTimeline(int android) {
        return switch (android) {
            case 12 -> ANDROID_12;
            case 13 -> HEADER + DF0_13 + DF1_13 + DF2_13 + DF3_13 + DF4_13 + DF5_13 + DF6_13 + DF7_13 + DF8_13;
            case 14, 15, 16 -> HEADER + DF0_13 + DF1_14 + DF2_13 + DF3_13 + DF4_13 + DF5_14 + DF6_14 + DF7_13
                    + DF8_13;
            default -> throw new IllegalArgumentException("no golden for Android " + android);
        };
    }

    private static final String HEADER = "Number of display frames : 9\n";

    /** Android 12 (android-12.0.0_r1): layer names end in the uniquifier {@code #0} / {@code #1}, old CPU string. */
    private static final String ANDROID_12 = """
            Number of display frames : 9
            Display Frame 0
            Prediction State : Valid
            Jank Type : None
            Present Metadata : On Time Present
            Finish Metadata: On Time Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta:   0.000000
            Present delta % refreshrate:   0.000000
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t     16.67\t|\t     25.00\t|\t     33.33
            Actual  \t|\t     16.77\t|\t     22.22\t|\t     33.33
            ----------------------------------------------------------------------------------------

                Layer - TX - com.example/com.example.MainActivity#0
                Token: 1001
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : None
                Present Metadata : On Time Present
                Finish Metadata: On Time Finish
                Last latch time:   0.000000
                Present delta:   0.000000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t      0.00\t|\t     16.67\t|\t     33.33
                Actual  \t|\t      0.10\t|\t     12.00\t|\t     33.33
                ----------------------------------------------------------------------------------------
                Layer - TX - StatusBar#0 [*]\s
                Token: 1001
                Is Buffer?: 1
                Owner Pid : 1500
                Scheduled rendering rate: 0 fps
                Layer ID : 77
                Present State : Presented
                Prediction State : Valid
                Jank Type : App Deadline Missed
                Present Metadata : Late Present
                Finish Metadata: Late Finish
                Last latch time:   0.000000
                Present delta:  16.666666
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t      0.00\t|\t     16.67\t|\t     16.67
                Actual  \t|\t      0.20\t|\t     20.00\t|\t     33.33
                ----------------------------------------------------------------------------------------

            Display Frame 1 [*]\s
            Prediction State : Valid
            Jank Type : SurfaceFlinger CPU Deadline Missed
            Present Metadata : Late Present
            Finish Metadata: Late Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta:  16.666666
            Present delta % refreshrate:   0.000000
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t     33.33\t|\t     41.67\t|\t     50.00
            Actual  \t|\t     33.43\t|\t     54.00\t|\t     66.67
            ----------------------------------------------------------------------------------------

                Layer - TX - com.example/com.example.MainActivity#1 [*]\s
                Token: 1002
                Is Buffer?: 1
                Owner Pid : 5555
                Scheduled rendering rate: 0 fps
                Layer ID : 170
                Present State : Presented
                Prediction State : Valid
                Jank Type : SurfaceFlinger CPU Deadline Missed, App Deadline Missed
                Present Metadata : Late Present
                Finish Metadata: Late Finish
                Last latch time:  16.670000
                Present delta:  16.666666
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     16.67\t|\t     33.33\t|\t     50.00
                Actual  \t|\t     16.77\t|\t     36.00\t|\t     66.67
                ----------------------------------------------------------------------------------------
                Layer - TX - com.example/com.example.MainActivity#0 [*]\s
                Token: 1002
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : SurfaceFlinger CPU Deadline Missed
                Present Metadata : Late Present
                Finish Metadata: On Time Finish
                Last latch time:  16.670000
                Present delta:  16.666666
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     16.67\t|\t     33.33\t|\t     50.00
                Actual  \t|\t     16.77\t|\t     28.00\t|\t     66.67
                ----------------------------------------------------------------------------------------
                Layer - TX - com.example/com.example.MainActivity#0
                Token: 1003
                Is Buffer?: 0
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : None
                Present Metadata : On Time Present
                Finish Metadata: On Time Finish
                Last latch time:  16.670000
                Present delta:   0.000000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     33.33\t|\t     50.00\t|\t     66.67
                Actual  \t|\t\tN/A\t|\t     40.00\t|\t     66.67
                ----------------------------------------------------------------------------------------

            Display Frame 2
            Prediction State : Valid
            Jank Type : None
            Present Metadata : On Time Present
            Finish Metadata: On Time Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta:   0.000000
            Present delta % refreshrate:   0.000000
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t     66.67\t|\t     75.00\t|\t     83.33
            Actual  \t|\t     66.77\t|\t     72.00\t|\t     83.33
            ----------------------------------------------------------------------------------------

                Layer - TX - SurfaceView[com.example/com.example.MainActivity]#0
                Token: 1003
                Is Buffer?: 0
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 160
                Present State : Presented
                Prediction State : Valid
                Jank Type : None
                Present Metadata : On Time Present
                Finish Metadata: On Time Finish
                Last latch time:   0.000000
                Present delta:   0.000000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     33.33\t|\t     50.00\t|\t     83.33
                Actual  \t|\t\tN/A\t|\t     45.00\t|\t     83.33
                ----------------------------------------------------------------------------------------
                Layer - TX - com.example/com.example.MainActivity#0 [*]\s
                Token: 1003
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : App Deadline Missed
                Present Metadata : Late Present
                Finish Metadata: Late Finish
                Last latch time:  50.000000
                Present delta:  16.666666
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     33.33\t|\t     50.00\t|\t     66.67
                Actual  \t|\t     33.43\t|\t     60.00\t|\t     83.33
                ----------------------------------------------------------------------------------------

            Display Frame 3
            Prediction State : Valid
            Jank Type : None
            Present Metadata : On Time Present
            Finish Metadata: On Time Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta:   0.000000
            Present delta % refreshrate:   0.000000
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t     83.33\t|\t     91.67\t|\t    100.00
            Actual  \t|\t     83.43\t|\t     89.00\t|\t    100.00
            ----------------------------------------------------------------------------------------

                Layer - TX - com.example/com.example.MainActivity#0 [*]\s
                Token: 1004
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : Unknown jank
                Present Metadata : Early Present
                Finish Metadata: Late Finish
                Last latch time:  66.670000
                Present delta:  16.666666
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     66.67\t|\t     83.33\t|\t    116.67
                Actual  \t|\t     66.77\t|\t     85.00\t|\t    100.00
                ----------------------------------------------------------------------------------------

            Display Frame 4
            Prediction State : Valid
            Jank Type : None
            Present Metadata : On Time Present
            Finish Metadata: On Time Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta:   0.000000
            Present delta % refreshrate:   0.000000
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t    100.00\t|\t    108.33\t|\t    116.67
            Actual  \t|\t    100.10\t|\t    105.00\t|\t    116.67
            ----------------------------------------------------------------------------------------

                Layer - TX - com.example/com.example.MainActivity#0 [*]\s
                Token: 1005
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : Buffer Stuffing
                Present Metadata : Late Present
                Finish Metadata: On Time Finish
                Last latch time:  83.330000
                Present delta:  16.666666
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     66.67\t|\t     83.33\t|\t    100.00
                Actual  \t|\t     66.77\t|\t     80.00\t|\t    116.67
                ----------------------------------------------------------------------------------------

            Display Frame 5
            Prediction State : Valid
            Jank Type : None
            Present Metadata : On Time Present
            Finish Metadata: On Time Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta:   0.000000
            Present delta % refreshrate:   0.000000
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t    116.67\t|\t    125.00\t|\t    133.33
            Actual  \t|\t    116.77\t|\t    122.00\t|\t    133.33
            ----------------------------------------------------------------------------------------

                Layer - TX - com.example/com.example.MainActivity#0
                Token: 1006
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Dropped
                Drop time : 116.000000
                Prediction State : Valid
                Jank Type : None
                Present Metadata : Unknown Present
                Finish Metadata: Unknown Finish
                Last latch time:   0.000000
                Present delta: 1133.330000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     83.33\t|\t    100.00\t|\t    116.67
                Actual  \t|\t     83.43\t|\t     95.00\t|\t\tN/A
                ----------------------------------------------------------------------------------------
                Layer - TX - com.example/com.example.MainActivity#0
                Token: 1007
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : None
                Present Metadata : On Time Present
                Finish Metadata: On Time Finish
                Last latch time: 100.000000
                Present delta:   0.000000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t    100.00\t|\t    116.67\t|\t    133.33
                Actual  \t|\t    100.10\t|\t    110.00\t|\t    133.33
                ----------------------------------------------------------------------------------------

            Display Frame 6
            Prediction State : Valid
            Jank Type : None
            Present Metadata : On Time Present
            Finish Metadata: On Time Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta:   0.000000
            Present delta % refreshrate:   0.000000
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t    133.33\t|\t    141.67\t|\t    150.00
            Actual  \t|\t    133.43\t|\t    139.00\t|\t    150.00
            ----------------------------------------------------------------------------------------

                Layer - TX - com.example/com.example.MainActivity#0 [*]\s
                Token: 1008
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Expired
                Jank Type : Unknown jank
                Present Metadata : Unknown Present
                Finish Metadata: Unknown Finish
                Last latch time: 116.670000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Actual  \t|\t\tN/A\t|\t    137.00\t|\t    150.00
                ----------------------------------------------------------------------------------------
                Layer - TX - com.example/com.example.MainActivity#0
                Token: -1
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : None
                Jank Type : None
                Present Metadata : Unknown Present
                Finish Metadata: Unknown Finish
                Last latch time:   0.000000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Actual  \t|\t\tN/A\t|\t    138.00\t|\t    150.00
                ----------------------------------------------------------------------------------------

            Display Frame 7
            Prediction State : Valid
            Jank Type : None
            Present Metadata : On Time Present
            Finish Metadata: On Time Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta:   0.000000
            Present delta % refreshrate:   0.000000
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t    150.00\t|\t    158.33\t|\t    166.67
            Actual  \t|\t    150.10\t|\t    156.00\t|\t    166.67
            ----------------------------------------------------------------------------------------

                Layer - TX - com.example/com.example.MainActivity#0 [*]\s
                Token: 1010
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : Prediction Error
                Present Metadata : Early Present
                Finish Metadata: On Time Finish
                Last latch time: 133.330000
                Present delta:   8.333333
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t    141.67\t|\t    158.33\t|\t    175.00
                Actual  \t|\t    141.77\t|\t    150.00\t|\t    166.67
                ----------------------------------------------------------------------------------------

            Display Frame 8
            Prediction State : Valid
            Jank Type : None
            Present Metadata : Unknown Present
            Finish Metadata: Unknown Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta: 1183.330000
            Present delta % refreshrate:  16.663380
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t    166.67\t|\t    175.00\t|\t    183.33
            Actual  \t|\t    166.77\t|\t    172.00\t|\t\tN/A
            ----------------------------------------------------------------------------------------

                Layer - TX - StatusBar#0
                Token: 1011
                Is Buffer?: 1
                Owner Pid : 1500
                Scheduled rendering rate: 0 fps
                Layer ID : 77
                Present State : Presented
                Prediction State : Valid
                Jank Type : None
                Present Metadata : Unknown Present
                Finish Metadata: Unknown Finish
                Last latch time:   0.000000
                Present delta: 1183.330000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t    150.00\t|\t    166.67\t|\t    183.33
                Actual  \t|\t    150.20\t|\t    160.00\t|\t\tN/A
                ----------------------------------------------------------------------------------------

            """;

    // ---- Android 13 and later: layer names end in the layer's sequence id (#151); pieces shared where identical

    private static final String DF0_13 = """
            Display Frame 0
            Prediction State : Valid
            Jank Type : None
            Present Metadata : On Time Present
            Finish Metadata: On Time Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta:   0.000000
            Present delta % refreshrate:   0.000000
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t     16.67\t|\t     25.00\t|\t     33.33
            Actual  \t|\t     16.77\t|\t     22.22\t|\t     33.33
            ----------------------------------------------------------------------------------------

                Layer - TX - com.example/com.example.MainActivity#151
                Token: 1001
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : None
                Present Metadata : On Time Present
                Finish Metadata: On Time Finish
                Last latch time:   0.000000
                Present delta:   0.000000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t      0.00\t|\t     16.67\t|\t     33.33
                Actual  \t|\t      0.10\t|\t     12.00\t|\t     33.33
                ----------------------------------------------------------------------------------------
                Layer - TX - StatusBar#77 [*]\s
                Token: 1001
                Is Buffer?: 1
                Owner Pid : 1500
                Scheduled rendering rate: 0 fps
                Layer ID : 77
                Present State : Presented
                Prediction State : Valid
                Jank Type : App Deadline Missed
                Present Metadata : Late Present
                Finish Metadata: Late Finish
                Last latch time:   0.000000
                Present delta:  16.666666
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t      0.00\t|\t     16.67\t|\t     16.67
                Actual  \t|\t      0.20\t|\t     20.00\t|\t     33.33
                ----------------------------------------------------------------------------------------

            """;

    /** 12–13 spelling of the SurfaceFlinger CPU type (jankTypeBitmaskToString, android-13.0.0_r1). */
    private static final String DF1_13 = """
            Display Frame 1 [*]\s
            Prediction State : Valid
            Jank Type : SurfaceFlinger CPU Deadline Missed
            Present Metadata : Late Present
            Finish Metadata: Late Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta:  16.666666
            Present delta % refreshrate:   0.000000
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t     33.33\t|\t     41.67\t|\t     50.00
            Actual  \t|\t     33.43\t|\t     54.00\t|\t     66.67
            ----------------------------------------------------------------------------------------

                Layer - TX - com.example/com.example.MainActivity#170 [*]\s
                Token: 1002
                Is Buffer?: 1
                Owner Pid : 5555
                Scheduled rendering rate: 0 fps
                Layer ID : 170
                Present State : Presented
                Prediction State : Valid
                Jank Type : SurfaceFlinger CPU Deadline Missed, App Deadline Missed
                Present Metadata : Late Present
                Finish Metadata: Late Finish
                Last latch time:  16.670000
                Present delta:  16.666666
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     16.67\t|\t     33.33\t|\t     50.00
                Actual  \t|\t     16.77\t|\t     36.00\t|\t     66.67
                ----------------------------------------------------------------------------------------
                Layer - TX - com.example/com.example.MainActivity#151 [*]\s
                Token: 1002
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : SurfaceFlinger CPU Deadline Missed
                Present Metadata : Late Present
                Finish Metadata: On Time Finish
                Last latch time:  16.670000
                Present delta:  16.666666
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     16.67\t|\t     33.33\t|\t     50.00
                Actual  \t|\t     16.77\t|\t     28.00\t|\t     66.67
                ----------------------------------------------------------------------------------------
                Layer - TX - com.example/com.example.MainActivity#151
                Token: 1003
                Is Buffer?: 0
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : None
                Present Metadata : On Time Present
                Finish Metadata: On Time Finish
                Last latch time:  16.670000
                Present delta:   0.000000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     33.33\t|\t     50.00\t|\t     66.67
                Actual  \t|\t\tN/A\t|\t     40.00\t|\t     66.67
                ----------------------------------------------------------------------------------------

            """;

    /** 14+ spelling of the SurfaceFlinger CPU type (jankTypeBitmaskToString, android-14.0.0_r1 and later). */
    private static final String DF1_14 = """
            Display Frame 1 [*]\s
            Prediction State : Valid
            Jank Type : SurfaceFlinger deadline missed (while in HWC)
            Present Metadata : Late Present
            Finish Metadata: Late Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta:  16.666666
            Present delta % refreshrate:   0.000000
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t     33.33\t|\t     41.67\t|\t     50.00
            Actual  \t|\t     33.43\t|\t     54.00\t|\t     66.67
            ----------------------------------------------------------------------------------------

                Layer - TX - com.example/com.example.MainActivity#170 [*]\s
                Token: 1002
                Is Buffer?: 1
                Owner Pid : 5555
                Scheduled rendering rate: 0 fps
                Layer ID : 170
                Present State : Presented
                Prediction State : Valid
                Jank Type : SurfaceFlinger deadline missed (while in HWC), App Deadline Missed
                Present Metadata : Late Present
                Finish Metadata: Late Finish
                Last latch time:  16.670000
                Present delta:  16.666666
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     16.67\t|\t     33.33\t|\t     50.00
                Actual  \t|\t     16.77\t|\t     36.00\t|\t     66.67
                ----------------------------------------------------------------------------------------
                Layer - TX - com.example/com.example.MainActivity#151 [*]\s
                Token: 1002
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : SurfaceFlinger deadline missed (while in HWC)
                Present Metadata : Late Present
                Finish Metadata: On Time Finish
                Last latch time:  16.670000
                Present delta:  16.666666
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     16.67\t|\t     33.33\t|\t     50.00
                Actual  \t|\t     16.77\t|\t     28.00\t|\t     66.67
                ----------------------------------------------------------------------------------------
                Layer - TX - com.example/com.example.MainActivity#151
                Token: 1003
                Is Buffer?: 0
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : None
                Present Metadata : On Time Present
                Finish Metadata: On Time Finish
                Last latch time:  16.670000
                Present delta:   0.000000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     33.33\t|\t     50.00\t|\t     66.67
                Actual  \t|\t\tN/A\t|\t     40.00\t|\t     66.67
                ----------------------------------------------------------------------------------------

            """;

    private static final String DF2_13 = """
            Display Frame 2
            Prediction State : Valid
            Jank Type : None
            Present Metadata : On Time Present
            Finish Metadata: On Time Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta:   0.000000
            Present delta % refreshrate:   0.000000
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t     66.67\t|\t     75.00\t|\t     83.33
            Actual  \t|\t     66.77\t|\t     72.00\t|\t     83.33
            ----------------------------------------------------------------------------------------

                Layer - TX - SurfaceView[com.example/com.example.MainActivity]#160
                Token: 1003
                Is Buffer?: 0
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 160
                Present State : Presented
                Prediction State : Valid
                Jank Type : None
                Present Metadata : On Time Present
                Finish Metadata: On Time Finish
                Last latch time:   0.000000
                Present delta:   0.000000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     33.33\t|\t     50.00\t|\t     83.33
                Actual  \t|\t\tN/A\t|\t     45.00\t|\t     83.33
                ----------------------------------------------------------------------------------------
                Layer - TX - com.example/com.example.MainActivity#151 [*]\s
                Token: 1003
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : App Deadline Missed
                Present Metadata : Late Present
                Finish Metadata: Late Finish
                Last latch time:  50.000000
                Present delta:  16.666666
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     33.33\t|\t     50.00\t|\t     66.67
                Actual  \t|\t     33.43\t|\t     60.00\t|\t     83.33
                ----------------------------------------------------------------------------------------

            """;

    private static final String DF3_13 = """
            Display Frame 3
            Prediction State : Valid
            Jank Type : None
            Present Metadata : On Time Present
            Finish Metadata: On Time Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta:   0.000000
            Present delta % refreshrate:   0.000000
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t     83.33\t|\t     91.67\t|\t    100.00
            Actual  \t|\t     83.43\t|\t     89.00\t|\t    100.00
            ----------------------------------------------------------------------------------------

                Layer - TX - com.example/com.example.MainActivity#151 [*]\s
                Token: 1004
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : Unknown jank
                Present Metadata : Early Present
                Finish Metadata: Late Finish
                Last latch time:  66.670000
                Present delta:  16.666666
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     66.67\t|\t     83.33\t|\t    116.67
                Actual  \t|\t     66.77\t|\t     85.00\t|\t    100.00
                ----------------------------------------------------------------------------------------

            """;

    private static final String DF4_13 = """
            Display Frame 4
            Prediction State : Valid
            Jank Type : None
            Present Metadata : On Time Present
            Finish Metadata: On Time Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta:   0.000000
            Present delta % refreshrate:   0.000000
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t    100.00\t|\t    108.33\t|\t    116.67
            Actual  \t|\t    100.10\t|\t    105.00\t|\t    116.67
            ----------------------------------------------------------------------------------------

                Layer - TX - com.example/com.example.MainActivity#151 [*]\s
                Token: 1005
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : Buffer Stuffing
                Present Metadata : Late Present
                Finish Metadata: On Time Finish
                Last latch time:  83.330000
                Present delta:  16.666666
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     66.67\t|\t     83.33\t|\t    100.00
                Actual  \t|\t     66.77\t|\t     80.00\t|\t    116.67
                ----------------------------------------------------------------------------------------

            """;

    /** 12 … 14.0.0_r25: a dropped buffer is not classified (SurfaceFrame::onPresent returns at once). */
    private static final String DF5_13 = """
            Display Frame 5
            Prediction State : Valid
            Jank Type : None
            Present Metadata : On Time Present
            Finish Metadata: On Time Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta:   0.000000
            Present delta % refreshrate:   0.000000
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t    116.67\t|\t    125.00\t|\t    133.33
            Actual  \t|\t    116.77\t|\t    122.00\t|\t    133.33
            ----------------------------------------------------------------------------------------

                Layer - TX - com.example/com.example.MainActivity#151
                Token: 1006
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Dropped
                Drop time : 116.000000
                Prediction State : Valid
                Jank Type : None
                Present Metadata : Unknown Present
                Finish Metadata: Unknown Finish
                Last latch time:   0.000000
                Present delta: 1133.330000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     83.33\t|\t    100.00\t|\t    116.67
                Actual  \t|\t     83.43\t|\t     95.00\t|\t\tN/A
                ----------------------------------------------------------------------------------------
                Layer - TX - com.example/com.example.MainActivity#151
                Token: 1007
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : None
                Present Metadata : On Time Present
                Finish Metadata: On Time Finish
                Last latch time: 100.000000
                Present delta:   0.000000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t    100.00\t|\t    116.67\t|\t    133.33
                Actual  \t|\t    100.10\t|\t    110.00\t|\t    133.33
                ----------------------------------------------------------------------------------------

            """;

    /** android-14.0.0_r29+: a dropped buffer is classified, then marked {@code Dropped Frame}. */
    private static final String DF5_14 = """
            Display Frame 5
            Prediction State : Valid
            Jank Type : None
            Present Metadata : On Time Present
            Finish Metadata: On Time Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta:   0.000000
            Present delta % refreshrate:   0.000000
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t    116.67\t|\t    125.00\t|\t    133.33
            Actual  \t|\t    116.77\t|\t    122.00\t|\t    133.33
            ----------------------------------------------------------------------------------------

                Layer - TX - com.example/com.example.MainActivity#151 [*]\s
                Token: 1006
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Dropped
                Drop time : 116.000000
                Prediction State : Valid
                Jank Type : Dropped Frame
                Present Metadata : Late Present
                Finish Metadata: On Time Finish
                Last latch time:   0.000000
                Present delta: 1133.330000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t     83.33\t|\t    100.00\t|\t    116.67
                Actual  \t|\t     83.43\t|\t     95.00\t|\t\tN/A
                ----------------------------------------------------------------------------------------
                Layer - TX - com.example/com.example.MainActivity#151
                Token: 1007
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : None
                Present Metadata : On Time Present
                Finish Metadata: On Time Finish
                Last latch time: 100.000000
                Present delta:   0.000000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t    100.00\t|\t    116.67\t|\t    133.33
                Actual  \t|\t    100.10\t|\t    110.00\t|\t    133.33
                ----------------------------------------------------------------------------------------

            """;

    /** 13+: an expired prediction is App Deadline Missed (classifyJankLocked, android-13.0.0_r1). */
    private static final String DF6_13 = """
            Display Frame 6
            Prediction State : Valid
            Jank Type : None
            Present Metadata : On Time Present
            Finish Metadata: On Time Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta:   0.000000
            Present delta % refreshrate:   0.000000
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t    133.33\t|\t    141.67\t|\t    150.00
            Actual  \t|\t    133.43\t|\t    139.00\t|\t    150.00
            ----------------------------------------------------------------------------------------

                Layer - TX - com.example/com.example.MainActivity#151 [*]\s
                Token: 1008
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Expired
                Jank Type : App Deadline Missed
                Present Metadata : Unknown Present
                Finish Metadata: Unknown Finish
                Last latch time: 116.670000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Actual  \t|\t\tN/A\t|\t    137.00\t|\t    150.00
                ----------------------------------------------------------------------------------------
                Layer - TX - com.example/com.example.MainActivity#151
                Token: -1
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : None
                Jank Type : None
                Present Metadata : Unknown Present
                Finish Metadata: Unknown Finish
                Last latch time:   0.000000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Actual  \t|\t\tN/A\t|\t    138.00\t|\t    150.00
                ----------------------------------------------------------------------------------------

            """;

    /** The same on 14 QPR2+ (nothing of it changed there). */
    private static final String DF6_14 = DF6_13;

    private static final String DF7_13 = """
            Display Frame 7
            Prediction State : Valid
            Jank Type : None
            Present Metadata : On Time Present
            Finish Metadata: On Time Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta:   0.000000
            Present delta % refreshrate:   0.000000
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t    150.00\t|\t    158.33\t|\t    166.67
            Actual  \t|\t    150.10\t|\t    156.00\t|\t    166.67
            ----------------------------------------------------------------------------------------

                Layer - TX - com.example/com.example.MainActivity#151 [*]\s
                Token: 1010
                Is Buffer?: 1
                Owner Pid : 4242
                Scheduled rendering rate: 0 fps
                Layer ID : 151
                Present State : Presented
                Prediction State : Valid
                Jank Type : Prediction Error
                Present Metadata : Early Present
                Finish Metadata: On Time Finish
                Last latch time: 133.330000
                Present delta:   8.333333
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t    141.67\t|\t    158.33\t|\t    175.00
                Actual  \t|\t    141.77\t|\t    150.00\t|\t    166.67
                ----------------------------------------------------------------------------------------

            """;

    /**
     * The ring's newest display frame, composed but its present fence not processed yet (as in every real dump): its
     * actual present is {@code N/A}, nothing in it is classified ({@code None}, {@code Unknown Present} /
     * {@code Unknown Finish}), and its {@code Present delta} is |0 − expected present| in absolute ms.
     */
    private static final String DF8_13 = """
            Display Frame 8
            Prediction State : Valid
            Jank Type : None
            Present Metadata : Unknown Present
            Finish Metadata: Unknown Finish
            Start Metadata: Unknown Start
            Vsync Period:  16.666666
            Present delta: 1183.330000
            Present delta % refreshrate:  16.663380
            \t\t    Start time\t\t|    End time\t\t|    Present time
            Expected\t|\t    166.67\t|\t    175.00\t|\t    183.33
            Actual  \t|\t    166.77\t|\t    172.00\t|\t\tN/A
            ----------------------------------------------------------------------------------------

                Layer - TX - StatusBar#77
                Token: 1011
                Is Buffer?: 1
                Owner Pid : 1500
                Scheduled rendering rate: 0 fps
                Layer ID : 77
                Present State : Presented
                Prediction State : Valid
                Jank Type : None
                Present Metadata : Unknown Present
                Finish Metadata: Unknown Finish
                Last latch time:   0.000000
                Present delta: 1183.330000
                \t\t    Start time\t\t|    End time\t\t|    Present time
                Expected\t|\t    150.00\t|\t    166.67\t|\t    183.33
                Actual  \t|\t    150.20\t|\t    160.00\t|\t\tN/A
                ----------------------------------------------------------------------------------------

            """;

    /**
     * The {@code dumpsys gfxinfo com.example framestats} dump of {@code android}: the app's pid line, its window, and
     * one {@code ---PROFILEDATA---} block with one row per {@link #TOKENS} token, in that version's column layout
     * (docs/formats.md 2: 22 columns on 12, 23 on 13–15, 24 on 16; data order FrameDeadline, FrameStartTime,
     * FrameInterval whatever the 12–15 labels say). Each frame starts on its own vsync (60 Hz) and takes 10 ms.
     */
    public static String gfxinfo(int android) {
        String header;
        if (android == 16) {
            header = "Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,HandleInputStart,AnimationStart,"
                    + "PerformTraversalsStart,DrawStart,FrameDeadline,FrameStartTime,FrameInterval,WorkloadTarget,"
                    + "SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,"
                    + "QueueBufferDuration,GpuCompleted,SwapBuffersCompleted,DisplayPresentTime,"
                    + "CommandSubmissionCompleted,";
        } else {
            header = "Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,HandleInputStart,AnimationStart,"
                    + "PerformTraversalsStart,DrawStart,FrameDeadline,FrameInterval,FrameStartTime,SyncQueued,"
                    + "SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,"
                    + "QueueBufferDuration,GpuCompleted,SwapBuffersCompleted,DisplayPresentTime,"
                    + (android == 12 ? "" : "CommandSubmissionCompleted,");
        }
        StringBuilder sb = new StringBuilder();
        sb.append("Applications Graphics Acceleration Info:\nUptime: 5000000 Realtime: 5000000\n\n");
        sb.append("** Graphics info for pid ").append(PID).append(" [").append(PKG).append("] **\n\n");
        sb.append("Stats since: 1000000000ns\nTotal frames rendered: 10\n\n");
        sb.append("Window: ").append(WINDOW).append('\n');
        sb.append("---PROFILEDATA---\n").append(header).append('\n');
        long period = 16_666_667L;
        long vsync = 2_000_000_000L;
        for (long token : TOKENS) {
            List<Long> row = new ArrayList<>();
            long start = vsync;
            long done = vsync + 10_000_000L;
            row.add(0L);                      // Flags
            row.add(token);                   // FrameTimelineVsyncId
            row.add(vsync);                   // IntendedVsync
            row.add(vsync);                   // Vsync
            row.add(0L);                      // InputEventId
            row.add(start + 500_000L);        // HandleInputStart
            row.add(start + 1_000_000L);      // AnimationStart
            row.add(start + 2_000_000L);      // PerformTraversalsStart
            row.add(start + 3_000_000L);      // DrawStart
            row.add(vsync + period);          // FrameDeadline
            row.add(start);                   // FrameStartTime (data order)
            row.add(period);                  // FrameInterval
            if (android == 16) {
                row.add(period);              // WorkloadTarget
            }
            row.add(start + 5_000_000L);      // SyncQueued
            row.add(start + 5_100_000L);      // SyncStart
            row.add(start + 6_000_000L);      // IssueDrawCommandsStart
            row.add(start + 8_000_000L);      // SwapBuffers
            row.add(done);                    // FrameCompleted
            row.add(120_000L);                // DequeueBufferDuration
            row.add(90_000L);                 // QueueBufferDuration
            row.add(done + 1_000_000L);       // GpuCompleted
            row.add(start + 8_500_000L);      // SwapBuffersCompleted
            row.add(0L);                      // DisplayPresentTime
            if (android != 12) {
                row.add(start + 8_200_000L);  // CommandSubmissionCompleted
            }
            for (long v : row) {
                sb.append(v).append(',');
            }
            sb.append('\n');
            vsync += period;
        }
        sb.append("---PROFILEDATA---\n\n");
        return sb.toString();
    }
}
