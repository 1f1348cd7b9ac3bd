package io.fpsctl.android;

import io.fpsctl.engine.PlausibleBounds;
import java.util.List;

/**
 * Where each timestamp fpsctl uses sits in a {@code ---PROFILEDATA---} header, found by name (docs/metrics.md 1:
 * never by position). Also the header lines of every Android version, for dumps that lost their header.
 */
final class FramestatsColumns {

    /** The columns fpsctl reads; everything else in a header is ignored. */
    enum Field {
        FLAGS("Flags"),
        INTENDED_VSYNC("IntendedVsync"),
        VSYNC("Vsync"),
        HANDLE_INPUT_START("HandleInputStart"),
        ANIMATION_START("AnimationStart"),
        PERFORM_TRAVERSALS_START("PerformTraversalsStart"),
        DRAW_START("DrawStart"),
        SYNC_QUEUED("SyncQueued"),
        SYNC_START("SyncStart"),
        ISSUE_DRAW_COMMANDS_START("IssueDrawCommandsStart"),
        SWAP_BUFFERS("SwapBuffers"),
        FRAME_COMPLETED("FrameCompleted"),
        GPU_COMPLETED("GpuCompleted"),
        FRAME_DEADLINE("FrameDeadline"),
        /** As labelled; on Android 12–15 it holds the start time (see {@link #resolveInterval}). */
        FRAME_INTERVAL("FrameInterval"),
        FRAME_START_TIME("FrameStartTime"),
        /** Android 12+: the FrameTimeline Token of the frame (docs/formats.md 5.3). */
        FRAME_TIMELINE_VSYNC_ID("FrameTimelineVsyncId");

        final String header;

        Field(String header) {
            this.header = header;
        }
    }

    private static final Field[] FIELDS = Field.values();
    /** Values at or above this are timestamps, below it periods (docs/metrics.md 1). */
    private static final long PERIOD_LIMIT = 1_000_000_000L;

    /** Header lines by column count, for rows printed without one (Android 6 … 16). */
    private static final List<String> KNOWN_HEADERS = List.of(
            "Flags,IntendedVsync,Vsync,OldestInputEvent,NewestInputEvent,HandleInputStart,AnimationStart,"
                    + "PerformTraversalsStart,DrawStart,SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,"
                    + "FrameCompleted",
            "Flags,IntendedVsync,Vsync,OldestInputEvent,NewestInputEvent,HandleInputStart,AnimationStart,"
                    + "PerformTraversalsStart,DrawStart,SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,"
                    + "FrameCompleted,DequeueBufferDuration,QueueBufferDuration",
            "Flags,IntendedVsync,Vsync,OldestInputEvent,NewestInputEvent,HandleInputStart,AnimationStart,"
                    + "PerformTraversalsStart,DrawStart,SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,"
                    + "FrameCompleted,DequeueBufferDuration,QueueBufferDuration,GpuCompleted",
            "Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,HandleInputStart,AnimationStart,"
                    + "PerformTraversalsStart,DrawStart,FrameDeadline,FrameInterval,FrameStartTime,SyncQueued,"
                    + "SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,"
                    + "QueueBufferDuration,GpuCompleted,SwapBuffersCompleted,DisplayPresentTime",
            "Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,HandleInputStart,AnimationStart,"
                    + "PerformTraversalsStart,DrawStart,FrameDeadline,FrameInterval,FrameStartTime,SyncQueued,"
                    + "SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,"
                    + "QueueBufferDuration,GpuCompleted,SwapBuffersCompleted,DisplayPresentTime,"
                    + "CommandSubmissionCompleted",
            "Flags,FrameTimelineVsyncId,IntendedVsync,Vsync,InputEventId,HandleInputStart,AnimationStart,"
                    + "PerformTraversalsStart,DrawStart,FrameDeadline,FrameStartTime,FrameInterval,WorkloadTarget,"
                    + "SyncQueued,SyncStart,IssueDrawCommandsStart,SwapBuffers,FrameCompleted,DequeueBufferDuration,"
                    + "QueueBufferDuration,GpuCompleted,SwapBuffersCompleted,DisplayPresentTime,"
                    + "CommandSubmissionCompleted");

    /** Column index of each {@link Field}, −1 when the header lacks it. */
    final int[] index = new int[FIELDS.length];
    final int count;
    /** The column that holds the interval in this block, decided by value; −2 = undecided, −1 = none. */
    private int intervalColumn = -2;

    private FramestatsColumns(String[] names) {
        java.util.Arrays.fill(index, -1);
        int n = names.length;
        while (n > 0 && names[n - 1].isBlank()) {
            n--; // the trailing comma of the header
        }
        count = n;
        for (int c = 0; c < n; c++) {
            String name = names[c].trim();
            for (Field f : FIELDS) {
                if (f.header.equals(name) && index[f.ordinal()] < 0) {
                    index[f.ordinal()] = c;
                }
            }
        }
    }

