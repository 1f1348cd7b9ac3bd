package io.fpsctl.android;

import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.FramestatsFormatter;
import io.fpsctl.android.FramestatsColumns.Field;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The {@code ---PROFILEDATA---} header line per version group, written by hand from hwui's {@code FrameInfoNames}
 * ({@code libs/hwui/FrameInfo.cpp}) as {@code JankTracker::dumpFrames} prints it ({@code "%s"} then {@code ","} per
 * name: a trailing comma, no newline). Read in copies, not at tags: 16 names {@code aosp-mirror/platform_frameworks_base@1bcacfdc},
 * 23 names {@code aosp-mirror/platform_frameworks_base@347c00eb}, 24 names {@code msft-mirror-aosp/platform.frameworks.base@92b519bd};
 * 14, 17 and 22 from docs/formats.md 2. Counts cross-checked against {@code FrameMetrics.Index.FRAME_STATS_COUNT} in the
 * Robolectric android-all release jars (8.0-10: 16, 11: 17, 12/12.1: 22, 13-15: 23, 16: 24).
 * Never produced by the simulator: the test checks the simulator prints exactly these and fpsctl maps them.
 */
class FramestatsHeaderGoldenTest {

    private static final String H14 = "Flags,IntendedVsync,Vsync,OldestInputEvent,NewestInputEvent,HandleInputStart,"
            + "AnimationStart,PerformTraversalsStart,DrawStart,SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,"
            + "FrameCompleted,";
    private static final String H16 = H14 + "DequeueBufferDuration,QueueBufferDuration,";
    private static final String H17 = H16 + "GpuCompleted,";
    /** 12-15: FrameInfoNames lists FrameInterval before FrameStartTime (the data is in index order: start, interval). */
    private static final String H22 = "Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,HandleInputStart,"
            + "AnimationStart,PerformTraversalsStart,DrawStart,FrameDeadline,FrameInterval,FrameStartTime,SyncQueued,"
            + "SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,QueueBufferDuration,"
            + "GpuCompleted,SwapBuffersCompleted,DisplayPresentTime,";
    private static final String H23 = H22 + "CommandSubmissionCompleted,";
    /** 16: names in index order, WorkloadTarget after FrameInterval. */
    private static final String H24 = "Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,HandleInputStart,"
            + "AnimationStart,PerformTraversalsStart,DrawStart,FrameDeadline,FrameStartTime,FrameInterval,"
            + "WorkloadTarget,SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,"
            + "DequeueBufferDuration,QueueBufferDuration,GpuCompleted,SwapBuffersCompleted,DisplayPresentTime,"
            + "CommandSubmissionCompleted,";

    /**
     * Expected column of each field fpsctl reads, counted by hand on the lines above (0-based; -1 = absent), in
     * {@link Field} order: FLAGS, INTENDED_VSYNC, VSYNC, HANDLE_INPUT_START, ANIMATION_START,
     * PERFORM_TRAVERSALS_START, DRAW_START, SYNC_QUEUED, SYNC_START, ISSUE_DRAW_COMMANDS_START, SWAP_BUFFERS,
     * FRAME_COMPLETED, GPU_COMPLETED, FRAME_DEADLINE, FRAME_INTERVAL (as labelled), FRAME_START_TIME (as
     * labelled), FRAME_TIMELINE_VSYNC_ID.
     */
    private static final int[] IDX_14 = {0, 1, 2, 5, 6, 7, 8, 9, 10, 11, 12, 13, -1, -1, -1, -1, -1};
    private static final int[] IDX_17 = {0, 1, 2, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, -1, -1, -1, -1};
    // 12-15: IntendedVsync 2, Vsync 3, HandleInputStart 5 … DrawStart 8, FrameDeadline 9, "FrameInterval" 10,
    // "FrameStartTime" 11, SyncQueued 12 … FrameCompleted 16, GpuCompleted 19, FrameTimelineVsyncId 1.
    private static final int[] IDX_22 = {0, 2, 3, 5, 6, 7, 8, 12, 13, 14, 15, 16, 19, 9, 10, 11, 1};
    // 16: FrameStartTime 10, FrameInterval 11, WorkloadTarget 12 shifts SyncQueued … by one: 13 … 17, GpuCompleted 20.
    private static final int[] IDX_24 = {0, 2, 3, 5, 6, 7, 8, 13, 14, 15, 16, 17, 20, 9, 11, 10, 1};

    static Stream<Arguments> headers() {
        return Stream.of(
                Arguments.of(6, H14, IDX_14), Arguments.of(7, H14, IDX_14),
                Arguments.of(8, H16, IDX_14), Arguments.of(9, H16, IDX_14), Arguments.of(10, H16, IDX_14),
                Arguments.of(11, H17, IDX_17),
                Arguments.of(12, H22, IDX_22),
                Arguments.of(13, H23, IDX_22), Arguments.of(14, H23, IDX_22), Arguments.of(15, H23, IDX_22),
                Arguments.of(16, H24, IDX_24));
    }

    @ParameterizedTest(name = "Android {0}")
    @MethodSource("headers")
    void simulatorPrintsTheHeaderAndFpsctlMapsIt(int android, String golden, int[] expected) {
        assertEquals(golden, new FramestatsFormatter(AndroidVersion.of(android)).header(), "Android " + android);

        FramestatsColumns parsed = FramestatsColumns.parseHeader(golden);
        assertNotNull(parsed, "Android " + android);
        assertEquals(golden.split(",").length, parsed.count);
        int[] actual = Arrays.stream(Field.values()).mapToInt(parsed::get).toArray();
        assertArrayEquals(expected, actual, "Android " + android + ": " + Arrays.toString(actual));

        // A header-less block of the same width gets the same layout.
        FramestatsColumns byCount = FramestatsColumns.forCount(parsed.count);
        assertNotNull(byCount, "no known header with " + parsed.count + " columns");
        assertArrayEquals(expected, Arrays.stream(Field.values()).mapToInt(byCount::get).toArray());
    }
}
