package io.fpsctl.testing;

/** Device text as an attacker writes it, and the check that a sink shows none of it raw. */
public final class HostileText {
    /**
     * A window title that sets the terminal's title (OSC 0), clears the screen (CSI 2J), turns text red (SGR 31),
     * plants a hyperlink (OSC 8), rings the bell and overwrites the line (CR). Any app can set it
     * ({@code Activity.setTitle}).
     */
    public static final String HOSTILE = "\u001b]0;PWNED\u0007\u001b[2J\u001b[31mRED\u001b]8;;http://evil.example/"
            + "\u0007CLICKME\u001b]8;;\u0007\rFAKEOVERWRITE";

    private HostileText() {
    }

    /**
     * {@code s} as a CSV cell of device text shows it (docs/formats.md 6), written here from that rule rather than
     * through fpsctl's code: ESC {@code \e}, every other C0 control (tab and line feed too) {@code \xNN}; DEL, C1,
     * U+2028–U+202E, U+2066–U+2069, U+E01B and an unpaired surrogate as a backslash, {@code u} and four hex digits.
     */
    public static String shownInCsv(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean paired = Character.isHighSurrogate(c)
                    ? i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
                    : Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
            if (c == 0x1b) {
                b.append("\\e");
            } else if (c < 0x20) {
                b.append(String.format("\\x%02x", (int) c));
            } else if (c == 0x7f || (c >= 0x80 && c < 0xa0) || (c >= 0x2028 && c <= 0x202e)
                    || (c >= 0x2066 && c <= 0x2069) || c == 0xe01b || (Character.isSurrogate(c) && !paired)) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * Fails when {@code s} holds a control character other than line feed and tab, DEL, a C1 control, a bidi
     * override or isolate, a line or paragraph separator, an unpaired surrogate, or the terminal rule's own mark.
     */
    public static void assertNoRawControl(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean bad = (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c < 0xa0)
                    || (c >= '\u202a' && c <= '\u202e') || (c >= '\u2066' && c <= '\u2069') || c == '\u2028'
                    || c == '\u2029' || c == '\ue01b'
                    || (Character.isHighSurrogate(c) && (i + 1 == s.length()
                            || !Character.isLowSurrogate(s.charAt(i + 1))))
                    || (Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(s.charAt(i - 1))));
            if (bad) {
                int from = Math.max(0, i - 40);
                throw new AssertionError(String.format("raw U+%04X at %d: …%s", (int) c, i,
                        s.substring(from, Math.min(s.length(), i + 40)).replaceAll("[\\p{Cc}\\p{Cf}]", "¤")));
            }
        }
    }
}
