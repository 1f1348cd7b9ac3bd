package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.FrameColumn;
import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;
import io.fpsctl.sim.device.frames.VsyncClock;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The simulated SurfaceFlinger FrameTimeline: every app buffer (hwui frame or SurfaceView game buffer) becomes a
 * SurfaceFrame with the frame's vsync id as Token, grouped into the DisplayFrame of the vsync it is presented at.
 * A DisplayFrame enters the 64-frame ring ({@code kDefaultMaxDisplayFrames}) at that vsync, composed but with its
 * present not yet processed, and is classified (final) when a later display frame enters at or after its actual
 * present: SurfaceFlinger adds a display frame to the ring in {@code setSfPresent} and processes signalled present
 * fences only in a later {@code setSfPresent} ({@code flushPendingPresentFences}), so the newest display frame of the
 * ring is always pending, and the last one stays so while nothing is composed. Jank is classified
 * like {@code SurfaceFrame::classifyJankLocked} in simplified form: late present with late finish = App Deadline
 * Missed (plus the display frame's jank), late present with on-time finish = the display frame's jank, or Buffer
 * Stuffing; early present with on-time finish = SurfaceFlinger Scheduling. System faults come from
 * {@link FrameTimelineFaults}. Each SurfaceFrame is reported to the observer once, when its display frame is final.
 */
final class FrameTimelineRing {

    static final int MAX_DISPLAY_FRAMES = 64;
    /** SurfaceFlinger's {@code presentThreshold} (2 ms). */
    private static final long PRESENT_THRESHOLD = 2_000_000L;

    private final AndroidVersion version;
    private final VsyncClock clock;
    private final FrameTimelineFaults faults;
    private final FrameObserver observer;
    private final FrameTimelineFormatter formatter;
    private final ArrayDeque<TimelineDisplayFrame> ring = new ArrayDeque<>(MAX_DISPLAY_FRAMES);
    /** The newest display frames of the ring whose present is not processed yet (always the newest few). */
    private final ArrayDeque<TimelineDisplayFrame> notFinal = new ArrayDeque<>();
    /** SurfaceFrames waiting for their display frame's present, keyed by the vsync they present at. */
    private final TreeMap<Long, List<TimelineSurfaceFrame>> pending = new TreeMap<>();
    private final Map<String, Long> lastGamePresent = new java.util.HashMap<>();

    FrameTimelineRing(AndroidVersion version, VsyncClock clock, FrameTimelineFaults faults, FrameObserver observer) {
        this.version = version;
        this.clock = clock;
        this.faults = faults;
        this.observer = observer;
        this.formatter = new FrameTimelineFormatter(version);
    }

    /** FrameTimeline exists from Android 12. */
    boolean supported() {
        return version.major() >= 12;
    }

    /** A hwui frame of the app completed; it is presented at {@code frame.presentTime()}. */
    void hwuiFrame(int pid, String layerKey, String layerName, int layerId, HwuiFrame f) {
        if (!supported()) {
            return;
        }
        long v = f.intendedVsync();
        long p = clock.periodAt(v);
        long n = v / p;
        long x = f.presentTime();
        long dfJank = faults.displayFault(x / clock.periodAt(x));
        long expectedEnd = v + p;
        long expectedPresent = v + 2 * p;
        long actualStart = f.get(FrameColumn.FRAME_START_TIME) != 0 ? f.get(FrameColumn.FRAME_START_TIME) : v;
        long actualEnd = f.completionTime();
        if (faults.dropped(n)) {
            add(x, new TimelineSurfaceFrame(f.get(FrameColumn.FRAME_TIMELINE_VSYNC_ID), layerKey, layerName, layerId,
                    pid, rate(p), true, x - p, JankBits.NONE, false, false, x - p, v, expectedEnd, expectedPresent,
                    actualStart, actualEnd, 0));
            return;
        }
        long present = x + shift((int) dfJank, clock.periodAt(x)) + (faults.stuffed(n) ? p : 0);
        add(x, surfaceFrame(f.get(FrameColumn.FRAME_TIMELINE_VSYNC_ID), layerKey, layerName, layerId, pid, p,
                (int) dfJank, v, expectedEnd, expectedPresent, actualStart, actualEnd, present));
    }

    /** A SurfaceView (game) buffer was presented; its token is the vsync id it started on. */
    void gameFrame(int pid, String layerName, int layerId, LayerFrame f) {
        if (!supported()) {
            return;
        }
        long x = f.actualPresent();
        long p = clock.periodAt(x);
        Long prev = lastGamePresent.put(layerName, x);
        boolean hitch = prev != null && x - prev > 5 * p / 2;
        long expectedPresent = hitch ? prev + p : x;
        long expectedStart = expectedPresent - 2 * p;
        int dfJank = faults.displayFault(x / p);
        long present = x + shift(dfJank, p);
        add(x, surfaceFrame(expectedStart / 1_000_000L, "surfaceview", layerName, layerId, pid, p, dfJank,
                expectedStart, expectedPresent - p, expectedPresent, expectedStart, f.frameReady(), present));
    }

    /**
     * Moves every display frame whose vsync has come by {@code now} into the ring (dropping the oldest beyond 64), and
     * makes final, oldest first, those whose actual present a later display frame's entry came at or after.
     */
    void advanceTo(long now) {
        while (!pending.isEmpty() && pending.firstKey() <= now) {
            Map.Entry<Long, List<TimelineSurfaceFrame>> e = pending.pollFirstEntry();
            long x = e.getKey();
            long p = clock.periodAt(x);
            int dfJank = faults.displayFault(x / p);
            long actualPresent = x + shift(dfJank, p);
            // setSfPresent: fences signalled by now are processed first, then this display frame joins the ring
            while (!notFinal.isEmpty() && notFinal.peekFirst().actualPresent() <= x) {
                finalized(notFinal.pollFirst());
            }
            boolean lateFinish = dfJank == JankBits.SF_CPU_DEADLINE_MISSED || dfJank == JankBits.SF_GPU_DEADLINE_MISSED;
            long actualEnd = lateFinish ? x + p / 4 : x - p + p / 3;
            TimelineDisplayFrame d = new TimelineDisplayFrame(p, dfJank, actualPresent - x > PRESENT_THRESHOLD,
                    lateFinish, x - p, x - p / 2, x, x - p + 100_000L, actualEnd, actualPresent, e.getValue());
            if (ring.size() == MAX_DISPLAY_FRAMES) {
                TimelineDisplayFrame gone = ring.removeFirst();
                if (gone == notFinal.peekFirst()) {
                    notFinal.pollFirst(); // (only with 64 display frames pending: never in practice)
                }
            }
            ring.addLast(d);
            notFinal.addLast(d);
        }
    }

    /** A display frame's present was processed: its SurfaceFrames' verdicts are final (the truth). */
    private void finalized(TimelineDisplayFrame d) {
        for (TimelineSurfaceFrame s : d.surfaceFrames()) {
            observer.surfaceFrame(s.layerKey(), s.token(), s.ownerPid(), s.dropped() ? "Dropped" : "Presented",
                    JankBits.toString(formatter.printedJank(s), version));
        }
    }

    /** {@code dumpsys SurfaceFlinger --frametimeline <args>} at {@code now}. */
    String dump(List<String> args, long now) {
        advanceTo(now);
        return formatter.dump(args, new ArrayList<>(ring), notFinal.size());
    }

    /** How far a display fault moves the actual present: a vsync late, half a vsync (prediction error) or early. */
    private static long shift(int dfJank, long p) {
        return switch (dfJank) {
            case JankBits.NONE -> 0;
            case JankBits.PREDICTION_ERROR -> p / 2;
            case JankBits.SF_SCHEDULING -> -p;
            default -> p;
        };
    }

    private TimelineSurfaceFrame surfaceFrame(long token, String layerKey, String layerName, int layerId, int pid,
                                              long p, int dfJank, long expectedStart, long expectedEnd,
                                              long expectedPresent, long actualStart, long actualEnd, long present) {
        long delta = present - expectedPresent;
        boolean lateFinish = actualEnd > expectedEnd;
        boolean late = delta > PRESENT_THRESHOLD;
        boolean early = delta < -PRESENT_THRESHOLD;
        int jank;
        if (late) {
            if (lateFinish) {
                jank = JankBits.APP_DEADLINE_MISSED | dfJank;
            } else {
                jank = dfJank != JankBits.NONE ? dfJank : JankBits.BUFFER_STUFFING;
            }
        } else if (early) {
            jank = lateFinish ? JankBits.UNKNOWN : (Math.abs(delta) % p < PRESENT_THRESHOLD
                    || Math.abs(delta) % p >= p - PRESENT_THRESHOLD ? JankBits.SF_SCHEDULING : JankBits.PREDICTION_ERROR);
        } else {
            jank = JankBits.NONE;
        }
        return new TimelineSurfaceFrame(token, layerKey, layerName, layerId, pid, rate(p), false, 0, jank, late,
                lateFinish, present - p, expectedStart, expectedEnd, expectedPresent, actualStart, actualEnd, present);
    }

    private void add(long presentVsync, TimelineSurfaceFrame s) {
        pending.computeIfAbsent(presentVsync, k -> new ArrayList<>(2)).add(s);
    }

    private static int rate(long periodNs) {
        return (int) Math.round(1e9 / periodNs);
    }
}
