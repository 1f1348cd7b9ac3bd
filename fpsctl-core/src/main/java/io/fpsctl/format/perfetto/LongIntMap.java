package io.fpsctl.format.perfetto;

/**
 * A map from {@code long} to {@code int} on primitive arrays (open addressing, linear probing): the trace reader
 * pairs millions of FrameTimeline events by cookie and token, where boxed {@code HashMap<Long, …>} entries cost
 * most of the time and memory. {@link #MISSING} is returned for an absent key.
 */
final class LongIntMap {
    static final int MISSING = Integer.MIN_VALUE;

    /**
     * Slot i is {@code table[2i]} (the key) and {@code table[2i + 1]} (the value in the low 32 bits, bit 32 set when
     * the slot is used): one cache line per probe, where separate key, value and used arrays cost three misses on a
     * map of a million frames.
     */
    private long[] table;
    private int size;

    LongIntMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        table = new long[cap * 2];
    }

    private static final long USED = 1L << 32;

    private static int hash(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    private int capacity() {
        return table.length >> 1;
    }

    private boolean used(int i) {
        return (table[2 * i + 1] & USED) != 0;
    }

    private int value(int i) {
        return (int) table[2 * i + 1];
    }

    private void set(int i, long k, int v) {
        table[2 * i] = k;
        table[2 * i + 1] = USED | (v & 0xffffffffL);
    }

    private int slot(long k) {
        int mask = capacity() - 1;
        int i = hash(k) & mask;
        while (used(i) && table[2 * i] != k) {
            i = (i + 1) & mask;
        }
        return i;
    }

    int get(long k) {
        int i = slot(k);
        return used(i) ? value(i) : MISSING;
    }

    boolean containsKey(long k) {
        return used(slot(k));
    }

    /** Sets {@code k} to {@code v}; the previous value or {@link #MISSING}. */
    int put(long k, int v) {
        int i = slot(k);
        if (used(i)) {
            int old = value(i);
            set(i, k, v);
            return old;
        }
        set(i, k, v);
        if (++size * 2 > capacity()) {
            grow();
        }
        return MISSING;
    }

    /** Puts {@code v} only when {@code k} is absent; true when it was put. */
    boolean putIfAbsent(long k, int v) {
        int i = slot(k);
        if (used(i)) {
            return false;
        }
        set(i, k, v);
        if (++size * 2 > capacity()) {
            grow();
        }
        return true;
    }

    /** Removes {@code k}; its value or {@link #MISSING}. */
    int remove(long k) {
        int mask = capacity() - 1;
        int i = slot(k);
        if (!used(i)) {
            return MISSING;
        }
        int old = value(i);
        table[2 * i + 1] = 0;
        size--;
        // backward-shift deletion keeps every probe sequence unbroken
        int j = i;
        while (true) {
            j = (j + 1) & mask;
            if (!used(j)) {
                return old;
            }
            int home = hash(table[2 * j]) & mask;
            boolean between = i <= j ? (i < home && home <= j) : (i < home || home <= j);
            if (!between) {
                set(i, table[2 * j], value(j));
                table[2 * j + 1] = 0;
                i = j;
            }
        }
    }

    private void grow() {
        long[] old = table;
        table = new long[old.length * 2];
        size = 0;
        for (int i = 0; i < old.length; i += 2) {
            if ((old[i + 1] & USED) != 0) {
                put(old[i], (int) old[i + 1]);
            }
        }
    }
}
