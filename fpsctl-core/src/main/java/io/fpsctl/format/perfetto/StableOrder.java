package io.fpsctl.format.perfetto;

/** A stable sort of indices by a {@code long} key, on primitive arrays (millions of events, no boxing). */
final class StableOrder {
    private StableOrder() {
    }

    /** The indices {@code 0..n-1} ordered by {@code key[i]}, equal keys in index (file) order. */
    static int[] byKey(long[] key, int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        boolean sorted = true;
        for (int i = 1; i < n && sorted; i++) {
            sorted = key[i - 1] <= key[i];
        }
        if (sorted) {
            return a;
        }
        // the keys move with their indices (k[i] is key[a[i]]), so that a merge reads both arrays in order instead of
        // fetching key[a[i]] from anywhere in a million-entry array
        long[] k = java.util.Arrays.copyOf(key, n);
        int[] tmp = new int[n];
        long[] ktmp = new long[n];
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int i = lo;
                int j = mid;
                int o = lo;
                while (i < mid && j < hi) {
                    if (k[j] < k[i]) {
                        ktmp[o] = k[j];
                        tmp[o++] = a[j++];
                    } else {
                        ktmp[o] = k[i];
                        tmp[o++] = a[i++];
                    }
                }
                while (i < mid) {
                    ktmp[o] = k[i];
                    tmp[o++] = a[i++];
                }
                while (j < hi) {
                    ktmp[o] = k[j];
                    tmp[o++] = a[j++];
                }
            }
            int[] t = a;
            a = tmp;
            tmp = t;
            long[] kt = k;
            k = ktmp;
            ktmp = kt;
        }
        return a;
    }
}
