import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Writes a large synthetic {@code dumpsys gfxinfo <pkg> framestats} dump (Android 13–15 layout, 23 columns with
 * the label swap) for the analyze benchmark: {@code java scripts/GenerateFramestats.java OUT FRAMES}.
 * One window, one PROFILEDATA block, frames at 120 Hz with a slow frame now and then.
 */
public final class GenerateFramestats {
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: java scripts/GenerateFramestats.java OUT FRAMES");
            System.exit(2);
        }
        long frames = Long.parseLong(args[1]);
        long interval = 8_333_333L;
        SplittableRandom rnd = new SplittableRandom(42);
        try (OutputStream out = new BufferedOutputStream(new FileOutputStream(args[0]), 1 << 20)) {
            write(out, "Applications Graphics Acceleration Info:\nUptime: 3605123 Realtime: 3605123\n\n"
                    + "** Graphics info for pid 4242 [com.example.bench] **\n\nProfile data in ms:\n\n"
                    + "\tcom.example.bench/com.example.bench.MainActivity/android.view.ViewRootImpl@4e4f4c1 (visibility=0)\n"
                    + "Window: com.example.bench/com.example.bench.MainActivity\n\n---PROFILEDATA---\n"
                    + "Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,HandleInputStart,AnimationStart,"
                    + "PerformTraversalsStart,DrawStart,FrameDeadline,FrameInterval,FrameStartTime,SyncQueued,SyncStart,"
                    + "IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,QueueBufferDuration,"
                    + "GpuCompleted,SwapBuffersCompleted,DisplayPresentTime,CommandSubmissionCompleted,\n");
            StringBuilder sb = new StringBuilder(400);
            long v = 3_600_000_000_000L;
            for (long i = 0; i < frames; i++) {
                long d = rnd.nextInt(100) == 0 ? 20_000_000L + rnd.nextInt(40_000_000) : 3_000_000L + rnd.nextInt(4_000_000);
                sb.setLength(0);
                sb.append(i % 500 == 0 ? 1 : 0).append(',').append(100_000 + i).append(',')
                        .append(v).append(',').append(v).append(',').append(0).append(',')
                        .append(v + d / 20).append(',').append(v + d / 10).append(',').append(v + d / 5).append(',')
                        .append(v + d * 3 / 10).append(',').append(v + interval).append(',').append(v).append(',')
                        .append(interval).append(',').append(v + d / 2).append(',').append(v + d / 2 + 50_000).append(',')
                        .append(v + d * 6 / 10).append(',').append(v + d * 8 / 10).append(',').append(v + d).append(',')
                        .append(120_000).append(',').append(90_000).append(',').append(v + d + 1_000_000).append(',')
                        .append(v + d + 100_000).append(',').append(0).append(',').append(v + d * 8 / 10 + 50_000)
                        .append(",\n");
                write(out, sb.toString());
                v += interval * (1 + (d - 1) / interval);
            }
            write(out, "---PROFILEDATA---\n\n");
        }
    }

    private static void write(OutputStream out, String s) throws IOException {
        out.write(s.getBytes(StandardCharsets.ISO_8859_1));
    }
}
