package io.fpsctl.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The frames CSV reader's number cells against the JDK readers the file's format is defined by: a whole number is
 * what {@link Long#parseLong} reads, a millisecond cell what {@code BigDecimal} moved by 6 places and rounded half up
 * gives (the writer prints ns exactly); a cell either of them refuses is not a number.
 */
class FrameCsvNumbersPropertyTest {

    @Provide
    Arbitrary<String> cells() {
        Arbitrary<String> noisy = Arbitraries.strings().withChars("0123456789.-+ eE١x").ofMaxLength(24);
        Arbitrary<String> decimal = Arbitraries.longs().between(-9_999_999_999_999L, 9_999_999_999_999L)
                .flatMap(whole -> Arbitraries.strings().numeric().ofMaxLength(10).map(f -> whole + "." + f));
        Arbitrary<String> big = Arbitraries.longs().map(v -> Long.toString(v));
        return Arbitraries.oneOf(noisy, decimal, big);
    }

    @Property(tries = 3000)
    void millisecondCellsReadAsBigDecimalReadsThem(@ForAll("cells") String cell) {
        if (cell.isEmpty()) {
            return; // an empty cell is "absent or empty", decided before parsing
        }
        byte[] b = ("#" + cell).getBytes(StandardCharsets.UTF_8);
        assertEquals(millisByBigDecimal(cell), FrameCsvRows.parseMillis(b, 1, b.length - 1), "'" + cell + "'");
    }

    /** Cells with an exponent far out of a long's range, which BigDecimal's setScale would take minutes to expand. */
    @Example
    void cellsWithHugeExponentsAreReadAtOnce() {
        for (String cell : new String[] {"1E+999999999", "-1e999999999", "1E-999999999", "-5e-999999999",
            "0E+999999999", "0e-999999999", "9.99E+12", "1e13", "4.99E-7", "5E-7", "-5E-7"}) {
            byte[] b = ("#" + cell).getBytes(StandardCharsets.UTF_8);
            assertEquals(millisByBigDecimal(cell), FrameCsvRows.parseMillis(b, 1, b.length - 1), "'" + cell + "'");
        }
        byte[] b = "1E+999999999".getBytes(StandardCharsets.UTF_8);
        assertEquals(FrameCsvRows.NOT_A_NUMBER, FrameCsvRows.parseMillis(b, 0, b.length));
        b = "1E-999999999".getBytes(StandardCharsets.UTF_8);
        assertEquals(0, FrameCsvRows.parseMillis(b, 0, b.length));
    }

    /**
     * What BigDecimal reads: {@code movePointRight(6).setScale(0, HALF_UP).longValueExact()}, or not a number; a
     * magnitude of 10^13 ms (10^19 ns, beyond a long) or more is none, one under 5E-7 ms (half a ns) is 0, both
     * decided by {@code compareTo} (which compares exponents first) rather than by expanding the number.
     */
    private static long millisByBigDecimal(String cell) {
        long expected;
        try {
            BigDecimal d = new BigDecimal(cell.trim());
            if (cell.length() > 40 || d.abs().compareTo(new BigDecimal("1E13")) >= 0) {
                expected = FrameCsvRows.NOT_A_NUMBER;
            } else if (d.abs().compareTo(new BigDecimal("5E-7")) < 0) {
                expected = 0;
            } else {
                expected = d.movePointRight(6).setScale(0, RoundingMode.HALF_UP).longValueExact();
            }
        } catch (NumberFormatException | ArithmeticException e) {
            expected = FrameCsvRows.NOT_A_NUMBER;
        }
        return expected;
    }

    @Property(tries = 3000)
    void wholeNumberCellsReadAsLongParseLongReadsThem(@ForAll("cells") String cell) {
        if (cell.isEmpty()) {
            return;
        }
        long expected;
        try {
            expected = Long.parseLong(cell);
        } catch (NumberFormatException e) {
            expected = FrameCsvRows.NOT_A_NUMBER;
        }
        if (expected == Long.MIN_VALUE && cell.equals(Long.toString(Long.MIN_VALUE))) {
            expected = Long.MIN_VALUE + 1; // the one number the reader keeps as "not a number" is read one above
        }
        byte[] b = ("#" + cell).getBytes(StandardCharsets.UTF_8);
        assertEquals(expected, FrameCsvRows.parseLong(b, 1, b.length - 1), "'" + cell + "'");
    }
}
