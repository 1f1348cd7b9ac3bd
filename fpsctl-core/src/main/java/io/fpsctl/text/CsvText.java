package io.fpsctl.text;

/**
 * The CSV rule for a cell of device text (a window title, a serial, a thread name; docs/formats.md, "Device text in
 * CSV cells"): Commons CSV quotes it as RFC 4180 says, and before that a cell that starts with {@code =}, {@code +},
 * {@code -}, {@code @}, tab or carriage return gets a leading apostrophe, so a spreadsheet shows it as text and never
 * evaluates it as a formula (OWASP "CSV Injection"). A cell that starts with an apostrophe gets one more, so
 * {@link #read} can take exactly one away and every name reads back as it was. Numbers fpsctl writes itself are
 * never device text and are left alone (a negative value stays a number).
 */
public final class CsvText {
    private CsvText() {
    }

    /** {@code deviceText} as a CSV cell: an apostrophe in front when a spreadsheet would read it as a formula. */
    public static String cell(String deviceText) {
        if (deviceText == null || deviceText.isEmpty()) {
            return deviceText;
        }
        return switch (deviceText.charAt(0)) {
            case '=', '+', '-', '@', '\t', '\r', '\'' -> "'" + deviceText;
            default -> deviceText;
        };
    }

    /** The device text a cell written by {@link #cell} holds. */
    public static String read(String cell) {
        return cell != null && cell.startsWith("'") ? cell.substring(1) : cell;
    }
}
