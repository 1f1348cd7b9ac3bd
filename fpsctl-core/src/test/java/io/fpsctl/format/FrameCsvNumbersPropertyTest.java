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
            expected = cell.length() > 40 ? FrameCsvRows.NOT_A_NUMBER : new BigDecimal(cell.trim()).movePointRight(6)
                    .setScale(0, RoundingMode.HALF_UP).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            expected = FrameCsvRows.NOT_A_NUMBER;
        }
        if (cell.isEmpty()) {
            return; // an empty cell is "absent or empty", decided before parsing
        }
        byte[] b = ("#" + cell).getBytes(StandardCharsets.UTF_8);
        assertEquals(expected, FrameCsvRows.parseMillis(b, 1, b.length - 1), "'" + cell + "'");
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
