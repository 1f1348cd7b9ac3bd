package io.fpsctl.device;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.ByteRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * {@link ShellBatch#indexOf}, which skips ahead, finds what a plain left-to-right comparison at every position finds
 * (written out here): on texts and marks over a three-letter alphabet, so near misses and overlapping partial matches
 * are everywhere, from any start.
 */
class ShellBatchSearchPropertyTest {

    private static int firstAt(byte[] b, byte[] what, int from) {
        for (int i = Math.max(0, from); i + what.length <= b.length; i++) {
            boolean all = true;
            for (int k = 0; k < what.length; k++) {
                if (b[i + k] != what[k]) {
                    all = false;
                    break;
                }
            }
            if (all) {
                return i;
            }
        }
        return -1;
    }

    @Property(tries = 2000)
    void findsTheFirstOccurrence(@ForAll @Size(max = 300) @ByteRange(min = 'a', max = 'c') byte[] text,
                                 @ForAll @Size(min = 1, max = 6) @ByteRange(min = 'a', max = 'c') byte[] mark,
                                 @ForAll @IntRange(min = 0, max = 310) int from) {
        assertEquals(firstAt(text, mark, from), ShellBatch.indexOf(text, mark, from));
    }

    /** In a buffer that holds more than the answer (a reused one), nothing past {@code length} is found. */
    @Property(tries = 1000)
    void looksOnlyUpToTheLengthGiven(@ForAll @Size(max = 300) @ByteRange(min = 'a', max = 'c') byte[] text,
                                     @ForAll @Size(min = 1, max = 6) @ByteRange(min = 'a', max = 'c') byte[] mark,
                                     @ForAll @IntRange(min = 0, max = 300) int length,
                                     @ForAll @IntRange(min = 0, max = 310) int from) {
        int n = Math.min(length, text.length);
        assertEquals(firstAt(java.util.Arrays.copyOf(text, n), mark, from), ShellBatch.indexOf(text, n, mark, from));
    }

    @Property(tries = 500)
    void findsAMarkPlantedAnywhere(@ForAll @Size(max = 300) @ByteRange(min = 'a', max = 'c') byte[] text,
                                   @ForAll @IntRange(min = 0, max = 300) int at) {
        byte[] mark = "fpsctl-end-0 ".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int p = Math.min(at, text.length);
        byte[] all = new byte[text.length + mark.length];
        System.arraycopy(text, 0, all, 0, p);
        System.arraycopy(mark, 0, all, p, mark.length);
        System.arraycopy(text, p, all, p + mark.length, text.length - p);
        assertEquals(p, ShellBatch.indexOf(all, mark, 0));
    }
}
