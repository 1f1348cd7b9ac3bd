package io.fpsctl.engine;

import java.util.HashMap;
import java.util.Map;

/**
 * docs/metrics.md section 2 for saved gfxinfo dumps without an interval column: T is the smallest positive
 * difference between consecutive counted frames' IntendedVsync values (per window) that occurs at least 3 times,
 * provided it lies between 4 ms and 50 ms.
 */
final class VsyncGrid {
    static final long MIN_NS = 4_000_000L;
    static final long MAX_NS = 50_000_000L;
    static final int MIN_OCCURRENCES = 3;

    private final Map<Long, Integer> counts = new HashMap<>();

    /** The difference between two consecutive counted frames of one window. */
    void difference(long ns) {
        if (ns > 0) {
            counts.merge(ns, 1, Integer::sum);
        }
    }

    /** The inferred period in ns, or 0 when no difference in range occurred often enough. */
    long periodNs() {
        long best = 0;
        for (Map.Entry<Long, Integer> e : counts.entrySet()) {
            if (e.getValue() >= MIN_OCCURRENCES && (best == 0 || e.getKey() < best)) {
                best = e.getKey();
            }
        }
        return best >= MIN_NS && best <= MAX_NS ? best : 0;
    }
}
