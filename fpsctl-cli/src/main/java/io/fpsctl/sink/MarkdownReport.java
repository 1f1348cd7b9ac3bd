package io.fpsctl.sink;

import io.fpsctl.text.TerminalText;
import io.fpsctl.verdict.GateCheck;
import io.fpsctl.verdict.GateResult;
import io.fpsctl.verdict.GateCheck.Verdict;
import java.io.PrintWriter;

/**
 * A {@link GateResult} as a GitHub-flavoured Markdown section, for pull-request comments and
 * {@code $GITHUB_STEP_SUMMARY}: a heading with the overall result and a table of the checks. Cell text is escaped
 * ({@code |}, backticks, backslash, line breaks, HTML-significant characters) so a value cannot break the table.
 */
public final class MarkdownReport {
    private MarkdownReport() {
    }

    /**
     * @param subject what was measured, e.g. {@code com.example (gfxinfo, 240 frames)}; null to omit
     */
    public static void write(GateResult result, String subject, PrintWriter out) {
        out.println("### fpsctl gate: " + (result.passed() ? "✅ passed" : "❌ failed")
                + (result.partial() ? " (partial run)" : ""));
        out.println();
        if (subject != null && !subject.isBlank()) {
            out.println(cell(subject));
            out.println();
        }
        out.println("| Check | Threshold | Measured | Result |");
        out.println("|---|---|---|---|");
        for (GateCheck c : result.checks()) {
            out.println("| " + cell(c.metric()) + " | " + cell(c.threshold()) + " | " + cell(c.measured()) + " | "
                    + icon(c.verdict()) + " " + GateTable.word(c.verdict()) + " |");
        }
        out.println();
        out.println(cell(result.headline()));
        out.flush();
    }

    private static String icon(Verdict v) {
        return switch (v) {
            case PASS -> "✅";
            case FAIL -> "❌";
            case NA -> "➖";
            case INFO -> "ℹ️";
        };
    }

    /**
     * Escapes text for a table cell (and the subject and headline lines). A line break becomes a space; every other
     * control character, C1 control and bidi override or isolate is shown as on the terminal ({@code \\e},
     * {@code \\xNN}, {@code \\uNNNN}: {@link TerminalText#escape}), because a CI may {@code cat} the file or post it,
     * and device text (a serial, a device's error) reaches it; then Markdown's own characters are escaped, so the
     * backslash of such a form shows as one.
     */
    static String cell(String text) {
        String s = TerminalText.escape(text.replace('\r', ' ').replace('\n', ' '));
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '|' -> b.append("\\|");
                case '`' -> b.append("\\`"); // a device name cannot open a code span that swallows the table
                case '\\' -> b.append("\\\\");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                // device text cannot make a link or an image ([x](y), ![x](y)) nor emphasis: CommonMark 0.31
                // section 2.4 lets a backslash escape any ASCII punctuation, shown as the character itself
                case '[', ']', '*', '_', '~' -> b.append('\\').append(ch);
                case '\r', '\n' -> b.append(' ');
                default -> b.append(ch);
            }
        }
        return b.toString();
    }
}
