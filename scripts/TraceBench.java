import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameTimelineEvent;
import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameworksNativeTracePacket;
import io.fpsctl.format.perfetto.PerfettoTraceReader;
import io.fpsctl.format.perfetto.TraceContents;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import perfetto.protos.ClockSnapshotOuterClass.ClockSnapshot;
import perfetto.protos.FtraceEventBundleOuterClass.FtraceEventBundle;
import perfetto.protos.FtraceEventOuterClass.FtraceEvent;
import perfetto.protos.Ftrace.PrintFtraceEvent;
import perfetto.protos.ProcessTreeOuterClass.ProcessTree;
import perfetto.protos.TracePacketOuterClass.TracePacket;

/**
 * scripts/bench-trace's two halves. "generate FILE MB": a trace of about MB megabytes written with Perfetto's
 * generated protos, shaped like an Android 12 capture of one app at 60 Hz: per frame the four FrameTimeline packets
 * of its SurfaceFrame and two of its DisplayFrame (MONOTONIC, written after the present), and an ftrace bundle with
 * its doFrame / DrawFrame atrace slices. "decode FILE RUNS": fpsctl's reader over it RUNS times (after one warm-up),
 * printing the best and median seconds and frames found.
 */
public class TraceBench {
    public static void main(String[] a) throws Exception {
        if (a[0].equals("generate")) {
            generate(Path.of(a[1]), Long.parseLong(a[2]) << 20);
        } else {
            decode(Path.of(a[1]), Integer.parseInt(a[2]));
        }
    }

    private static void packet(OutputStream out, TracePacket p) throws Exception {
        byte[] b = p.toByteArray();
        out.write(0x0a);
        int n = b.length;
        while ((n & ~0x7f) != 0) {
            out.write((n & 0x7f) | 0x80);
            n >>>= 7;
        }
        out.write(n);
        out.write(b);
    }

    private static TracePacket ft(long ts, FrameTimelineEvent e) {
        return TracePacket.newBuilder().setTimestamp(ts).setTimestampClockId(3).setTrustedPacketSequenceId(7)
                .setExtension(FrameworksNativeTracePacket.frameTimelineEvent, e).build();
    }

    static void generate(Path file, long bytes) throws Exception {
        int pid = 4242;
        int rt = 4250;
        String layer = "TX - com.example.app/com.example.app.MainActivity#0";
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            packet(out, TracePacket.newBuilder().setClockSnapshot(ClockSnapshot.newBuilder()
                    .addClocks(ClockSnapshot.Clock.newBuilder().setClockId(3).setTimestamp(0))
                    .addClocks(ClockSnapshot.Clock.newBuilder().setClockId(6).setTimestamp(5_000_000_000L))).build());
            packet(out, TracePacket.newBuilder().setProcessTree(ProcessTree.newBuilder()
                    .addProcesses(ProcessTree.Process.newBuilder().setPid(pid).setPpid(1).addCmdline("com.example.app"))
                    .addThreads(ProcessTree.Thread.newBuilder().setTid(rt).setTgid(pid).setName("RenderThread")))
                    .build());
            long written = 0;
            long cookie = 1;
            for (long i = 0; written < bytes; i++) {
                long t = 1_000_000_000L + i * 16_666_667L;
                long token = 10_000 + 2 * i;
                long display = token + 1;
                long c = cookie;
                cookie += 4;
                TracePacket[] ps = {
                    ft(t, FrameTimelineEvent.newBuilder().setExpectedSurfaceFrameStart(
                            FrameTimelineEvent.ExpectedSurfaceFrameStart.newBuilder().setCookie(c).setToken(token)
                                    .setDisplayFrameToken(display).setPid(pid).setLayerName(layer)).build()),
                    ft(t + 16_666_667L, FrameTimelineEvent.newBuilder().setFrameEnd(
                            FrameTimelineEvent.FrameEnd.newBuilder().setCookie(c)).build()),
                    ft(t, FrameTimelineEvent.newBuilder().setActualSurfaceFrameStart(
                            FrameTimelineEvent.ActualSurfaceFrameStart.newBuilder().setCookie(c + 1).setToken(token)
                                    .setDisplayFrameToken(display).setPid(pid).setLayerName(layer)
                                    .setPresentType(FrameTimelineEvent.PresentType.PRESENT_ON_TIME)
                                    .setOnTimeFinish(true).setGpuComposition(false).setJankType(1)
                                    .setPredictionType(FrameTimelineEvent.PredictionType.PREDICTION_VALID)
                                    .setIsBuffer(true)).build()),
                    ft(t + 9_000_000L, FrameTimelineEvent.newBuilder().setFrameEnd(
                            FrameTimelineEvent.FrameEnd.newBuilder().setCookie(c + 1)).build()),
                    ft(t + 10_000_000L, FrameTimelineEvent.newBuilder().setActualDisplayFrameStart(
                            FrameTimelineEvent.ActualDisplayFrameStart.newBuilder().setCookie(c + 2).setToken(display)
                                    .setPid(600).setPresentType(FrameTimelineEvent.PresentType.PRESENT_ON_TIME)
                                    .setOnTimeFinish(true).setJankType(1)
                                    .setPredictionType(FrameTimelineEvent.PredictionType.PREDICTION_VALID)).build()),
                    ft(t + 25_000_000L, FrameTimelineEvent.newBuilder().setFrameEnd(
                            FrameTimelineEvent.FrameEnd.newBuilder().setCookie(c + 2)).build()),
                    TracePacket.newBuilder().setTrustedPacketSequenceId(1).setFtraceEvents(FtraceEventBundle.newBuilder()
                            .setCpu(0)
                            .addEvent(print(t + 5_000_000_000L + 1_000_000, pid, "B|" + pid + "|Choreographer#doFrame " + token))
                            .addEvent(print(t + 5_000_000_000L + 3_000_000, pid, "E|" + pid))
                            .addEvent(print(t + 5_000_000_000L + 3_000_000, rt, "B|" + pid + "|DrawFrame " + token))
                            .addEvent(print(t + 5_000_000_000L + 7_000_000, rt, "E|" + pid))).build()};
                for (TracePacket p : ps) {
                    packet(out, p);
                    written += p.getSerializedSize() + 3;
                }
            }
        }
    }

    private static FtraceEvent print(long ts, int tid, String buf) {
        return FtraceEvent.newBuilder().setTimestamp(ts).setPid(tid).setPrint(PrintFtraceEvent.newBuilder().setBuf(buf))
                .build();
    }

    static void decode(Path file, int runs) throws Exception {
        PerfettoTraceReader.read(file); // warm-up
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        double[] s = new double[runs];
        double[] cpu = new double[runs];
        int frames = 0;
        for (int i = 0; i < runs; i++) {
            long c0 = os.getProcessCpuTime();
            long t0 = System.nanoTime();
            TraceContents c = PerfettoTraceReader.read(file);
            s[i] = (System.nanoTime() - t0) / 1e9;
            cpu[i] = (os.getProcessCpuTime() - c0) / 1e9;
            frames = c.surfaceFrames().size();
        }
        java.util.Arrays.sort(s);
        java.util.Arrays.sort(cpu);
        // wall seconds (best, median), frames, and the process's CPU seconds (best, median: JIT and GC included),
        // which a loaded machine changes less than wall time
        System.out.printf(java.util.Locale.ROOT, "%.3f %.3f %d %.3f %.3f%n", s[0], s[runs / 2], frames, cpu[0],
                cpu[runs / 2]);
    }
}
