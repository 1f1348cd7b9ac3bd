package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.From;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link FramestatsParser#parseValues}, which reads digits eight at a time, against a reference written here with
 * the JDK: split at commas (one trailing comma allowed), each cell {@code -?[0-9]+} with a magnitude of at most
 * INT64_MAX, read by {@link Long#parseLong}. Rows mix every length of number (1 to 20 digits) with broken cells, and
 * the array holds more bytes after the row (digits too, as a reused buffer does), which must not be read.
 */
class FramestatsValuesPropertyTest {

    private static final Pattern CELL = Pattern.compile("-?[0-9]+");
    private static final BigInteger INT64_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    /** The reference: the values, or null when the row is malformed (or has more than {@code max} values). */
    private static long[] reference(String row, int max) {
        if (row.isEmpty()) {
            return new long[0];
        }
        String body = row.endsWith(",") ? row.substring(0, row.length() - 1) : row;
        String[] cells = body.split(",", -1);
        if (cells.length > max) {
            return null;
        }
        long[] out = new long[cells.length];
        for (int i = 0; i < cells.length; i++) {
            if (!CELL.matcher(cells[i]).matches()) {
                return null;
            }
            String digits = cells[i].startsWith("-") ? cells[i].substring(1) : cells[i];
            if (new BigInteger(digits).compareTo(INT64_MAX) > 0) {
                return null;
            }
            out[i] = Long.parseLong(cells[i].startsWith("-") ? "-" + digits : digits);
        }
        return out;
    }

    @Provide
    Arbitrary<String> cells() {
        Arbitrary<String> number = Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(20);
        Arbitrary<String> timestamp = Arbitraries.longs().between(0, Long.MAX_VALUE).map(String::valueOf);
        Arbitrary<String> odd = Arbitraries.of("", "-", "+5", "x", "1x", "-0", "007", "9223372036854775807",
                "9223372036854775808", "-9223372036854775807", "-9223372036854775808", "99999999999999999999",
                "12345678", "123456789", "1234567812345678", " 1", "1 ", "1\t", "\u00e91", "1-", "--1", ":");
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, timestamp),
                net.jqwik.api.Tuple.of(3, number),
                net.jqwik.api.Tuple.of(1, number.map(n -> "-" + n)),
                net.jqwik.api.Tuple.of(1, odd));
    }

    @Property(tries = 3000)
    void readsWhatTheJdkReads(@ForAll @Size(max = 30) List<@From("cells") String> cells, @ForAll boolean trailingComma,
                              @ForAll @IntRange(min = 0, max = 30) int max,
                              @ForAll @Size(max = 4) List<@From("cells") String> after, @ForAll @IntRange(min = 0, max = 3) int gap) {
        String row = String.join(",", cells) + (trailingComma && !cells.isEmpty() ? "," : "");
        long[] expected = reference(row, max);
        byte[] text = row.getBytes(StandardCharsets.UTF_8);
        // the row somewhere in a larger array: bytes before it, and after it digits or whatever else follows
        byte[] before = "12,".repeat(gap).getBytes(StandardCharsets.US_ASCII);
        byte[] tail = String.join("", after).getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[before.length + text.length + tail.length];
        System.arraycopy(before, 0, all, 0, before.length);
        System.arraycopy(text, 0, all, before.length, text.length);
        System.arraycopy(tail, 0, all, before.length + text.length, tail.length);
        long[] values = new long[Math.max(max, 1)];
        int n = FramestatsParser.parseValues(all, before.length, before.length + text.length, values, max);
        if (expected == null) {
            assertEquals(-1, n, row);
        } else {
            assertEquals(expected.length, n, row);
            assertArrayEquals(expected, Arrays.copyOf(values, n), row);
        }
    }

    /** Every number of digits from 1 to 19, at every offset from the array's end (the byte-at-a-time tail). */
    @Property(tries = 500)
    void everyLengthAtEveryDistanceFromTheEnd(@ForAll @IntRange(min = 0, max = 18) int zerosAfterFirst,
                                              @ForAll @IntRange(min = 1, max = 9) int first,
                                              @ForAll @IntRange(min = 0, max = 12) int padding) {
        String number = first + "0".repeat(zerosAfterFirst);
        List<String> rows = new ArrayList<>(List.of(number, number + ",", "5," + number, number + ",5"));
        for (String row : rows) {
            byte[] text = (row + "7".repeat(padding)).getBytes(StandardCharsets.US_ASCII);
            long[] values = new long[4];
            int n = FramestatsParser.parseValues(text, 0, row.length(), values, 4);
            assertArrayEquals(reference(row, 4), Arrays.copyOf(values, Math.max(n, 0)), row);
        }
    }
}
