package io.fpsctl.mcp;

/**
 * Text for a client's eyes: results' text summaries carry no raw control characters (a device can print any
 * byte; an agent's terminal may render escape sequences). JSON results need no such care: JSON escapes them.
 */
final class Text {
    private Text() {
    }

    /** {@code s} with every control character but newline as {@code \\uXXXX}, so it cannot steer a terminal. */
    static String safe(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean control = (c < 0x20 && c != '\n') || (c >= 0x7f && c < 0xa0) || c == '\u2028' || c == '\u2029';
            if (control && b == null) {
                b = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (b != null) {
                if (control) {
                    b.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
                } else {
                    b.append(c);
                }
            }
        }
        return b == null ? s : b.toString();
    }

    /** One line: {@link #safe}, newlines as spaces, at most 500 characters (an error message). */
    static String oneLine(String s) {
        String one = safe(s).replace('\n', ' ');
        return one.length() > 500 ? one.substring(0, 497) + "..." : one;
    }
}
