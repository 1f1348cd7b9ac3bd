package io.fpsctl.text;

/**
 * The rule for device text in a Prometheus label value (docs/formats.md 6). The text exposition format lets a label
 * value hold any UTF-8 and escapes only backslash, double quote and line feed in it (prometheus/docs, "Exposition
 * formats", text-based format, label_value), so
 * ESC, the other C0 and the C1 controls and the bidi overrides would reach whoever reads {@code /metrics} on a
 * terminal ({@code curl}) raw. They are replaced here by the terminal's visible forms ({@link TerminalText#escape}:
 * {@code \e}, {@code \xNN}, &#92;uNNNN) before the client library writes the value; the library then escapes
 * the backslash of those forms as the format says. A backslash the text itself holds is doubled first, so the
 * mapping is one to one: a title holding ESC ({@code \e}) and one holding the two characters backslash and e
 * ({@code \\e}) stay two series, as they are two windows (each holds a {@code --max-windows} slot).
 */
public final class PrometheusText {
    private PrometheusText() {
    }

    /** {@code deviceText} as a label value: no control character, no bidi override; null stays null. */
    public static String label(String deviceText) {
        return deviceText == null ? null : TerminalText.escape(deviceText.replace("\\", "\\\\"));
    }
}
