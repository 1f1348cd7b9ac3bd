package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.TouchActivity;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The touches injected with {@code input swipe} and {@code input tap}: how many, and when (device clock) the
 * screen was touched. A touch-driven window ({@code scroll} scenario) renders only inside the spans kept here:
 * a swipe of D ms at t renders over [t, t + D + {@value #FLING_MS} ms) (the drag, then the list's fling), the
 * finger being down over [t, t + D); a tap at t renders over [t, t + {@value #TAP_MS} ms) (3 frames at 60 Hz).
 * Overlapping spans are merged; only the latest {@value #MAX_SPANS} are kept.
 */
final class TouchInput implements TouchActivity {
    /** How long the list keeps scrolling (flinging) after a swipe's finger lifts. */
    static final long FLING_MS = 300;
    /** How long a tap makes the app render (a pressed state's ripple): 3 vsyncs at 60 Hz. */
    static final long TAP_MS = 50;
    private static final int MAX_SPANS = 4096;

    /** [start, end) in ns, oldest first, disjoint and sorted. */
    private record Span(long start, long end) {
    }

    private final AtomicLong swipes = new AtomicLong();
    private final AtomicLong taps = new AtomicLong();
    private final Deque<Span> rendering = new ArrayDeque<>();
    private final Deque<Span> fingerDown = new ArrayDeque<>();

    void swipe(long nowNs, long durationMs) {
        swipes.incrementAndGet();
        long end = nowNs + durationMs * 1_000_000L;
        synchronized (this) {
            add(rendering, nowNs, end + FLING_MS * 1_000_000L);
            add(fingerDown, nowNs, end);
        }
    }

    void tap(long nowNs) {
        taps.incrementAndGet();
        long end = nowNs + TAP_MS * 1_000_000L;
        synchronized (this) {
            add(rendering, nowNs, end);
            add(fingerDown, nowNs, end);
        }
    }

    long swipes() {
        return swipes.get();
    }

    long taps() {
        return taps.get();
    }

    @Override
    public synchronized long renderingAtOrAfter(long t) {
        return atOrAfter(rendering, t);
    }

    /** Whether a finger is on the screen at {@code t} (a swipe's drag or a tap, not a fling). */
    synchronized boolean fingerDown(long t) {
        return atOrAfter(fingerDown, t) == t;
    }

    private static long atOrAfter(Deque<Span> spans, long t) {
        for (Span s : spans) {
            if (t < s.end) {
                return Math.max(t, s.start);
            }
        }
        return Long.MAX_VALUE;
    }

    /** Touches come in device-time order, so a new span can only overlap the last one. */
    private static void add(Deque<Span> spans, long start, long end) {
        Span last = spans.peekLast();
        if (last != null && start <= last.end) {
            spans.removeLast();
            spans.addLast(new Span(Math.min(last.start, start), Math.max(last.end, end)));
        } else {
            spans.addLast(new Span(start, end));
        }
        if (spans.size() > MAX_SPANS) {
            spans.removeFirst();
        }
    }
}
