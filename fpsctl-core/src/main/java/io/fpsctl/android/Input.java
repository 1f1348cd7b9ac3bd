package io.fpsctl.android;

/** {@code input swipe <x1> <y1> <x2> <y2> <ms>}: one swipe; it returns when the swipe is done on a phone. */
public final class Input {

    private Input() {
    }

    /** The command that swipes from ({@code x1}, {@code y1}) to ({@code x2}, {@code y2}) in {@code ms}. */
    public static String swipe(int x1, int y1, int x2, int y2, long ms) {
        return ShellQuote.command("input swipe", Integer.toString(x1), Integer.toString(y1), Integer.toString(x2),
                Integer.toString(y2), Long.toString(ms));
    }
}
