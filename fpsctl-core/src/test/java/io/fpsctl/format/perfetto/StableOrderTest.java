package io.fpsctl.format.perfetto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link StableOrder} against the JDK's stable object sort, on random keys with many ties, sorted and reversed runs. */
class StableOrderTest {

    private static int[] reference(long[] key, int n) {
        Integer[] idx = new Integer[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, Comparator.comparingLong(i -> key[i])); // a merge sort: stable (Arrays.sort(Object[]))
        return Arrays.stream(idx).mapToInt(Integer::intValue).toArray();
    }

    @Test
    void ordersByKeyWithTiesInIndexOrder() {
        SplittableRandom r = new SplittableRandom(7);
        for (int round = 0; round < 300; round++) {
            int n = r.nextInt(0, 3000);
            long[] key = new long[n + r.nextInt(3)]; // longer than n: only the first n count
            int shape = round % 4;
            for (int i = 0; i < key.length; i++) {
                key[i] = switch (shape) {
                    case 0 -> r.nextInt(20);                       // many ties
                    case 1 -> r.nextLong();                        // any long, negatives too
                    case 2 -> i;                                   // already sorted
                    default -> key.length - i + r.nextInt(3);     // nearly reversed
                };
            }
            assertArrayEquals(reference(key, n), StableOrder.byKey(key, n), "round " + round);
        }
    }
}
