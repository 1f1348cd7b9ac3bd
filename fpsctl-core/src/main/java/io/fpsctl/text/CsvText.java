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
 */
public final class CsvText {
    private CsvText() {
    }

    /**
     * {@code deviceText} as a CSV cell: an apostrophe in front when a spreadsheet would read it as a formula, at its
     * start and after every {@code ;} or {@code ,} in it (where a reader with another list separator starts a cell).
     */
    public static String cell(String deviceText) {
        if (deviceText == null || deviceText.isEmpty()) {
            return deviceText;
        }
        StringBuilder b = null;
        for (int i = 0; i < deviceText.length(); i++) {
            if (segmentStart(deviceText, i) && triggers(deviceText.charAt(i))) {
                if (b == null) {
                    b = new StringBuilder(deviceText.length() + 4).append(deviceText, 0, i);
                }
                b.append('\'');
            }
            if (b != null) {
                b.append(deviceText.charAt(i));
            }
        }
        return b == null ? deviceText : b.toString();
    }

    /** Whether a cell (for some reader) starts at {@code i}: the start, or just after a list separator. */
    private static boolean segmentStart(CharSequence s, int i) {
        return i == 0 || s.charAt(i - 1) == ';' || s.charAt(i - 1) == ',';
    }

    /** A spreadsheet reads a cell starting with this as a formula (OWASP), or it is the apostrophe itself. */
    private static boolean triggers(char c) {
        return switch (c) {
            case '=', '+', '-', '@', '\t', '\r', '\'' -> true;
            default -> false;
        };
    }

    /**
     * Prints one record to {@code printer} (made by {@code format}): the cells whose index is marked in {@code deviceText} always quoted
     * unless empty
     * (RFC 4180 quotes, inner quotes doubled), the others as the printer's format says (quoted only when they must
     * be: fpsctl's own numbers and keys stay bare).
     */
    public static void printRecord(CSVPrinter printer, CSVFormat format, CSVFormat quoted, Object[] cells,
                                   boolean[] deviceText) throws IOException {
        Appendable out = printer.getOut();
        for (int i = 0; i < cells.length; i++) {
            Object v = cells[i] == null ? "" : cells[i];
            boolean q = i < deviceText.length && deviceText[i] && !"".equals(v); // an empty cell holds nothing
            (q ? quoted : format).print(v, out, i == 0);
        }
        printer.println();
    }

    /** {@code format} quoting every cell: the {@code quoted} format of {@link #printRecord}. */
    public static CSVFormat quoting(CSVFormat format) {
        return format.builder().setQuoteMode(QuoteMode.ALL).build();
    }

    /** The device text a cell written by {@link #cell} holds: one apostrophe less at each place it added one. */
    public static String read(String cell) {
        if (cell == null || cell.indexOf('\'') < 0) {
            return cell;
        }
        StringBuilder b = new StringBuilder(cell.length());
        for (int i = 0; i < cell.length(); i++) {
            char c = cell.charAt(i);
            // a list separator of the written cell is one of the text: its place in the cell and in the text agree
            if (c == '\'' && (i == 0 || cell.charAt(i - 1) == ';' || cell.charAt(i - 1) == ',')
                    && i + 1 < cell.length() && triggers(cell.charAt(i + 1))) {
                continue;
            }
            b.append(c);
        }
        return b.toString();
    }
}
