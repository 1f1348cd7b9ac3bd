package io.fpsctl.sim.device.frames;

import java.util.ArrayList;
import java.util.List;

/**
 * The display's vsync grid: vsyncs at {@code anchor + k * period}, where refresh-rate changes start a new
 * grid on the first old-grid vsync at or after the requested switch time. Pure arithmetic; memory is one
 * entry per refresh change.
 */
public final class VsyncClock {

    private record Segment(long startNs, long periodNs) {
    }

    private final List<Segment> segments = new ArrayList<>();

    /**
     * @param startNs     a vsync time (the grid anchor)
     * @param refreshHz   initial refresh rate
     */
    public VsyncClock(long startNs, int refreshHz) {
        segments.add(new Segment(startNs, periodForHz(refreshHz)));
    }

    /** The period HWC reports for a refresh rate: {@code 1e9 / hz} truncated (60 → 16666666, 144 → 6944444). */
    public static long periodForHz(int hz) {
        if (hz <= 0 || hz > 1000) {
            throw new IllegalArgumentException("refresh rate out of range: " + hz);
        }
        return 1_000_000_000L / hz;
    }

    /** Adds a refresh switch at {@code atNs} (must be after earlier switches). */
    public void switchRefresh(long atNs, int hz) {
        Segment last = segments.get(segments.size() - 1);
        if (atNs <= last.startNs) {
            throw new IllegalArgumentException("refresh switches must be in time order");
        }
        long start = alignUp(last, atNs);
        segments.add(new Segment(start, periodForHz(hz)));
    }

    /** The vsync period in effect at {@code t}. */
    public long periodAt(long t) {
        return segmentAt(t).periodNs;
    }

    /** The refresh rate (Hz, rounded) in effect at {@code t}. */
    public int refreshHzAt(long t) {
        return (int) Math.round(1e9 / periodAt(t));
    }

    /** All refresh rates this clock will ever use, in order of first use. */
    public List<Integer> refreshRates() {
        List<Integer> out = new ArrayList<>();
        for (Segment s : segments) {
            int hz = (int) Math.round(1e9 / s.periodNs);
            if (!out.contains(hz)) {
                out.add(hz);
            }
        }
        return out;
    }

    /** The first vsync at or after {@code t}. */
    public long vsyncAtOrAfter(long t) {
        for (int i = 0; i < segments.size(); i++) {
            Segment s = segments.get(i);
            boolean last = i == segments.size() - 1;
            long next = last ? Long.MAX_VALUE : segments.get(i + 1).startNs;
            if (t < next || last) {
                long v = t <= s.startNs ? s.startNs : alignUp(s, t);
                if (!last && v >= next) {
                    return next;
                }
                return v;
            }
        }
        throw new IllegalStateException("unreachable");
    }

    /** The first vsync strictly after {@code t}. */
    public long vsyncAfter(long t) {
        return vsyncAtOrAfter(t + 1);
    }

    private Segment segmentAt(long t) {
        Segment found = segments.get(0);
        for (Segment s : segments) {
            if (s.startNs <= t) {
                found = s;
            }
        }
        return found;
    }

    private static long alignUp(Segment s, long t) {
        long k = Math.floorDiv(t - s.startNs + s.periodNs - 1, s.periodNs);
        return s.startNs + k * s.periodNs;
    }
}
