package io.fpsctl.engine.compare;

import java.util.Arrays;

/** The median of a sample: the middle value, or the mean of the two middle values. */
public final class Median {
    private Median() {
    }

    /** The median of a non-empty sample. */
    public static double of(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return ofSorted(sorted);
    }

    static double ofSorted(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
