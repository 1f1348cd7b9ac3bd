package io.fpsctl.format.perfetto;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What fpsctl keeps of a Perfetto trace ({@link PerfettoTraceReader}).
 *
 * @param name           the file, for messages
 * @param packets        trace packets read (compressed ones counted one by one)
 * @param sdk            {@code SystemInfo.android_sdk_version}, −1 when absent
 * @param clockSnapshots the ClockSnapshot packets with both MONOTONIC and BOOTTIME
 * @param processes      pid → process name ({@code ProcessTree.Process.cmdline[0]}: the package for an app)
 * @param threadTgid     tid → its process's pid ({@code ProcessTree.Thread})
 * @param threadNames    tid → thread name ({@code ProcessTree.Thread.name}, e.g. {@code RenderThread})
 * @param surfaceFrames  the actual SurfaceFrames with both start and end, by start time
 * @param slices         the atrace slices Macrobenchmark's frame metrics use, by start time
 * @param frameClocks    the BuiltinClock ids the FrameTimeline packets were stamped with (3 on Android 12, 6 on 13+)
 * @param warnings       what was skipped or dropped, one line each
 */
public record TraceContents(String name, long packets, int sdk, int clockSnapshots, Map<Integer, String> processes,
                            Map<Integer, Integer> threadTgid, Map<Integer, String> threadNames,
                            List<SurfaceFrame> surfaceFrames, List<AtraceSlice> slices, Set<Integer> frameClocks,
                            List<String> warnings) {

    /** The process name of {@code pid} from the trace's process records, or null when it has none. */
    public String processName(int pid) {
        return processes.get(pid);
    }

    /** The thread's name from the process records, or null. */
    public String threadName(int tid) {
        return threadNames.get(tid);
    }
}
