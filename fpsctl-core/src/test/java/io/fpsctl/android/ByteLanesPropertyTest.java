package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** {@link ByteLanes}' lane tricks against the JDK's bit functions and a plain byte loop written here. */
class ByteLanesPropertyTest {

    /** Any set of flagged lanes: the lowest one, as {@link Long#numberOfTrailingZeros} finds it. */
    @Property(tries = 2000)
    void firstFlaggedIsTheLowestFlaggedLane(@ForAll @IntRange(min = 1, max = 255) int lanes) {
        long flags = 0;
        for (int j = 0; j < 8; j++) {
            if ((lanes & (1 << j)) != 0) {
                flags |= 0x80L << (8 * j);
            }
        }
        assertEquals(Long.numberOfTrailingZeros(flags) / 8, ByteLanes.firstFlagged(flags));
    }

    /** The first zero byte of eight, as a loop over the bytes finds it (−1: none). */
    @Property(tries = 2000)
    void zeroLanesFlagsTheFirstZeroByte(@ForAll byte[] eight, @ForAll @IntRange(min = 0, max = 8) int zeroAt) {
        byte[] b = java.util.Arrays.copyOf(eight, 8);
        if (zeroAt < 8) {
            b[zeroAt] = 0;
        }
        int expected = -1;
        for (int j = 0; j < 8; j++) {
            if (b[j] == 0) {
                expected = j;
                break;
            }
        }
        long found = ByteLanes.zeroLanes(ByteLanes.get(b, 0));
        assertEquals(expected, found == 0 ? -1 : ByteLanes.firstFlagged(found));
    }
}
