package io.fpsctl.format;

import io.fpsctl.engine.Interaction;
import io.fpsctl.engine.Stage;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The cells of a frames CSV as {@link CsvRecordReader} hands them over, kept as what {@link FrameCsvReader} needs of
 * each column ({@link FrameCsvSchema}): numbers parsed from the bytes as they come, text decoded (UTF-8) once for a
 * run of rows with the same bytes. One {@link Row} is filled again for every record (the reader uses a row before
 * asking for the next).
 *
 * <p>What a cell means when it is missing follows Commons CSV, which read these files before: a column the file has
 * not or a record too short for it is "absent" — for a required cell the row is malformed (the reader catches the
 * exception), an optional one reads as empty.
 */
final class FrameCsvRows implements CsvRecordReader.Fields {

    // the slots: what the reader asks for, each at most one column of the file
    static final int SOURCE = 0;
    static final int PACKAGE = 1;
    static final int DEVICE = 2;
    static final int WINDOW = 3;
    static final int END_NS = 4;
    static final int INTERVAL_NS = 5;
    static final int INTENDED_VSYNC_NS = 6;
    static final int DURATION_MS = 7;
    static final int FLAGS = 8;
    static final int JANKY = 9;
    static final int INTERACTION = 10;
    static final int JANK_TYPES = 11;
    static final int PRESENT_STATE = 12;
    private static final int FIRST_STAGE = 13;
    private static final int FIRST_CHOREOGRAPHER = FIRST_STAGE + Stage.count();
    private static final int SLOTS = FIRST_CHOREOGRAPHER + Interaction.CH_QUEUES;

    /** The column of each slot, in the schema's names. */
    private static final CsvColumn[] COLUMN = new CsvColumn[SLOTS];

    static {
        COLUMN[SOURCE] = FrameCsvSchema.SOURCE;
        COLUMN[PACKAGE] = FrameCsvSchema.PACKAGE;
        COLUMN[DEVICE] = FrameCsvSchema.DEVICE;
        COLUMN[WINDOW] = FrameCsvSchema.WINDOW;
        COLUMN[END_NS] = FrameCsvSchema.END_NS;
        COLUMN[INTERVAL_NS] = FrameCsvSchema.INTERVAL_NS;
        COLUMN[INTENDED_VSYNC_NS] = FrameCsvSchema.INTENDED_VSYNC_NS;
        COLUMN[DURATION_MS] = FrameCsvSchema.DURATION_MS;
        COLUMN[FLAGS] = FrameCsvSchema.FLAGS;
        COLUMN[JANKY] = FrameCsvSchema.JANKY;
        COLUMN[INTERACTION] = FrameCsvSchema.INTERACTION;
        COLUMN[JANK_TYPES] = FrameCsvSchema.JANK_TYPES;
        COLUMN[PRESENT_STATE] = FrameCsvSchema.PRESENT_STATE;
        for (Stage s : Stage.all()) {
            COLUMN[FIRST_STAGE + s.ordinal()] = FrameCsvSchema.stage(s);
        }
        for (int q = 0; q < Interaction.CH_QUEUES; q++) {
            COLUMN[FIRST_CHOREOGRAPHER + q] = FrameCsvSchema.choreographer(q);
        }
    }

    /** Longer number cells are malformed (a decimal ms value exact to the ns has at most ~26 characters). */
    private static final int MAX_NUMBER_CHARS = 40;

    private enum Kind { TEXT, NUMBER, MILLIS }

    private static final Kind[] KIND = new Kind[SLOTS];

    static {
        Arrays.fill(KIND, Kind.TEXT);
        for (int slot : new int[] {END_NS, INTERVAL_NS, INTENDED_VSYNC_NS, FLAGS, INTERACTION}) {
            KIND[slot] = Kind.NUMBER;
        }
        KIND[DURATION_MS] = Kind.MILLIS;
        for (int slot = FIRST_STAGE; slot < SLOTS; slot++) {
            KIND[slot] = Kind.MILLIS;
        }
    }

    private final CsvRecordReader records;
    /** The slot of each column of the file (by its place in the header); -1 for a column the reader ignores. */
    private int[] slotOf = new int[0];
    private final List<String> header = new ArrayList<>();
    private final Row row = new Row();

    FrameCsvRows(CsvRecordReader records) {
        this.records = records;
    }

    static int stage(Stage s) {
        return FIRST_STAGE + s.ordinal();
    }

    static int choreographer(int q) {
        return FIRST_CHOREOGRAPHER + q;
    }

