package io.fpsctl.android;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Eight bytes of a byte array as one long, for the byte parsers' scans (SWAR: eight lanes in one register). The
 * first byte is the lowest lane (little-endian), so the lowest flagged lane is the first match.
 */
final class ByteLanes {
    /** Each lane's high bit. */
    static final long HIGHS = 0x8080808080808080L;
    /** Each lane 1. */
    static final long ONES = 0x0101010101010101L;
    /** Lane j holds 7 − j: see {@link #firstFlagged}. */
    private static final long LANE_INDEX = 0x0001020304050607L;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private ByteLanes() {
    }

    /** {@code b[i..i+8)} as a little-endian long; the caller checks that eight bytes are there. */
    static long get(byte[] b, int i) {
        return (long) LONGS.get(b, i);
    }

    /** Each lane equal to {@code c}, e.g. to XOR a search byte out. */
    static long every(char c) {
        return ONES * c;
    }

    /** Flags (the high bit) the lanes of {@code x} that are zero; exact up to the first flagged lane. */
    static long zeroLanes(long x) {
        return (x - ONES) & ~x & HIGHS;
    }

    /**
     * The index (0–7) of the lowest lane whose high bit is set in {@code flags}, which has only high bits set and
     * at least one. The lowest flag alone, moved to bit 8k, times {@link #LANE_INDEX} puts k in the top lane: C1 does
     * not make {@code Long.numberOfTrailingZeros} one instruction, and its fallback costs more.
     */
    static int firstFlagged(long flags) {
        return (int) ((((flags & -flags) >>> 7) * LANE_INDEX) >>> 56);
    }
}
