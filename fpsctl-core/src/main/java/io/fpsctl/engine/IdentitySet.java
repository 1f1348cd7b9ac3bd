package io.fpsctl.engine;

import java.util.Arrays;

/**
 * A set of row identities — pairs of longs, for gfxinfo ({@code IntendedVsync}, {@code FrameCompleted}) (docs/metrics.md
 * 1.6 and 1.7 rev 3) — kept in two primitive arrays (open addressing, linear probing), so that remembering a row
 * allocates nothing once the table has grown to the size of a block. No removal: a set is cleared as a whole.
 */
final class IdentitySet {
    private static final int MIN_CAPACITY = 16;

    private long[] firsts = new long[MIN_CAPACITY];
    private long[] seconds = new long[MIN_CAPACITY];
    private boolean[] used = new boolean[MIN_CAPACITY];
    private int size;

    int size() {
        return size;
    }

    boolean contains(long first, long second) {
        int mask = used.length - 1;
        for (int i = slot(first, second, mask); used[i]; i = (i + 1) & mask) {
            if (firsts[i] == first && seconds[i] == second) {
                return true;
            }
        }
        return false;
    }

    /** Adds the pair; true when it was not in the set. */
    boolean add(long first, long second) {
        if (2 * (size + 1) > used.length) {
            grow();
        }
        int mask = used.length - 1;
        int i = slot(first, second, mask);
        for (; used[i]; i = (i + 1) & mask) {
            if (firsts[i] == first && seconds[i] == second) {
                return false;
            }
        }
        used[i] = true;
        firsts[i] = first;
        seconds[i] = second;
        size++;
        return true;
    }

    void clear() {
        if (size > 0) {
            Arrays.fill(used, false);
            size = 0;
        }
    }

    private void grow() {
        long[] f = firsts;
        long[] s = seconds;
        boolean[] u = used;
        firsts = new long[u.length * 2];
        seconds = new long[u.length * 2];
        used = new boolean[u.length * 2];
        size = 0;
        for (int i = 0; i < u.length; i++) {
            if (u[i]) {
                add(f[i], s[i]);
            }
        }
    }

    private static int slot(long first, long second, int mask) {
        long h = first * 0x9E3779B97F4A7C15L + second;
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 32;
        return (int) h & mask;
    }
}
