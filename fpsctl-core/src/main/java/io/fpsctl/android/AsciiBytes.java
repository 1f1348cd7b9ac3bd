package io.fpsctl.android;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reading ASCII text straight from a dump's bytes, without a String per line: what {@link FrameTimelineParser}'s byte
 * path needs (a live capture at 144 Hz reads 4.5 dumps of 2 000 lines a second).
 */
final class AsciiBytes {

    private AsciiBytes() {
    }

    static final int NOT_ASCII = -2;
    private static final long COLONS = ByteLanes.every(':');

    /**
     * The first {@code ':'} of {@code b[from..to)} (−1 when none), or {@link #NOT_ASCII} when a byte is not ASCII;
     * eight bytes at a time (a zero byte of {@code x ^ COLONS} is a colon; the lowest flag found is exact).
     */
    static int colonIfAscii(byte[] b, int from, int to) {
        int colon = -1;
        int k = from;
        for (; k + 8 <= to; k += 8) {
            long x = ByteLanes.get(b, k);
            if ((x & ByteLanes.HIGHS) != 0) {
                return NOT_ASCII;
            }
            if (colon < 0) {
                long found = ByteLanes.zeroLanes(x ^ COLONS);
                if (found != 0) {
                    colon = k + ByteLanes.firstFlagged(found);
                }
            }
        }
        for (; k < to; k++) {
            if (b[k] < 0) {
                return NOT_ASCII;
            }
            if (b[k] == ':' && colon < 0) {
                colon = k;
            }
        }
        return colon;
    }

    /** ASCII white space as {@link String#strip()} sees it. */
    static boolean isSpace(byte c) {
        return c == ' ' || c == '\t' || (c >= 0x0A && c <= 0x0D) || (c >= 0x1C && c <= 0x1F);
    }

    static boolean startsWith(byte[] b, int from, int to, byte[] prefix) {
        if (to - from < prefix.length) {
            return false;
        }
        for (int k = 0; k < prefix.length; k++) {
            if (b[from + k] != prefix[k]) {
                return false;
            }
        }
        return true;
    }

    static byte[][] ascii(List<String> words) {
        byte[][] out = new byte[words.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = ascii(words.get(i));
        }
        return out;
    }

    static byte[] ascii(String word) {
        return word.getBytes(StandardCharsets.US_ASCII);
    }

    static int indexOf(byte[] b, int from, int to, byte[] word) {
        for (int k = from; k <= to - word.length; k++) {
            if (startsWith(b, k, to, word)) {
                return k;
            }
        }
        return -1;
    }

    /**
     * A few ASCII words, looked up by length first: a key is compared with the words of its length only (one or two),
     * instead of with every word.
     */
    static final class Words {
        static final int NONE = -1;
        private final byte[][][] byLength;
        private final int[][] indices;

        Words(List<String> words) {
            int longest = 0;
            for (String w : words) {
                longest = Math.max(longest, w.length());
            }
            byLength = new byte[longest + 1][][];
            indices = new int[longest + 1][];
            for (int n = 0; n <= longest; n++) {
                List<Integer> of = new ArrayList<>();
                for (int k = 0; k < words.size(); k++) {
                    if (words.get(k).length() == n) {
                        of.add(k);
                    }
                }
                byLength[n] = new byte[of.size()][];
                indices[n] = new int[of.size()];
                for (int k = 0; k < of.size(); k++) {
                    byLength[n][k] = ascii(words.get(of.get(k)));
                    indices[n][k] = of.get(k);
                }
            }
        }

        /** The index in the list given of the word {@code b[from..to)}, or {@link #NONE}. */
        int indexOf(byte[] b, int from, int to) {
            int n = to - from;
            if (n >= byLength.length) {
                return NONE;
            }
            byte[][] candidates = byLength[n];
            for (int c = 0; c < candidates.length; c++) {
                byte[] w = candidates[c];
                int k = 0;
                while (k < n && b[from + k] == w[k]) {
                    k++;
                }
                if (k == n) {
                    return indices[n][c];
                }
            }
            return NONE;
        }

        boolean contains(byte[] b, int from, int to) {
            return indexOf(b, from, to) != NONE;
        }
    }

    /**
     * The String of an ASCII range, the same instance as last time when the bytes are the same: a dump repeats its
     * layer names, present states and jank types on every SurfaceFrame.
     */
    static final class LastString {
        private byte[] bytes = new byte[0];
        private String string = "";

        String of(byte[] b, int from, int to) {
            if (!Arrays.equals(b, from, to, bytes, 0, bytes.length)) {
                bytes = Arrays.copyOfRange(b, from, to);
                string = new String(bytes, StandardCharsets.US_ASCII);
            }
            return string;
        }
    }

    /** An ASCII range as a CharSequence, for the JDK's number parsers (no String made); reused line after line. */
    static final class AsciiView implements CharSequence {
        private byte[] b;
        private int from;
        private int length;

        AsciiView of(byte[] bytes, int start, int end) {
            b = bytes;
            from = start;
            length = end - start;
            return this;
        }

        @Override
        public int length() {
            return length;
        }

        @Override
        public char charAt(int index) {
            return (char) b[from + index]; // ASCII only: readAscii checked
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new String(b, from + start, end - start, StandardCharsets.US_ASCII);
        }

        @Override
        public String toString() {
            return new String(b, from, length, StandardCharsets.US_ASCII);
        }
    }
}
