package io.fpsctl.engine;

import java.util.List;
import java.util.function.Consumer;

/**
 * Live windows (docs/metrics.md section 4): counted frames grouped into consecutive windows of {@code --window} on
 * one device-time grid. A frame lands in the window of its own timestamp: the window in progress or the one
 * before it (kept open so that a second window's or layer's older frames of the same poll still land where they
 * belong, never in a later window); an older frame is late and only counts in the summary. Windows close when a
 * frame two windows later arrives or when the device clock passes their end ({@link #advanceTo}). A jump (an idle
 * app, a bogus far-future timestamp) emits at most {@value #MAX_IDLE_WINDOWS} idle windows and then one idle
 * gap window up to the new position, so no timestamp can create more than a handful of windows.
 */
final class LiveWindows {
    /** Idle windows emitted one by one before the rest of a jump becomes one idle gap window. */
    static final int MAX_IDLE_WINDOWS = 3;
    /** A frame this many windows older than the open ones moves the grid back (the timeline started over). */
    static final int REANCHOR_WINDOWS = 60;

    private final Source source;
    private final long windowNs;
    private final Consumer<LiveWindow> out;
    private long origin = Long.MIN_VALUE;
    /** The window in progress and its accumulator. */
    private long index;
    private StatsAccumulator current;
    /** The window before it while still open, else null. */
    private StatsAccumulator previous;

    LiveWindows(Source source, long windowNs, Consumer<LiveWindow> out) {
        this.source = source;
        this.windowNs = windowNs;
        this.out = out;
    }

    void add(FrameResult r) {
        if (origin == Long.MIN_VALUE) {
            begin(r.time);
        }
        long idx = indexOf(r.time);
        if (idx > index) {
            moveTo(idx);
        }
        if (idx == index) {
            current.add(r);
        } else if (idx == index - 1 && previous != null) {
            previous.add(r);
        } else if (idx < index - REANCHOR_WINDOWS) {
            close();
            begin(r.time);
            current.add(r);
        }
        // else: late for its window, which is closed; the summary still counts it
    }

    /** Closes (and emits, idle when empty) every window that ends at or before {@code deviceNowNs}. */
    void advanceTo(long deviceNowNs) {
        if (origin == Long.MIN_VALUE) {
            begin(deviceNowNs);
            return;
        }
        if (previous != null && end(index - 1) <= deviceNowNs) {
            emit(index - 1, end(index - 1), previous);
            previous = null;
        }
        if (end(index) <= deviceNowNs) {
            long now = indexOf(deviceNowNs);
            if (previous != null) {
                emit(index - 1, end(index - 1), previous);
                previous = null;
            }
            emit(index, end(index), current);
            idleUntil(index + 1, now);
            index = now;
            current = new StatsAccumulator(source);
        }
    }

    /** Emits every open window (end of capture) and forgets the grid. */
    void close() {
        if (origin == Long.MIN_VALUE) {
            return;
        }
        if (previous != null) {
            emit(index - 1, end(index - 1), previous);
        }
        emit(index, end(index), current);
        previous = null;
        current = null;
        origin = Long.MIN_VALUE;
    }

    private void begin(long time) {
        origin = time;
        index = 0;
        current = new StatsAccumulator(source);
        previous = null;
    }

    /** The window {@code idx} becomes the one in progress; {@code idx − 1} stays open. */
    private void moveTo(long idx) {
        if (idx == index + 1) {
            if (previous != null) {
                emit(index - 1, end(index - 1), previous);
            }
            previous = current;
        } else {
            if (previous != null) {
                emit(index - 1, end(index - 1), previous);
            }
            emit(index, end(index), current);
            idleUntil(index + 1, idx - 1);
            previous = new StatsAccumulator(source);
        }
        index = idx;
        current = new StatsAccumulator(source);
    }

    /** Emits the idle windows {@code from} … {@code to − 1}: a few one by one, the rest as one gap window. */
    private void idleUntil(long from, long to) {
        long i = from;
        for (; i < to && i < from + MAX_IDLE_WINDOWS; i++) {
            emit(i, end(i), new StatsAccumulator(source));
        }
        if (i < to) {
            emit(i, start(to), new StatsAccumulator(source));
        }
    }

    private void emit(long i, long endNs, StatsAccumulator a) {
        out.accept(new LiveWindow(i, start(i), endNs, a.toSummary(null, null, List.of(), List.of(), 0)));
    }

    private long indexOf(long time) {
        return Math.floorDiv(time - origin, windowNs);
    }

    private long start(long i) {
        return origin + i * windowNs;
    }

    private long end(long i) {
        return start(i) + windowNs;
    }
}