    /** Reads the header: its cells, or an empty list when the file has no record (or an over-long first line). */
    List<String> readHeader() throws IOException {
        header.clear();
        CsvRecordReader.Fields names = (index, buf, off, len) -> header.add(new String(buf, off, len,
                StandardCharsets.UTF_8));
        if (records.next(names) && records.tooLong()) {
            header.clear();
        }
        return header;
    }

    /**
     * Finds the slots in the header. Like Commons CSV's header map, a name the header holds twice means its last
     * column.
     */
    void mapColumns(List<String> names) {
        slotOf = new int[names.size()];
        Arrays.fill(slotOf, -1);
        for (int slot = 0; slot < SLOTS; slot++) {
            int at = names.lastIndexOf(COLUMN[slot].name());
            if (at >= 0) {
                slotOf[at] = slot;
            }
        }
    }

    /** The next record's cells, or null at the end of the file. */
    Row next() throws IOException {
        Arrays.fill(row.state, ABSENT);
        if (!records.next(this)) {
            return null;
        }
        row.line = records.line();
        row.tooLong = records.tooLong();
        return row;
    }

    @Override
    public void field(int index, byte[] buf, int off, int len) {
        if (index >= slotOf.length || slotOf[index] < 0) {
            return;
        }
        int slot = slotOf[index];
        if (len == 0) {
            row.state[slot] = EMPTY;
            row.text[slot] = "";
            return;
        }
        switch (KIND[slot]) {
            case NUMBER -> row.parsed(slot, parseLong(buf, off, len));
            case MILLIS -> row.parsed(slot, parseMillis(buf, off, len));
            default -> row.text(slot, buf, off, len);
        }
    }

    private static final byte ABSENT = 0;
    private static final byte EMPTY = 1;
    private static final byte OK = 2;
    private static final byte BAD = 3;
    /** What {@link #parseLong} and {@link #parseMillis} return for a cell that is not a number (then state BAD). */
    static final long NOT_A_NUMBER = Long.MIN_VALUE;

    /** {@link Long#parseLong(String)} of a cell; {@link #NOT_A_NUMBER} when it throws. */
    static long parseLong(byte[] c, int off, int len) {
        if (len <= 18) {
            int i = off;
            int end = off + len;
            boolean negative = false;
            if (c[i] == '-' || c[i] == '+') {
                negative = c[i] == '-';
                i++;
            }
            if (i < end) {
                long v = 0;
                for (; i < end; i++) {
                    int d = c[i] - '0';
                    if (d < 0 || d > 9) {
                        break;
                    }
                    v = v * 10 + d;
                }
                if (i == end) {
                    return negative ? -v : v;
                }
            }
        }
        try { // near the range's ends, or other digits: the JDK decides
            long v = Long.parseLong(new String(c, off, len, StandardCharsets.UTF_8));
            return v == NOT_A_NUMBER ? v + 1 : v; // Long.MIN_VALUE is no time nor count fpsctl writes
        } catch (NumberFormatException e) {
            return NOT_A_NUMBER;
        }
    }

    /**
     * Decimal milliseconds (as fpsctl writes them, exact to the ns) to ns, rounded half up as
     * {@code new BigDecimal(s.trim()).movePointRight(6).setScale(0, HALF_UP).longValueExact()} does; plain
     * {@code [-]digits[.digits]} is parsed here, anything else (an exponent, spaces, many digits) by BigDecimal.
     * {@link #NOT_A_NUMBER} when it is none.
     */
    static long parseMillis(byte[] c, int off, int len) {
        if (len > MAX_NUMBER_CHARS) {
            return NOT_A_NUMBER;
        }
        int end = off + len;
        int i = off;
        boolean negative = c[i] == '-';
        if (negative || c[i] == '+') {
            i++;
        }
        long whole = 0;
        int wholeDigits = 0;
        for (; i < end && c[i] >= '0' && c[i] <= '9'; i++) {
            whole = whole * 10 + (c[i] - '0');
            wholeDigits++;
        }
        long fraction = 0;
        int fractionDigits = 0;
        boolean roundUp = false;
        if (i < end && c[i] == '.') {
            for (i++; i < end && c[i] >= '0' && c[i] <= '9'; i++) {
                if (fractionDigits < 6) {
                    fraction = fraction * 10 + (c[i] - '0');
                } else if (fractionDigits == 6) {
                    roundUp = c[i] >= '5';
                }
                fractionDigits++;
            }
        }
        if (i < end || wholeDigits + fractionDigits == 0 || wholeDigits > 12) {
            try {
                BigDecimal d = new BigDecimal(new String(c, off, len, StandardCharsets.UTF_8).trim());
                // an exponent such as 1E+999999999 would make setScale build a number of that many digits (a hang
                // on one cell): decide from the magnitude first, 10^(precision - scale - 1) <= |d| < 10^(precision
                // - scale), cheap for the few digits a cell holds
                long magnitude = (long) d.precision() - d.scale() + 6; // digits of |d| in ns before the point
                if (d.signum() == 0 || magnitude <= -1) {
                    return 0; // |d| in ns below 0.1: rounds half up to 0
                }
                if (magnitude > 19) {
                    return NOT_A_NUMBER; // 10^19 ns or more: no long holds it
                }
                long v = d.movePointRight(6).setScale(0, RoundingMode.HALF_UP).longValueExact();
                return v == NOT_A_NUMBER ? v + 1 : v;
            } catch (NumberFormatException | ArithmeticException e) {
                return NOT_A_NUMBER;
            }
        }
        for (int k = Math.min(fractionDigits, 6); k < 6; k++) {
            fraction *= 10;
        }
        long v = whole * 1_000_000 + fraction + (roundUp ? 1 : 0);
        return negative ? -v : v;
    }

