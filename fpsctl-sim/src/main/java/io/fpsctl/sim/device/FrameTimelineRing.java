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
 * A DisplayFrame enters the 64-frame ring ({@code kDefaultMaxDisplayFrames}, {@code FrameTimeline.h} 12–16) at that
 * vsync, composed but with its present not yet processed, and is classified (final) when a later display frame
 * enters at or after its actual present: SurfaceFlinger adds a display frame to the ring in {@code setSfPresent} and
 * processes signalled present fences only in a later {@code setSfPresent} ({@code flushPendingPresentFences}), so the
 * newest display frame of the ring is always pending, and the last one stays so while nothing is composed.
 * SurfaceFrames are classified by {@link SurfaceFrameClassifier} (a port of {@code SurfaceFrame::classifyJankLocked}
 * per version); system faults come from {@link FrameTimelineFaults}.
 *
 * <p>Besides each buffer, as on a device:
 * <ul>
 *   <li>the layer's previous latch time is tracked, so {@code Buffer Stuffing} appears only when the previous buffer
 *       was latched at or after this one's deadline (a "stuffed" fault makes it so: that buffer is then presented a
 *       vsync late); other late presents of an on-time frame are the system's;</li>
 *   <li>a buffer presented so long after its vsync that the {@code TokenManager} evicted its predictions (it keeps
 *       {@code kMaxTokens} = 500 tokens) has {@code Prediction State : Expired}. How many tokens a vsync costs is
 *       inferred: on 12/12L {@code EventThread::onVSyncEvent} makes one per vsync, and SurfaceFlinger one for its own
 *       frame (2); from 13 {@code EventThread::dispatchEvent} makes {@code generateFrameTimeline}'s 7
 *       ({@code VsyncEventData::kFrameTimelinesLength}/{@code Capacity}) for every consumer — the simulated device
 *       has two (the app and SystemUI) — plus SurfaceFlinger's (15). Predictions thus expire 250 vsyncs (12) or 33
 *       vsyncs (13+) after the vsync;</li>
 *   <li>an app with a SurfaceView moves its container layer in the same transaction as every 4th hwui frame: a
 *       bufferless SurfaceFrame ({@code Is Buffer?: 0}) with the frame's Token and pid on the layer
 *       {@code SurfaceView[<title>]} (inferred: SurfaceView applies its geometry with the frame's transaction).</li>
 * </ul>
 * No bufferless SurfaceFrame without a vsync id is printed: {@code SurfaceFlinger::setClientStateLocked} makes a
 * bufferless SurfaceFrame only {@code if (frameTimelineInfo.vsyncId != INVALID_VSYNC_ID)} (frameworks/native
 * {@code services/surfaceflinger/SurfaceFlinger.cpp}, android-12.0.0_r1 … android-16.0.0_r2); {@code Token: -1}
 * with {@code Prediction State : None} comes only from a buffer queued without a frame timeline
 * ({@code Layer::setBuffer} → {@code createSurfaceFrameForBuffer}, {@code Is Buffer?: 1}), which hwui never does
 * on 12+.
 * Every simulated app's layers are BLAST/BufferState layers on 12+ (ViewRootImpl's BLAST adapter and SurfaceView's
 * {@code (BLAST)} child), so every SurfaceFrame is named {@code "TX - "} + the layer's name ({@code Layer.h}
 * {@code mTransactionName}, passed by {@code Layer::createSurfaceFrameForBuffer} / {@code ForTransaction} in
 * {@code Layer.cpp}, android-12.0.0_r1 … android-16.0.0_r2); none uses the legacy {@code BufferQueueLayer} of 12/13,
 * whose SurfaceFrames carry the plain name ({@code BufferQueueLayer.cpp}). Each SurfaceFrame is reported to the
 * observer once, when its display frame is final.
 */
final class FrameTimelineRing {

    static final int MAX_DISPLAY_FRAMES = 64;
    /** {@code Layer.h}: {@code mTransactionName{"TX - " + mName}}. */
    static final String TRANSACTION_PREFIX = "TX - ";
    /** SurfaceFlinger's {@code presentThreshold} (2 ms). */
    private static final long PRESENT_THRESHOLD = SurfaceFrameClassifier.PRESENT_THRESHOLD;
    /** {@code TokenManager::kMaxTokens}. */
    private static final int MAX_TOKENS = 500;
    private static final int BUFFERLESS_EVERY = 4;

    /** A layer of the app as SurfaceFlinger knows it: the truth's key, its name and sequence id. */
    record Layer(String key, String name, int id) {
    }

