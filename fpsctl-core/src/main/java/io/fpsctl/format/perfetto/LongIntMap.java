package io.fpsctl.format.perfetto;

/**
 * A map from {@code long} to {@code int} on primitive arrays (open addressing, linear probing): the trace reader
 * pairs millions of FrameTimeline events by cookie and token, where boxed {@code HashMap<Long, …>} entries cost
 * most of the time and memory. {@link #MISSING} is returned for an absent key.
 */
final class LongIntMap {
    static final int MISSING = Integer.MIN_VALUE;

    private long[] keys;
    private int[] values;
    private boolean[] used;
    private int size;

    LongIntMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        keys = new long[cap];
        values = new int[cap];
        used = new boolean[cap];
    }

    private static int hash(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    private int slot(long k) {
        int mask = keys.length - 1;
        int i = hash(k) & mask;
        while (used[i] && keys[i] != k) {
            i = (i + 1) & mask;
        }
        return i;
    }

    int get(long k) {
        int i = slot(k);
        return used[i] ? values[i] : MISSING;
    }

    boolean containsKey(long k) {
        return used[slot(k)];
    }

    /** Sets {@code k} to {@code v}; the previous value or {@link #MISSING}. */
    int put(long k, int v) {
        int i = slot(k);
        if (used[i]) {
            int old = values[i];
            values[i] = v;
            return old;
        }
        used[i] = true;
        keys[i] = k;
        values[i] = v;
        if (++size * 2 > keys.length) {
            grow();
        }
        return MISSING;
    }

    /** Puts {@code v} only when {@code k} is absent; true when it was put. */
    boolean putIfAbsent(long k, int v) {
        int i = slot(k);
        if (used[i]) {
            return false;
        }
        put(k, v);
        return true;
    }

    /** Removes {@code k}; its value or {@link #MISSING}. */
    int remove(long k) {
        int mask = keys.length - 1;
        int i = slot(k);
        if (!used[i]) {
            return MISSING;
        }
        int old = values[i];
        used[i] = false;
        size--;
        // backward-shift deletion keeps every probe sequence unbroken
        int j = i;
        while (true) {
            j = (j + 1) & mask;
            if (!used[j]) {
                return old;
            }
            int home = hash(keys[j]) & mask;
            boolean between = i <= j ? (i < home && home <= j) : (i < home || home <= j);
            if (!between) {
                keys[i] = keys[j];
                values[i] = values[j];
                used[i] = true;
                used[j] = false;
                i = j;
            }
        }
    }

    private void grow() {
        long[] k = keys;
        int[] v = values;
        boolean[] u = used;
        keys = new long[k.length * 2];
        values = new int[k.length * 2];
        used = new boolean[k.length * 2];
        size = 0;
        for (int i = 0; i < k.length; i++) {
            if (u[i]) {
                put(k[i], v[i]);
            }
        }
    }
}
