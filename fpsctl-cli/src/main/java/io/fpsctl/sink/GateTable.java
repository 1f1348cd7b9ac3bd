package io.fpsctl.sink;

import io.fpsctl.verdict.GateCheck;
import io.fpsctl.verdict.GateResult;
import io.fpsctl.verdict.GateCheck.Verdict;
import java.io.PrintWriter;

/**
 * The terminal table of a {@link GateResult}: one row per check (check, threshold, measured, result) and a headline.
 * With {@code ansi} the result column is coloured (green PASS, red FAIL, dim n/a and info); the words are the same either way,
 * so nothing is lost without colour.
 */
public final class GateTable {
    private static final String[] HEAD = {"check", "threshold", "measured", "result"};

    private GateTable() {
    }

    public static void write(GateResult result, PrintWriter out, boolean ansi) {
        int[] w = new int[HEAD.length];
        for (int i = 0; i < HEAD.length; i++) {
            w[i] = HEAD[i].length();
        }
        for (GateCheck c : result.checks()) {
            w[0] = Math.max(w[0], c.metric().length());
            w[1] = Math.max(w[1], c.threshold().length());
            w[2] = Math.max(w[2], c.measured().length());
            w[3] = Math.max(w[3], word(c.verdict()).length());
        }
        out.println("  " + Ansi.style(ansi, Ansi.BOLD, pad(HEAD[0], w[0]) + "  " + pad(HEAD[1], w[1]) + "  "
                + pad(HEAD[2], w[2]) + "  " + HEAD[3]));
        for (GateCheck c : result.checks()) {
            out.println("  " + pad(c.metric(), w[0]) + "  " + pad(c.threshold(), w[1]) + "  " + pad(c.measured(), w[2])
                    + "  " + Ansi.style(ansi, colour(c.verdict()), word(c.verdict())));
        }
        out.println(Ansi.style(ansi, result.passed() ? Ansi.GREEN : Ansi.RED, result.headline()));
        out.flush();
    }

    /** The text of a verdict in every report: PASS, FAIL, n/a or info. */
    static String word(Verdict v) {
        return switch (v) {
            case NA -> "n/a";
            case INFO -> "info";
            default -> v.name();
        };
    }

    private static String colour(Verdict v) {
        return switch (v) {
            case PASS -> Ansi.GREEN;
            case FAIL -> Ansi.RED + Ansi.BOLD;
            case NA, INFO -> Ansi.DIM;
        };
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }
}