    private final AndroidVersion version;
    private final VsyncClock clock;
    private final FrameTimelineFaults faults;
    private final FrameObserver observer;
    private final FrameTimelineFormatter formatter;
    private final SurfaceFrameClassifier classifier;
    private final ArrayDeque<TimelineDisplayFrame> ring = new ArrayDeque<>(MAX_DISPLAY_FRAMES);
    /** The newest display frames of the ring whose present is not processed yet (always the newest few). */
    private final ArrayDeque<TimelineDisplayFrame> notFinal = new ArrayDeque<>();
    /** SurfaceFrames waiting for their display frame's present, keyed by the vsync they present at. */
    private final TreeMap<Long, List<TimelineSurfaceFrame>> pending = new TreeMap<>();
    private final Map<String, Long> lastGamePresent = new java.util.HashMap<>();
    /** Each layer's latch time of its last presented buffer ({@code Layer::mLastLatchTime}). */
    private final Map<String, Long> lastLatch = new java.util.HashMap<>();
    /** Where {@code DisplayFrame::trace} writes: the running Perfetto sessions; none by default. */
    private Traced traced = (d, at) -> { };

    /** Receives each display frame as SurfaceFlinger traces it, with the time it did. */
    @FunctionalInterface
    interface Traced {
        void displayFrame(TimelineDisplayFrame d, long writtenAt);
    }

    FrameTimelineRing(AndroidVersion version, VsyncClock clock, FrameTimelineFaults faults, FrameObserver observer) {
        this.version = version;
        this.clock = clock;
        this.faults = faults;
        this.observer = observer;
        this.formatter = new FrameTimelineFormatter(version);
        this.classifier = new SurfaceFrameClassifier(version);
    }

    /**
     * Sends each display frame to {@code traced} when its present fence is processed: SurfaceFlinger's
     * {@code FrameTimeline::flushPendingPresentFences} calls {@code DisplayFrame::trace} right after
     * {@code onPresent} (frameworks/native {@code services/surfaceflinger/FrameTimeline/FrameTimeline.cpp},
     * lineage-19.1 = android-12.1.0_r7 … lineage-22.0 = Android 15), which is when this ring makes it final.
     */
    void traceTo(Traced traced) {
        this.traced = traced;
    }

    /** FrameTimeline exists from Android 12. */
    boolean supported() {
        return version.major() >= 12;
    }

    /** Vsyncs after which a token's predictions are evicted (see the class comment; inferred). */
    private int expiryVsyncs() {
        return MAX_TOKENS / (version.major() == 12 ? 2 : 2 * 7 + 1);
    }

    /**
     * A hwui frame of the app completed; it is presented at {@code frame.presentTime()}.
     *
     * @param container the app's SurfaceView container layer, whose geometry goes with some frames; null when none
     */
    void hwuiFrame(int pid, Layer layer, Layer container, HwuiFrame f) {
        if (!supported()) {
            return;
        }
        long v = f.intendedVsync();
        long p = clock.periodAt(v);
        long n = v / p;
        long x = f.presentTime();
        long token = f.get(FrameColumn.FRAME_TIMELINE_VSYNC_ID);
        boolean expired = x - v > expiryVsyncs() * p;
        PredictionState prediction = expired ? PredictionState.EXPIRED : PredictionState.VALID;
        // the predictions of the frame's vsync: app deadline one vsync after it, present one more (0 when evicted)
        long expectedStart = expired ? 0 : v;
        long expectedEnd = expired ? 0 : v + p;
        long expectedPresent = expired ? 0 : v + 2 * p;
        long actualStart = f.get(FrameColumn.FRAME_START_TIME) != 0 ? f.get(FrameColumn.FRAME_START_TIME) : v;
        long actualEnd = f.completionTime();
        long previousLatch = lastLatch.getOrDefault(layer.key(), 0L);
        if (faults.dropped(n)) {
            long present = x + shift(faults.displayFault(x / clock.periodAt(x)), clock.periodAt(x));
            SurfaceFrameClassifier.Verdict verdict = classifier.classify(prediction, true,
                    faults.displayFault(x / clock.periodAt(x)), p, previousLatch, expectedEnd, expectedPresent,
                    actualEnd, present);
            add(x, new TimelineSurfaceFrame(token, layer.key(), TRANSACTION_PREFIX + layer.name(), layer.id(), pid,
                    true, prediction, true, x - p, verdict, previousLatch, expectedStart, expectedEnd,
                    expectedPresent, actualStart, actualEnd, 0));
            return; // a dropped buffer is not latched: the layer's last latch stays
        }
        boolean stuffed = faults.stuffed(n) && !expired;
        long presentVsync = stuffed ? x + p : x;
        if (stuffed) {
            previousLatch = Math.max(previousLatch, expectedEnd); // the previous buffer held the queue past the deadline
        }
        long pv = clock.periodAt(presentVsync);
        int dfJank = faults.displayFault(presentVsync / pv);
        long present = presentVsync + shift(dfJank, pv);
        if (container != null && n % BUFFERLESS_EVERY == 0 && !expired) {
            long posted = f.get(FrameColumn.SWAP_BUFFERS); // merged into the frame's transaction
            add(presentVsync, new TimelineSurfaceFrame(token, container.key(), TRANSACTION_PREFIX + container.name(),
                    container.id(), pid, false, PredictionState.VALID, false, 0,
                    classifier.classify(PredictionState.VALID, false, dfJank, p, 0, expectedEnd, expectedPresent,
                            posted, present), 0, expectedStart, expectedEnd, expectedPresent, 0, posted, present));
        }
        add(presentVsync, new TimelineSurfaceFrame(token, layer.key(), TRANSACTION_PREFIX + layer.name(), layer.id(),
                pid, true, prediction, false, 0, classifier.classify(prediction, false, dfJank, p, previousLatch,
                expectedEnd, expectedPresent, actualEnd, present), previousLatch, expectedStart, expectedEnd,
                expectedPresent, actualStart, actualEnd, present));
        lastLatch.put(layer.key(), presentVsync - pv); // latched for the composition one vsync before its present
    }

