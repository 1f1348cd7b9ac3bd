package io.fpsctl.android;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes our own synthetic {@code dumpsys gfxinfo <pkg> framestats} text in every column layout Android
 * printed (docs/formats.md 5.1/A.3), so parser tests stand on their own without real captures.
 */
final class SyntheticFramestats {

    /** Header names per layout, as Android prints them (12–15 with the FrameInterval/FrameStartTime label swap). */
    static final Map<Integer, String> HEADERS = new LinkedHashMap<>();

    static {
        String six = "Flags,IntendedVsync,Vsync,OldestInputEvent,NewestInputEvent,HandleInputStart,AnimationStart,"
                + "PerformTraversalsStart,DrawStart,SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted";
        HEADERS.put(14, six);
        HEADERS.put(16, six + ",DequeueBufferDuration,QueueBufferDuration");
        HEADERS.put(17, six + ",DequeueBufferDuration,QueueBufferDuration,GpuCompleted");
        String twelve = "Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,HandleInputStart,AnimationStart,"
                + "PerformTraversalsStart,DrawStart,FrameDeadline,FrameInterval,FrameStartTime,SyncQueued,SyncStart,"
                + "IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,QueueBufferDuration,"
                + "GpuCompleted,SwapBuffersCompleted,DisplayPresentTime";
        HEADERS.put(22, twelve);
        HEADERS.put(23, twelve + ",CommandSubmissionCompleted");
        HEADERS.put(24, "Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,HandleInputStart,AnimationStart,"
                + "PerformTraversalsStart,DrawStart,FrameDeadline,FrameStartTime,FrameInterval,WorkloadTarget,"
                + "SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,"
                + "QueueBufferDuration,GpuCompleted,SwapBuffersCompleted,DisplayPresentTime,CommandSubmissionCompleted");
        HEADERS.put(26, "Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,HandleInputStart,AnimationStart,"
                + "PerformTraversalsStart,DrawStart,FrameDeadline,FrameStartTime,FrameInterval,WorkloadTarget,"
                + "AnimationTime,AnimationCounter,SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,"
                + "FrameCompleted,DequeueBufferDuration,QueueBufferDuration,GpuCompleted,SwapBuffersCompleted,"
                + "DisplayPresentTime,CommandSubmissionCompleted");
    }

    /** One synthetic frame: what the row's columns mean, before Android's printing quirks. */
    record Row(long flags, long intendedVsync, long duration, long interval, long gpuAfterSwap, long deadline) {
        long completed() {
            return intendedVsync + duration;
        }

        long swap() {
            return intendedVsync + duration * 8 / 10;
        }

        long value(String column) {
            long v = intendedVsync;
            long d = duration;
            return switch (column) {
                case "Flags" -> flags;
                case "FrameTimelineVsyncId" -> 1000 + v / 1_000_000;
                case "IntendedVsync", "Vsync", "OldestInputEvent" -> column.equals("OldestInputEvent") ? Long.MAX_VALUE : v;
                case "NewestInputEvent", "InputEventId", "DisplayPresentTime", "AnimationCounter" -> 0;
                case "HandleInputStart" -> v + d / 20;
                case "AnimationStart" -> v + d / 10;
                case "PerformTraversalsStart" -> v + d / 5;
                case "DrawStart" -> v + d * 3 / 10;
                case "SyncQueued", "SyncStart" -> v + d / 2;
                case "IssueDrawCommandsStart" -> v + d * 6 / 10;
                case "SwapBuffers" -> swap();
                case "FrameCompleted" -> completed();
                case "DequeueBufferDuration" -> 120_000;
                case "QueueBufferDuration" -> 90_000;
                case "GpuCompleted" -> gpuAfterSwap == 0 ? 0 : swap() + gpuAfterSwap;
                case "FrameDeadline" -> deadline;
                case "FrameInterval" -> interval;
                case "FrameStartTime", "AnimationTime" -> v;
                case "WorkloadTarget" -> 2 * interval;
                case "SwapBuffersCompleted", "CommandSubmissionCompleted" -> swap() + 100_000;
                default -> throw new IllegalArgumentException(column);
            };
        }
    }

    /** The printed values of a row for a layout, with the 12–15 swap applied. */
    static String row(int columns, Row r) {
        String[] names = HEADERS.get(columns).split(",");
        boolean swapped = columns == 22 || columns == 23;
        StringBuilder sb = new StringBuilder();
        for (String n : names) {
            String printed = n;
            if (swapped && n.equals("FrameInterval")) {
                printed = "FrameStartTime";
            } else if (swapped && n.equals("FrameStartTime")) {
                printed = "FrameInterval";
            }
            sb.append(r.value(printed)).append(',');
        }
        return sb.toString();
    }

    /** A block for one window: title line, summary lines, PROFILEDATA with header and rows, all trailing commas. */
    static String window(int columns, String title, List<Row> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append("\n\t").append(title).append("/android.view.ViewRootImpl@4e4f4c1 (visibility=0)\n");
        sb.append("Window: ").append(title).append('\n');
        sb.append("Stats since: 3590000000000ns\nTotal frames rendered: ").append(rows.size()).append('\n');
        sb.append("Janky frames: 0 (0.00%)\n\n\n---PROFILEDATA---\n");
        sb.append(HEADERS.get(columns)).append(",\n");
        for (Row r : rows) {
            sb.append(row(columns, r)).append('\n');
        }
        sb.append("---PROFILEDATA---\n\n");
        return sb.toString();
    }

    /** A whole dump of one process with the given window blocks. */
    static String dump(String pkg, String... windows) {
        StringBuilder sb = new StringBuilder();
        sb.append("Applications Graphics Acceleration Info:\nUptime: 3605123 Realtime: 3605123\n\n");
        sb.append("** Graphics info for pid 4242 [").append(pkg).append("] **\n\n");
        sb.append("Stats since: 3590000000000ns\nTotal frames rendered: 0\nJanky frames: 0 (0.00%)\n");
        sb.append("\nPipeline=Skia (OpenGL)\nProfile data in ms:\n");
        for (String w : windows) {
            sb.append(w);
        }
        sb.append("\nView hierarchy:\n\n  x\n  57 views, 61.23 kB of render nodes\n\n\nTotal ViewRootImpl   : 1\n");
        return sb.toString();
    }

    /** n frames one vsync apart, with the durations given in a repeating pattern. */
    static List<Row> rows(long start, int n, long interval, long... durations) {
        List<Row> l = new ArrayList<>();
        long v = start;
        for (int i = 0; i < n; i++) {
            long d = durations[i % durations.length];
            l.add(new Row(0, v, d, interval, 1_000_000, v + interval));
            v += interval * (1 + Math.max(0, (d - 1) / interval));
        }
        return l;
    }
}
