package io.fpsctl.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The training run behind the launcher's class-data-sharing archive ({@code scripts/fpsctl}): runs the commands
 * whose start-up matters ({@code --version}, {@code --help}, {@code analyze} in each format) in one JVM, so that
 * {@code -XX:ArchiveClassesAtExit} archives every class they load. Not a user command; prints nothing.
 */
public final class CdsTraining {
    /** A three-frame Android 12+ framestats dump (docs/formats.md 5.1), enough to walk analyze's whole path. */
    private static final String DUMP = String.join("\n",
            "** Graphics info for pid 4242 [com.example.cds] **",
            "Window: com.example.cds/com.example.cds.MainActivity",
            "---PROFILEDATA---",
            "Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,HandleInputStart,AnimationStart,"
                    + "PerformTraversalsStart,DrawStart,FrameDeadline,FrameInterval,FrameStartTime,SyncQueued,"
                    + "SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,"
                    + "QueueBufferDuration,GpuCompleted,SwapBuffersCompleted,DisplayPresentTime,CommandSubmissionCompleted,",
            row(1_000_000_000L, 0), row(1_016_666_667L, 1), row(1_033_333_334L, 30_000_000L),
            "---PROFILEDATA---", "");

    private CdsTraining() {
    }

    private static String row(long vsync, long extra) {
        long d = vsync + 16_666_667L;
        long[] v = {0, 1, vsync, vsync, 0, vsync + 1_000_000, vsync + 2_000_000, vsync + 3_000_000,
            vsync + 4_000_000, d, 16_666_667L, vsync, vsync + 5_000_000, vsync + 5_100_000, vsync + 5_200_000,
            vsync + 6_000_000 + extra, vsync + 7_000_000 + extra, 100_000, 100_000, vsync + 7_500_000 + extra,
            vsync + 7_600_000 + extra, 0, vsync + 7_000_000 + extra};
        StringBuilder sb = new StringBuilder();
        for (long x : v) {
            sb.append(x).append(',');
        }
        return sb.toString();
    }

    public static void main(String[] args) throws IOException {
        Path dump = Files.createTempFile("fpsctl-cds", ".txt");
        try {
            Files.writeString(dump, DUMP, StandardCharsets.UTF_8);
            String f = dump.toString();
            String[][] runs = {
                {"--version"}, {"--help"}, {"analyze", "--help"},
                {"analyze", f}, {"analyze", f, "--format", "json"}, {"analyze", f, "--format", "csv"},
                {"analyze", f + ".missing"}, {"nosuchcommand"}};
            PrintWriter nowhere = new PrintWriter(Writer.nullWriter());
            for (String[] run : runs) {
                Main.run(run, nowhere, nowhere);
            }
        } finally {
            Files.deleteIfExists(dump);
        }
    }
}
