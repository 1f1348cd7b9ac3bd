package io.fpsctl.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
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
        long expected;
        try {
            expected = cell.length() > 40 ? FrameCsvRows.NOT_A_NUMBER : micros(new BigDecimal(cell.trim()));
        } catch (NumberFormatException | ArithmeticException e) {
            expected = FrameCsvRows.NOT_A_NUMBER;
        }
        if (cell.isEmpty()) {
            return; // an empty cell is "absent or empty", decided before parsing
        }
        byte[] b = ("#" + cell).getBytes(StandardCharsets.UTF_8);
        assertEquals(expected, FrameCsvRows.parseMillis(b, 1, b.length - 1), "'" + cell + "'");
    }

    @net.jqwik.api.Example
    void farExponentsAreDecidedAtOnce() {
        // worked by hand: ms × 1000 000, rounded half up (away from zero), beyond a long is not a number
        String[][] cases = {{"1e99999999", "NaN"}, {"1e-99999999", "0"}, {"-1e-99999999", "0"}, {"0e99999999", "0"},
                {"-5e-7", "-1"}, {"4e-7", "0"}, {"9.2e12", "9200000000000000000"}, {"1e13", "NaN"},
                {"-0.0000015", "-2"}, {"1.5E-6", "2"}, {"2.5e-6", "3"}};
        for (String[] c : cases) {
            byte[] b = ("#" + c[0]).getBytes(StandardCharsets.UTF_8);
            long expected = c[1].equals("NaN") ? FrameCsvRows.NOT_A_NUMBER : Long.parseLong(c[1]);
            assertEquals(expected, FrameCsvRows.parseMillis(b, 1, b.length - 1), c[0]);
            assertEquals(expected, micros(new BigDecimal(c[0])), "the reference, " + c[0]);
        }
    }

    /**
     * The cell in ns, rounded half up; what does not fit a long is not a number. A far exponent ("1e99999999") is
     * decided from the digits' magnitude: BigDecimal would build all its digits (minutes for one cell).
     */
    private static long micros(BigDecimal ms) {
        long digits = (long) ms.precision() - ms.scale() + 6; // the value in ns is below 10^digits
        if (ms.signum() == 0 || digits < -1) {
            return 0; // below 0.1 ns in magnitude: rounds to 0
        }
        if (digits > 20) {
            return FrameCsvRows.NOT_A_NUMBER; // at least 10^20 ns: beyond a long
        }
        try {
            return ms.movePointRight(6).setScale(0, RoundingMode.HALF_UP).longValueExact();
        } catch (ArithmeticException e) {
            return FrameCsvRows.NOT_A_NUMBER;
        }
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