    /** A SurfaceView (game) buffer was presented; its token is the vsync id it started on. */
    void gameFrame(int pid, Layer layer, LayerFrame f) {
        if (!supported()) {
            return;
        }
        long x = f.actualPresent();
        long p = clock.periodAt(x);
        Long prev = lastGamePresent.put(layer.name(), x);
        boolean hitch = prev != null && x - prev > 5 * p / 2;
        long expectedPresent = hitch ? prev + p : x;
        long expectedStart = expectedPresent - 2 * p;
        long expectedEnd = expectedPresent - p;
        int dfJank = faults.displayFault(x / p);
        long present = x + shift(dfJank, p);
        long previousLatch = lastLatch.getOrDefault(layer.key(), 0L);
        add(x, new TimelineSurfaceFrame(expectedStart / 1_000_000L, layer.key(), TRANSACTION_PREFIX + layer.name(),
                layer.id(), pid, true, PredictionState.VALID, false, 0,
                classifier.classify(PredictionState.VALID, false, dfJank, p, previousLatch, expectedEnd,
                        expectedPresent, f.frameReady(), present), previousLatch, expectedStart, expectedEnd,
                expectedPresent, expectedStart, f.frameReady(), present));
        lastLatch.put(layer.key(), x - p);
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
                TimelineDisplayFrame done = notFinal.pollFirst();
                finalized(done);
                traced.displayFrame(done, x);
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
            observer.surfaceFrame(new SurfaceFrameTruth(s.layerKey(), s.token(), s.ownerPid(), s.buffer(),
                    s.prediction().printed(), s.dropped() ? "Dropped" : "Presented",
                    JankBits.toString(s.jank(), version), s.verdict().finishMetadata()));
        }
    }

    /** {@code dumpsys SurfaceFlinger --frametimeline <args>} at {@code now}. */
    String dump(List<String> args, long now) {
        advanceTo(now);
        if (args.contains("-all")) {
            // the truth of what this dump lets a reader join: the final display frames' buffer SurfaceFrames (the
            // newest notFinal.size() are printed with their present not processed, their verdicts unknown)
            List<String> shown = new ArrayList<>();
            int finalFrames = ring.size() - notFinal.size();
            int i = 0;
            for (TimelineDisplayFrame d : ring) {
                if (i++ >= finalFrames) {
                    break;
                }
                for (TimelineSurfaceFrame s : d.surfaceFrames()) {
                    if (s.buffer()) {
                        shown.add(s.layerKey() + ":" + s.token());
                    }
                }
            }
            observer.frameTimelineDump(now, shown);
        }
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

    private void add(long presentVsync, TimelineSurfaceFrame s) {
        pending.computeIfAbsent(presentVsync, k -> new ArrayList<>(2)).add(s);
    }
}
