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
        int[] tmp = new int[n];
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int i = lo;
                int j = mid;
                int k = lo;
                while (i < mid && j < hi) {
                    tmp[k++] = key[a[j]] < key[a[i]] ? a[j++] : a[i++];
                }
                while (i < mid) {
                    tmp[k++] = a[i++];
                }
                while (j < hi) {
                    tmp[k++] = a[j++];
                }
            }
            int[] t = a;
            a = tmp;
            tmp = t;
        }
        return a;
    }
}
