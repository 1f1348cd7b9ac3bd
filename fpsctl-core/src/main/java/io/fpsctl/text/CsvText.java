package io.fpsctl.text;

import java.io.IOException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.QuoteMode;

/**
 * The CSV rule for a cell of device text (a window title, a serial, a thread name; docs/formats.md, "Device text in
 * CSV cells"): Commons CSV quotes it as RFC 4180 says, and before that a cell that starts with {@code =}, {@code +},
 * {@code -}, {@code @}, tab or carriage return gets a leading apostrophe, so a spreadsheet shows it as text and never
 * evaluates it as a formula (OWASP "CSV Injection"). A cell that starts with an apostrophe gets one more, so
 * {@link #read} can take exactly one away and every name reads back as it was. Numbers fpsctl writes itself are
 * never device text and are left alone (a negative value stays a number).
 *
 * <p>A cell of device text is also always quoted ({@link #printRecord}), whatever it holds: a spreadsheet whose list
 * separator is {@code ;} (Excel in most of continental Europe) would otherwise split an unquoted {@code x;=1+2} at
 * the {@code ;} and evaluate the second part (OWASP "CSV Injection": the separator and quotes need care too, not only
 * the first character). Inside quotes a separator is text.
 *
 * <p>Before both, control characters are shown visibly in the terminal rule's notation ({@link TerminalText#escape}:
 * {@code \e}, {@code \xNN}, {@code &#92;uNNNN} for C0, DEL, C1, bidi overrides and isolates, line separators, an
 * unpaired surrogate), tab and line feed too ({@code \x09}, {@code \x0a}): a {@code cat frames.csv} must not send a
 * device's ESC to the terminal, and a cell stays on one line, so no reader ends a row inside it and no reader trims a
 * control off its end. This is lossy (a title holding ESC and one holding the two characters {@code \e} read back
 * the same); summary.json keeps the exact text (docs/formats.md 6).
 */
public final class CsvText {
    private CsvText() {
    }

    /**
     * {@code deviceText} as a CSV cell: an apostrophe in front of a formula start ({@link #triggers}) where a
     * spreadsheet may start a cell: at its start, and after every {@code ;} (a {@code ;}-locale reader splits there,
     * also inside quotes that do not open its cell) and every CR or LF (the same reader ends the row there). A
     * {@code ,} needs none: in a {@code ,} reader every device cell is quoted, so a {@code ,} in it is text, and a
     * {@code ;} reader does not split at it (RFC 4180 section 2; OWASP "CSV Injection"). After a {@code ,} only an
     * apostrophe that {@link #read} would take away (one followed by a trigger) gets a second one, so files written
     * by the version that marked {@code ,} too still read back as they were written.
     */
    public static String cell(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String deviceText = visible(text);
        StringBuilder b = null;
        for (int i = 0; i < deviceText.length(); i++) {
            char c = deviceText.charAt(i);
            boolean mark = segmentStart(deviceText, i) && triggers(c)
                    || i > 0 && deviceText.charAt(i - 1) == ',' && c == '\''
                    && i + 1 < deviceText.length() && triggers(deviceText.charAt(i + 1));
            if (mark && b == null) {
                b = new StringBuilder(deviceText.length() + 4).append(deviceText, 0, i);
            }
            if (mark) {
                b.append('\'');
            }
            if (b != null) {
                b.append(c);
            }
        }
        return b == null ? deviceText : b.toString();
    }

    /**
     * {@code s} with every character the terminal rule rewrites shown as it does, and tab and line feed as
     * {@code \x09} and {@code \x0a}; {@code s} itself when it holds none (the common case: no copy per row).
     */
    static String visible(String s) {
        boolean any = false;
        for (int i = 0; i < s.length() && !any; i++) {
            char c = s.charAt(i);
            any = c < 0x20 || (c >= 0x7f && c < 0xa0) || (c >= '\u2028' && c <= '\u202e')
                    || (c >= '\u2066' && c <= '\u2069') || c == TerminalText.MARK || Character.isSurrogate(c);
        }
        if (!any) {
            return s;
        }
        String shown = TerminalText.escape(s);
        return shown.indexOf('\t') < 0 && shown.indexOf('\n') < 0 ? shown
                : shown.replace("\t", "\\x09").replace("\n", "\\x0a");
    }

    /** Whether a spreadsheet may start a cell at {@code i}: the start, after a {@code ;}, a CR or a LF. */
    private static boolean segmentStart(CharSequence s, int i) {
        if (i == 0) {
            return true;
        }
        char p = s.charAt(i - 1);
        return p == ';' || p == '\r' || p == '\n';
    }

    /**
     * A spreadsheet reads a cell starting with this as a formula (OWASP: {@code = + - @}, tab, CR), or as a quoted
     * field whose text after the closing quote it appends ({@code ""=1+2} after a {@code ;}), or it is the
     * apostrophe itself.
     */
    private static boolean triggers(char c) {
        return switch (c) {
            case '=', '+', '-', '@', '\t', '\r', '\'', '"' -> true;
            default -> false;
        };
    }

    /**
     * Prints one record to {@code printer} (made by {@code format}): the cells whose index is marked in
     * {@code deviceText} hold the device's text as it was sent and are written here, and only here, by the rule
     * ({@link #cell}: shown visibly, formula starts marked), always quoted unless empty (RFC 4180 quotes, inner
     * quotes doubled); the others as the printer's format says (quoted only when they must be: fpsctl's own numbers
     * and keys stay bare). A writer marks a column and hands its text over raw, so no column of device text can miss
     * the rule by a call site forgetting it.
     */
    public static void printRecord(CSVPrinter printer, CSVFormat format, CSVFormat quoted, Object[] cells,
                                   boolean[] deviceText) throws IOException {
        Appendable out = printer.getOut();
        for (int i = 0; i < cells.length; i++) {
            Object v = cells[i] == null ? "" : cells[i];
            boolean q = i < deviceText.length && deviceText[i] && !"".equals(v); // an empty cell holds nothing
            (q ? quoted : format).print(q ? cell(v.toString()) : v, out, i == 0);
        }
        printer.println();
    }

    /** {@code format} quoting every cell: the {@code quoted} format of {@link #printRecord}. */
    public static CSVFormat quoting(CSVFormat format) {
        return format.builder().setQuoteMode(QuoteMode.ALL).build();
    }

    /**
     * The device text a cell written by {@link #cell} holds: one apostrophe less wherever it added one (at a cell
     * start, after {@code ;}, {@code ,}, CR or LF, when a trigger follows). The text as {@link #cell} showed it: control
     * characters stay in their visible form (lossy, see the class); for older files, which kept them raw, see
     * docs/formats.md, "What a reader of the CSV gets".
     */
    public static String read(String cell) {
        if (cell == null || cell.indexOf('\'') < 0) {
            return cell;
        }
        StringBuilder b = new StringBuilder(cell.length());
        for (int i = 0; i < cell.length(); i++) {
            char c = cell.charAt(i);
            // every character of the text keeps its predecessor in the cell, so a start there is one in the text
            if (c == '\'' && (segmentStart(cell, i) || cell.charAt(i - 1) == ',')
                    && i + 1 < cell.length() && triggers(cell.charAt(i + 1))) {
                continue;
            }
            b.append(c);
        }
        return b.toString();
    }
}
