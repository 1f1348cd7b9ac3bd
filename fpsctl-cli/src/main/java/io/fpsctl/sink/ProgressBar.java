package io.fpsctl.sink;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * A progress bar on the terminal's last line ({@code [#####     ]  50 %}, no line end), redrawn in place; a note
 * printed meanwhile takes the bar's line and the bar is drawn again below it at the next {@link #draw}.
 */
public final class ProgressBar {
    private static final int WIDTH = 30;

    private final PrintWriter err;
    /** The bar (no line end) is on the terminal's last line. */
    private boolean shown;

    public ProgressBar(PrintWriter err) {
        this.err = err;
    }

    /** Prints one line of text, taking the bar's line when it is shown. */
    public void line(String text) {
        if (shown) {
            err.print(Ansi.CR + Ansi.CLEAR_LINE);
            shown = false;
        }
        err.println(text);
        err.flush();
    }

    /** Draws the bar at {@code done} (0 to 1). */
    public void draw(double done) {
        int filled = (int) Math.round(done * WIDTH);
        err.printf(Locale.ROOT, "%s[%s%s] %3.0f %%", Ansi.CR + Ansi.CLEAR_LINE, "#".repeat(filled),
                " ".repeat(WIDTH - filled), done * 100);
        shown = true;
        err.flush();
    }

    /** Clears the bar's line. */
    public void clear() {
        err.print(Ansi.CR + Ansi.CLEAR_LINE);
        shown = false;
        err.flush();
    }
}
