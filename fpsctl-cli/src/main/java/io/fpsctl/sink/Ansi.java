package io.fpsctl.sink;

import io.fpsctl.text.TerminalText;

/**
 * The few ANSI escape sequences fpsctl's terminal sinks use. Package-private: an implementation detail. Built from
 * {@link TerminalText}'s own ESC and CR, the only control characters the terminal writer passes raw
 * (docs/outputs-and-signals.md, "Text from a device on the terminal").
 */
final class Ansi {
    static final String ESC = TerminalText.ESC + "[";
    /** fpsctl's own carriage return. */
    static final String CR = TerminalText.CR;
    static final String RESET = ESC + "0m";
    static final String BOLD = ESC + "1m";
    static final String RED = ESC + "31m";
    static final String GREEN = ESC + "32m";
    static final String YELLOW = ESC + "33m";
    static final String DIM = ESC + "2m";
    /** Erase the whole line the cursor is on. */
    static final String CLEAR_LINE = ESC + "2K";
    /** Erase from the cursor to the end of the screen. */
    static final String CLEAR_DOWN = ESC + "J";

    private Ansi() {
    }

    /** Moves the cursor up {@code n} lines, to column 1. */
    static String up(int n) {
        return n <= 0 ? CR : CR + ESC + n + "A";
    }

    /** {@code text} in {@code style} when {@code on}, else unchanged. */
    static String style(boolean on, String style, String text) {
        return on && style != null ? style + text + RESET : text;
    }

    /** Characters a terminal shows for {@code s}: escape sequences take no column. */
    static int visibleLength(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.startsWith(ESC, i)) {
                i = endOfEscape(s, i);
            } else if (s.startsWith(CR, i)) {
                i += CR.length() - 1; // back to column 1: takes none
            } else if (!Character.isLowSurrogate(s.charAt(i))) {
                n++;
            }
        }
        return n;
    }

    /**
     * {@code s} cut to at most {@code width} visible columns (the last one an ellipsis when cut), styles closed:
     * a line that never wraps, so an in-place redraw stays in place.
     */
    static String fit(String s, int width) {
        if (visibleLength(s) <= width) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        int n = 0;
        boolean styled = false;
        for (int i = 0; i < s.length(); i++) {
            if (s.startsWith(ESC, i)) {
                int end = endOfEscape(s, i);
                String seq = s.substring(i, end + 1);
                b.append(seq);
                styled = !seq.equals(RESET);
                i = end;
                continue;
            }
            if (s.startsWith(CR, i)) {
                b.append(CR);
                i += CR.length() - 1;
                continue;
            }
            if (n == width - 1) {
                break;
            }
            b.append(s.charAt(i));
            if (!Character.isHighSurrogate(s.charAt(i))) {
                n++;
            }
        }
        b.append(width > 0 ? "…" : "");
        return styled ? b + RESET : b.toString();
    }

    private static int endOfEscape(String s, int at) {
        int i = at + ESC.length();
        while (i < s.length() && !Character.isLetter(s.charAt(i))) {
            i++;
        }
        return Math.min(i, s.length() - 1);
    }
}
