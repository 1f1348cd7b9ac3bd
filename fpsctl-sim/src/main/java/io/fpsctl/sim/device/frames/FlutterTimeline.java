package io.fpsctl.sim.device.frames;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;

/**
 * The Flutter frames the simulated engine has produced, shared by the pieces that see them: the VM service
 * (which posts each frame once its raster finished), the {@code /proc} thread times ({@code 1.ui} is busy during
 * each frame's build, {@code 1.raster} during its raster) and the truth file. Frames are appended in order as the
 * generator makes them, possibly ahead of the device clock; readers only ever see what happened by "now".
 * Keeps the last {@link #RETAINED} frames (a VM service client that falls further behind loses the oldest, as a
 * real one would lose them to a closed socket) and running sums for the CPU times, so memory stays bounded on
 * long runs. Thread-safe: the device's shell threads and the VM service's socket thread read it.
 */
public final class FlutterTimeline {

    /** Frames kept for late readers: about a minute at 120 Hz. */
    public static final int RETAINED = 8_192;

    private final ArrayDeque<FlutterFrameTiming> frames = new ArrayDeque<>();
    private long uiAllNs;
    private long rasterAllNs;
    private long settledUpTo;
    private long generation;

    /** A frame the generator made. */
    public synchronized void append(FlutterFrameTiming f) {
        frames.addLast(f);
        uiAllNs += f.buildNs();
        rasterAllNs += f.rasterNs();
        if (frames.size() > RETAINED) {
            frames.removeFirst();
        }
    }

    /** The app process was replaced (crash, restart): a new engine, whose CPU times start at zero. */
    public synchronized void restart() {
        frames.clear();
        uiAllNs = 0;
        rasterAllNs = 0;
        settledUpTo = 0;
        generation++;
    }

    /** Counts restarts, so a VM service connection can tell that its engine is gone. */
    public synchronized long generation() {
        return generation;
    }

    /** Frames whose raster finished by {@code now} and whose number is above {@code after}, oldest first, at most {@code max}. */
    public synchronized List<FlutterFrameTiming> finishedAfter(long after, long now, int max) {
        List<FlutterFrameTiming> out = new ArrayList<>();
        for (FlutterFrameTiming f : frames) {
            if (out.size() >= max || f.rasterFinish() > now) {
                break;
            }
            if (f.number() > after) {
                out.add(f);
            }
        }
        return out;
    }

    /**
     * CPU time of the UI and raster threads by {@code now}: every appended frame's build and raster time, less
     * the parts still in the future (only the last few frames can have them).
     *
     * @return {ui ns, raster ns}
     */
    public synchronized long[] busyNs(long now) {
        long ui = uiAllNs;
        long raster = rasterAllNs;
        Iterator<FlutterFrameTiming> back = frames.descendingIterator();
        while (back.hasNext()) {
            FlutterFrameTiming f = back.next();
            if (f.rasterFinish() <= now && f.buildFinish() <= now) {
                break;
            }
            ui -= f.buildNs() - overlap(f.buildStart(), f.buildFinish(), now);
            raster -= f.rasterNs() - overlap(f.rasterStart(), f.rasterFinish(), now);
        }
        return new long[] {ui, raster};
    }

    /** Hands each frame presented by {@code now} (and not handed before) to {@code sink}, once: the truth. */
    public synchronized void settle(long now, Consumer<FlutterFrameTiming> sink) {
        for (FlutterFrameTiming f : frames) {
            if (f.actualPresent() > now) {
                break;
            }
            if (f.number() > settledUpTo) {
                settledUpTo = f.number();
                sink.accept(f);
            }
        }
    }

    private static long overlap(long from, long to, long now) {
        return Math.max(0, Math.min(to, now) - from);
    }
}
