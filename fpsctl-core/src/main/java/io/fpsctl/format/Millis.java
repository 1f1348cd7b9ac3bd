package io.fpsctl.format;

/** Exact nanosecond → millisecond text for data files: at least 2 decimals, at most 6, no rounding. */
public final class Millis {
    private Millis() {
    }

    public static String format(long ns) {
        StringBuilder sb = new StringBuilder(16);
        if (ns < 0) {
            sb.append('-');
            ns = -ns;
        }
        sb.append(ns / 1_000_000).append('.');
        long frac = ns % 1_000_000;
        String f = Long.toString(frac + 1_000_000).substring(1); // six digits, zero padded
        int len = 6;
        while (len > 2 && f.charAt(len - 1) == '0') {
            len--;
        }
        return sb.append(f, 0, len).toString();
    }
}
