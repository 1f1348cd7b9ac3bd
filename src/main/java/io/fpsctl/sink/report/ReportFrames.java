package io.fpsctl.sink.report;

import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.LiveWindow;
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
 * its drop level and its window, in compact columns (about 15 bytes a frame, so a million frames fit easily);
 * the closed live windows (fps over time); the stage means of slow frames; and the worst frames.
 */
public final class ReportFrames implements FrameEngine.Listener {
    /** How many of the slowest frames the report lists. */
    public static final int WORST = 20;

    /** One of the slowest frames. */
    public record WorstFrame(long timeNs, String window, double durationMs, long dropped, String dropLevel,
                             String mainCause, double[] stagesMs) {
    }

    /** One closed live window: its start on the frame timeline and its fps (null when idle). */
    public record Window(long startNs, long endNs, long frames, Double fps) {
    }

    private long[] time = new long[1024];
    private float[] durationMs = new float[1024];
    private byte[] level = new byte[1024];
    private short[] window = new short[1024];
    private int size;
    private final List<String> windowNames = new ArrayList<>();
    private final Map<String, Integer> windowIndex = new HashMap<>();
    private final List<Window> live = new ArrayList<>();
    private final double[] slowStageSum = new double[Stage.count()];
    private final long[] slowStageCount = new long[Stage.count()];
    private long slowFrames;
    private final PriorityQueue<WorstFrame> worst =
            new PriorityQueue<>(Comparator.comparingDouble(WorstFrame::durationMs));

    @Override
    public void frame(FrameResult r) {
        if (size == time.length) {
            int n = size * 2;
            time = Arrays.copyOf(time, n);
            durationMs = Arrays.copyOf(durationMs, n);
            level = Arrays.copyOf(level, n);
            window = Arrays.copyOf(window, n);
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

    @Override
    public void window(LiveWindow w) {
        live.add(new Window(w.startNs(), w.endNs(), w.stats().frames(), w.stats().idle() ? null : w.stats().fps()));
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
