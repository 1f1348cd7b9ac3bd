package io.fpsctl.sink.report;

import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.FrameTimelineVerdict;
import io.fpsctl.engine.LiveWindow;
import io.fpsctl.engine.ResourceUsage;
import io.fpsctl.engine.Stage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * An engine listener that keeps what the HTML report draws of every counted frame: its time, its frame time,
 * its drop level, its window and its FrameTimeline verdict (docs/metrics.md 10), in compact columns (about 16 bytes a
 * frame, so a million frames fit easily); the closed live windows (fps over time); the stage means of slow frames;
 * and the worst frames.
 *
 * <p>Verdicts arrive after their frames ({@link FrameEngine.Listener#frameTimeline}), keyed on the engine's frame
 * sequence. The frames that await one come from a single engine in sequence order (with {@code --source auto} the
 * SurfaceFlinger engine's frames, which await none, are interleaved), so the sequence → frame index map is kept
 * as runs of consecutive sequences: one run for a plain capture.
 */
public final class ReportFrames implements FrameEngine.Listener {
    /** How many of the slowest frames the report lists. */
    public static final int WORST = 20;
    /** {@link #frameTimeline(int)}: no verdict (none awaited, or none came). */
    public static final byte FT_NONE = 0;
    /** {@link #frameTimeline(int)}: no SurfaceFrame joined the frame. */
    public static final byte FT_UNATTRIBUTED = 1;
    /** {@link #frameTimeline(int)}: joined, neither app nor system jank (buffer stuffing alone included). */
    public static final byte FT_ON_TIME = 2;
    /** {@link #frameTimeline(int)}: joined, the app was late ({@code appDeadlineMissed}). */
    public static final byte FT_APP_JANK = 3;
    /** {@link #frameTimeline(int)}: joined, janky for another reason than the app. */
    public static final byte FT_SYSTEM_JANK = 4;

    /** One of the slowest frames. */
    public record WorstFrame(long timeNs, String window, double durationMs, long dropped, String dropLevel,
                             String mainCause, double[] stagesMs) {
    }

    /**
     * One closed live window: its start on the frame timeline, its fps (null when idle) and what the app and the
     * device did in it (docs/metrics.md section 13; null when not read, e.g. a saved dump).
     */
    public record Window(long startNs, long endNs, long frames, Double fps, ResourceUsage resources) {
    }

    private long[] time = new long[1024];
    private float[] durationMs = new float[1024];
    private byte[] level = new byte[1024];
    private short[] window = new short[1024];
    private byte[] ft = new byte[1024];
    private int size;
    /** Runs of awaiting frames: sequence of the first, its frame index, length; {@code runs} in use. */
    private long[] runSequence = new long[4];
    private int[] runIndex = new int[4];
    private int[] runLength = new int[4];
    private int runs;
    private final long[] verdicts = new long[FT_SYSTEM_JANK + 1];
    private final List<String> windowNames = new ArrayList<>();
    private final Map<String, Integer> windowIndex = new HashMap<>();
    private final List<Window> live = new ArrayList<>();
    private final double[] slowStageSum = new double[Stage.count()];
    private final long[] slowStageCount = new long[Stage.count()];
    private long slowFrames;
    private final PriorityQueue<WorstFrame> worst =
            new PriorityQueue<>(Comparator.comparingDouble(WorstFrame::durationMs));

    /** A Flutter app's split per frame (docs/metrics.md 16), or null. */
    private ReportFlutter flutter;

    /** Attaches a Flutter app's split per frame, read from the same frames.csv (null: none). */
    public void flutter(ReportFlutter f) {
        this.flutter = f;
    }

    /** A Flutter app's split per frame, or null. */
    public ReportFlutter flutter() {
        return flutter;
    }

    @Override
    public void frame(FrameResult r) {
        if (size == time.length) {
            int n = size * 2;
            time = Arrays.copyOf(time, n);
            durationMs = Arrays.copyOf(durationMs, n);
            level = Arrays.copyOf(level, n);
            window = Arrays.copyOf(window, n);
            ft = Arrays.copyOf(ft, n);
        }
        if (r.awaitsVerdict()) {
            awaits(r.sequence(), size);
        }
        double ms = r.duration() < 0 ? Double.NaN : r.duration() / 1e6;
        time[size] = r.time();
        durationMs[size] = r.timed() ? (float) ms : Float.NaN;
        level[size] = r.timed() ? (byte) r.dropLevel().ordinal() : -1;
        window[size] = (short) windowIndex.computeIfAbsent(r.window(), w -> {
            windowNames.add(w);
            return windowNames.size() - 1;
        }).intValue();
        size++;
        if (!r.timed()) {
            return;
        }
        if (r.slow()) {
            slowFrames++;
            for (Stage s : Stage.all()) {
                long v = r.stage(s);
                if (v >= 0) {
                    slowStageSum[s.ordinal()] += v / 1e6;
                    slowStageCount[s.ordinal()]++;
                }
            }
        }
        if (worst.size() < WORST || ms > worst.peek().durationMs()) {
            double[] stages = new double[Stage.count()];
            for (Stage s : Stage.all()) {
                long v = r.stage(s);
                stages[s.ordinal()] = v < 0 ? Double.NaN : v / 1e6;
            }
            worst.add(new WorstFrame(r.time(), r.window(), ms, r.dropped(), r.dropLevel().key(),
                    r.mainCauseKey(), stages));
            if (worst.size() > WORST) {
                worst.poll();
            }
        }
    }

    /** Frame {@code index} (sequence {@code sequence}) awaits a verdict: extends the last run or opens one. */
    private void awaits(long sequence, int index) {
        int last = runs - 1;
        if (last >= 0 && runSequence[last] + runLength[last] == sequence && runIndex[last] + runLength[last] == index) {
            runLength[last]++;
            return;
        }
        if (runs == runSequence.length) {
            runSequence = Arrays.copyOf(runSequence, runs * 2);
            runIndex = Arrays.copyOf(runIndex, runs * 2);
            runLength = Arrays.copyOf(runLength, runs * 2);
        }
        runSequence[runs] = sequence;
        runIndex[runs] = index;
        runLength[runs] = 1;
        runs++;
    }

    /** The frame index of the awaiting frame numbered {@code sequence}, or −1 when none is. */
    private int indexOf(long sequence) {
        int lo = 0;
        int hi = runs - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (runSequence[mid] > sequence) {
                hi = mid - 1;
            } else if (runSequence[mid] + runLength[mid] <= sequence) {
                lo = mid + 1;
            } else {
                return runIndex[mid] + (int) (sequence - runSequence[mid]);
            }
        }
        return -1;
    }

    @Override
    public void frameTimeline(long sequence, FrameTimelineVerdict v) {
        int i = indexOf(sequence);
        if (i < 0 || ft[i] != FT_NONE) {
            return; // not a frame this listener saw await a verdict
        }
        byte code = !v.attributed() ? FT_UNATTRIBUTED : v.appJank() ? FT_APP_JANK : v.systemJank() ? FT_SYSTEM_JANK
                : FT_ON_TIME;
        ft[i] = code;
        verdicts[code]++;
    }

    @Override
    public void window(LiveWindow w) {
        live.add(new Window(w.startNs(), w.endNs(), w.stats().frames(), w.stats().idle() ? null : w.stats().fps(),
                w.resources()));
    }

    @Override
    public boolean wantsWindows() {
        return true;
    }

    /** Counted frames seen. */
    public int size() {
        return size;
    }

    /** IntendedVsync (rendered) or actualPresent (presented) of frame {@code i}, ns. */
    public long timeNs(int i) {
        return time[i];
    }

    /** Frame time of frame {@code i} in ms (duration or gap); NaN when the frame is not timed. */
    public float durationMs(int i) {
        return durationMs[i];
    }

    /** {@link io.fpsctl.engine.DropLevel#ordinal()} of frame {@code i}; −1 when the frame is not timed. */
    public byte level(int i) {
        return level[i];
    }

    /** Index into {@link #windowNames()} of frame {@code i}. */
    public int window(int i) {
        return window[i];
    }

    /** The FrameTimeline verdict of frame {@code i}: one of the {@code FT_} codes. */
    public byte frameTimeline(int i) {
        return ft[i];
    }

    /** How many frames have FrameTimeline code {@code code} ({@link #FT_UNATTRIBUTED} … {@link #FT_SYSTEM_JANK}). */
    public long frameTimelineCount(byte code) {
        return verdicts[code];
    }

    /** True when at least one frame got a FrameTimeline verdict. */
    public boolean hasFrameTimeline() {
        for (int c = FT_UNATTRIBUTED; c <= FT_SYSTEM_JANK; c++) {
            if (verdicts[c] > 0) {
                return true;
            }
        }
        return false;
    }

    public List<String> windowNames() {
        return Collections.unmodifiableList(windowNames);
    }

    /** The closed live windows in order. */
    public List<Window> liveWindows() {
        return Collections.unmodifiableList(live);
    }

    /** Slow frames (duration > S) among the timed frames. */
    public long slowFrames() {
        return slowFrames;
    }

    /** Mean span of {@code stage} over the slow frames that have it, in ms; null when none has it. */
    public Double slowStageMs(Stage stage) {
        long n = slowStageCount[stage.ordinal()];
        return n == 0 ? null : slowStageSum[stage.ordinal()] / n;
    }

    /** The slowest timed frames, slowest first. */
    public List<WorstFrame> worstFrames() {
        List<WorstFrame> list = new ArrayList<>(worst);
        list.sort(Comparator.comparingDouble(WorstFrame::durationMs).reversed());
        return list;
    }
}