    /** Parses a header line; null when it lacks IntendedVsync or FrameCompleted. */
    static FramestatsColumns parseHeader(String line) {
        FramestatsColumns c = new FramestatsColumns(line.split(",", -1));
        if (c.index[Field.INTENDED_VSYNC.ordinal()] < 0 || c.index[Field.FRAME_COMPLETED.ordinal()] < 0) {
            return null;
        }
        return c;
    }

    /** The layout of a header-less row with {@code columns} values, or null when no version prints that many. */
    static FramestatsColumns forCount(int columns) {
        for (String h : KNOWN_HEADERS) {
            if (h.split(",").length == columns) {
                return parseHeader(h);
            }
        }
        return null;
    }

    int get(Field f) {
        return index[f.ordinal()];
    }

    /**
     * What {@link #resolveInterval} returns for a row whose interval cannot be a display's (outside 1–1000 Hz, or
     * ambiguous): the row is to be rejected (docs/metrics.md, "What fpsctl refuses to believe").
     */
    static final long IMPOSSIBLE_INTERVAL = Long.MIN_VALUE;

    /**
     * The interval of a row (docs/metrics.md 1 label swap): of the columns labelled FrameInterval and
     * FrameStartTime, the one whose value is below 1e9 is the interval. Decided on the first row where one of
     * them is below 1e9 and the other is not (one is a timestamp, the other a period), then kept for the block.
     * 0 when the row has no interval (no such column, or the documented 0 / −1 "unknown"), else the interval if it
     * is a display's (1–1000 Hz), else {@link #IMPOSSIBLE_INTERVAL}: a row whose interval is 1 ns would otherwise
     * count a 16 ms frame as 16 million dropped frames.
     */
    long resolveInterval(long[] row) {
        return resolveInterval(value(row, Field.FRAME_INTERVAL), value(row, Field.FRAME_START_TIME));
    }

    /**
     * {@link #resolveInterval(long[])} from a row's two labelled values (0 for a column the header lacks). The
     * decision is this object's state, so a block's rows must come to one object in file order.
     */
    long resolveInterval(long labelledIntervalValue, long labelledStartValue) {
        if (intervalColumn == -2) {
            int labelledInterval = get(Field.FRAME_INTERVAL);
            int labelledStart = get(Field.FRAME_START_TIME);
            long a = labelledIntervalValue;
            long b = labelledStartValue;
            if (labelledInterval < 0) {
                intervalColumn = -1;
            } else if (labelledStart < 0) {
                intervalColumn = labelledInterval;
            } else if (a > 0 && b > 0 && (a < PERIOD_LIMIT) != (b < PERIOD_LIMIT)) {
                intervalColumn = a < PERIOD_LIMIT ? labelledInterval : labelledStart;
            } else if (a > 0 && b > 0 && a < PERIOD_LIMIT) {
                return IMPOSSIBLE_INTERVAL; // two periods and no start time: which is the interval is unknown
            } else {
                // undecided (a column unset, or two timestamps): the one below 1e9 is the interval, if any
                return checked(a > 0 && a < PERIOD_LIMIT ? a : b > 0 && b < PERIOD_LIMIT ? b : 0);
            }
        }
        if (intervalColumn < 0) {
            return 0;
        }
        return checked(intervalColumn == get(Field.FRAME_INTERVAL) ? labelledIntervalValue : labelledStartValue);
    }

    /**
     * Why {@link #resolveInterval} called a row's interval impossible, from the same two values, for the warning;
     * call it right after that (it reads the decision state).
     */
    String whyImpossible(long labelledIntervalValue, long labelledStartValue) {
        if (intervalColumn >= 0) {
            long v = intervalColumn == get(Field.FRAME_INTERVAL) ? labelledIntervalValue : labelledStartValue;
            return "frame interval " + PlausibleBounds.whyNotPeriod(v);
        }
        long a = labelledIntervalValue;
        long b = labelledStartValue;
        if (a > 0 && b > 0 && a < PERIOD_LIMIT && b < PERIOD_LIMIT) {
            return "FrameInterval " + a + " and FrameStartTime " + b + " are both below 1e9 ns: neither is a start time,"
                    + " so which is the interval is unknown";
        }
        return "frame interval " + PlausibleBounds.whyNotPeriod(a > 0 && a < PERIOD_LIMIT ? a : b);
    }

    /** 0 for the "unknown" values 0 and −1, the interval when a display can have it, else impossible. */
    private static long checked(long interval) {
        if (interval == 0 || interval == -1) {
            return 0;
        }
        return PlausibleBounds.period(interval) ? interval : IMPOSSIBLE_INTERVAL;
    }

    long value(long[] row, Field f) {
        int i = index[f.ordinal()];
        return i < 0 ? 0 : row[i];
    }
}
