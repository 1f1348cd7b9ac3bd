package io.fpsctl.sim.device;

import java.util.List;

/**
 * toybox {@code ps}'s column layout with {@code -w} (stdout not a terminal): {@code get_headers} and
 * {@code show_ps} of {@code toys/posix/ps.c}. A negative width left-justifies. Titles are all padded; in a row
 * the last left-justified value is not, an over-wide value is printed whole and the overflow is taken back from
 * later columns that have room.
 */
final class ToyboxColumns {

    private final List<String> titles;
    private final int[] widths;

    ToyboxColumns(List<String> titles, int[] widths) {
        if (titles.size() != widths.length) {
            throw new IllegalArgumentException("one width per title");
        }
        this.titles = List.copyOf(titles);
        this.widths = widths.clone();
    }

    /** {@code " %*s"} per title (no leading space on the first). */
    String header() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < widths.length; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(pad(titles.get(i), widths[i]));
        }
        return sb.toString();
    }

    /** One row of values in column order. */
    String row(List<String> values) {
        StringBuilder sb = new StringBuilder();
        int extra = 0;
        for (int i = 0; i < widths.length; i++) {
            String s = values.get(i);
            if (i > 0) {
                sb.append(' ');
            }
            int abslen = Math.abs(widths[i]);
            boolean left = widths[i] < 0;
            int olen = s.length();
            if (olen > abslen) {
                extra += olen - abslen;
                abslen = olen;
            } else if (extra > 0 && olen < abslen) {
                int unused = Math.min(abslen - olen, extra);
                abslen -= unused;
                extra -= unused;
            }
            if (i == widths.length - 1 && left) {
                sb.append(s);
            } else {
                sb.append(pad(s, left ? -abslen : abslen));
            }
        }
        return sb.toString();
    }

    private static String pad(String s, int width) {
        int n = Math.abs(width) - s.length();
        if (n <= 0) {
            return s;
        }
        String spaces = " ".repeat(n);
        return width < 0 ? s + spaces : spaces + s;
    }
}