    /** One record's cells, by slot: numbers parsed, text decoded once for a run of rows with the same bytes. */
    static final class Row {
        private final byte[] state = new byte[SLOTS];
        private final long[] value = new long[SLOTS];
        private final String[] text = new String[SLOTS];
        /** The bytes behind the last String of each text slot: the same bytes on the next row give the same String. */
        private final byte[][] lastBytes = new byte[SLOTS][];
        private final String[] lastText = new String[SLOTS];
        private long line;
        private boolean tooLong;

        private void parsed(int slot, long v) {
            state[slot] = v == NOT_A_NUMBER ? BAD : OK;
            value[slot] = v;
        }

        private void text(int slot, byte[] buf, int off, int len) {
            state[slot] = OK;
            byte[] last = lastBytes[slot];
            if (last != null && Arrays.equals(buf, off, off + len, last, 0, last.length)) {
                text[slot] = lastText[slot];
                return;
            }
            lastBytes[slot] = Arrays.copyOfRange(buf, off, off + len);
            lastText[slot] = new String(buf, off, len, StandardCharsets.UTF_8);
            text[slot] = lastText[slot];
        }

        /** The line the record starts on (1-based; the header is line 1). */
        long line() {
            return line;
        }

        /** Whether the record is longer than a frames CSV row can be: it was not read. */
        boolean tooLong() {
            return tooLong;
        }

        private void requirePresent(int slot) {
            if (state[slot] == ABSENT) {
                throw new IllegalArgumentException(COLUMN[slot].name() + " is absent");
            }
        }

        /**
         * A required text cell. The same bytes as on the row before give the same String instance, so a caller may
         * compare by identity to learn that a window or source did not change.
         */
        String text(int slot) {
            requirePresent(slot);
            return text[slot];
        }

        /** An optional text cell; null when absent. */
        String optionalText(int slot) {
            return state[slot] == ABSENT ? null : text[slot];
        }

        /** {@code Boolean.parseBoolean} of an optional cell: true only for "true" in any case. */
        boolean isTrue(int slot) {
            return state[slot] != ABSENT && "true".equalsIgnoreCase(text[slot]);
        }

        /** A required whole number, as {@link Long#parseLong(String)} reads it. */
        long number(int slot) {
            requirePresent(slot);
            return valueOf(slot);
        }

        /** An optional whole number; {@code ifEmpty} when absent or empty. */
        long optionalNumber(int slot, long ifEmpty) {
            return state[slot] == ABSENT || state[slot] == EMPTY ? ifEmpty : valueOf(slot);
        }

        /** A required decimal ms cell, in ns. */
        long millis(int slot) {
            requirePresent(slot);
            return valueOf(slot);
        }

        /** An optional decimal ms cell in ns; -1 when absent or empty. */
        long optionalMillis(int slot) {
            return state[slot] == ABSENT || state[slot] == EMPTY ? -1 : valueOf(slot);
        }

        private long valueOf(int slot) {
            if (state[slot] != OK) {
                throw new NumberFormatException(COLUMN[slot].name() + " is not a number");
            }
            return value[slot];
        }
    }
}
