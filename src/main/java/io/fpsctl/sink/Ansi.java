package io.fpsctl.sink;

/** The few ANSI escape sequences fpsctl's terminal sinks use. Package-private: an implementation detail. */
final class Ansi {
    static final String ESC = "\u001b[";
    static final String RESET = ESC + "0m";
    static final String BOLD = ESC + "1m";
    static final String RED = ESC + "31m";
    static final String GREEN = ESC + "32m";
    static final String YELLOW = ESC + "33m";
    static final String DIM = ESC + "2m";
    /** Erase the whole line the cursor is on. */
    static final String CLEAR_LINE = ESC + "2K";

    private Ansi() {
    }

    /** Moves the cursor up {@code n} lines, to column 1. */
    static String up(int n) {
        return n <= 0 ? "\r" : "\r" + ESC + n + "A";
    }

    /** {@code text} in {@code style} when {@code on}, else unchanged. */
    static String style(boolean on, String style, String text) {
        return on && style != null ? style + text + RESET : text;
    }
}
