package io.fpsctl.android.resources;

import io.fpsctl.android.DumpFormatException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code /proc/<pid>/stat} and {@code /proc/<pid>/task/<tid>/stat}: one line per task printed by the kernel's
 * {@code fs/proc/array.c do_task_stat} (Linux 3.10 to 6.x, the kernels Android 6 to 16 ship):
 * {@code seq_put_decimal_ull(m, "", pid); seq_puts(m, " ("); proc_task_name(m, task, false); seq_puts(m, ") ");
 * seq_putc(m, state); ...} then space-separated decimals, {@code '\n'} at the end. proc(5): (1) pid, (2) comm in
 * parentheses, (3) state, (4) ppid … (14) utime, (15) stime in clock ticks.
 * <p>
 * The comm is printed unescaped ({@code proc_task_name(..., escape=false)}; only {@code status} escapes it), up to
 * {@code TASK_COMM_LEN - 1} = 15 bytes, and a thread may name itself anything with {@code prctl(PR_SET_NAME)} or
 * {@code /proc/self/task/<tid>/comm}: spaces, {@code (}, {@code )}, even a newline. So the comm ends at the LAST
 * {@code ')'} that is followed by {@code " <state> "} and then only numbers up to the end of the line (proc(5): "use
 * strrchr(')')"), and a record may span lines.
 */
public final class ProcPidStat {
    /** Longest comm the kernel prints for a user task: TASK_COMM_LEN 16 minus the NUL. */
    static final int MAX_COMM = 15;

    private ProcPidStat() {
    }

    /** The command that prints the process's own line (fields 14+15 summed over its threads, dead ones included). */
    static String processCommand(int pid) {
        return "cat /proc/" + pid + "/stat";
    }

    /** The command that prints one line per live thread; one {@code cat} for all of them (cost: one process). */
    static String tasksCommand(int pid) {
        return "cat /proc/" + pid + "/task/*/stat";
    }

    /**
     * Every task record in {@code text} (one or more stat files concatenated), in order.
     *
     * @throws DumpFormatException when a record has no numeric tail or too few fields, or the text holds anything
     *                             else
     */
    public static List<ThreadTicks> parse(String text) throws DumpFormatException {
        List<ThreadTicks> out = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            if (i >= n) {
                break;
            }
            int digits = i;
            while (digits < n && text.charAt(digits) >= '0' && text.charAt(digits) <= '9') {
                digits++;
            }
            if (digits == i || !text.startsWith(" (", digits)) {
                throw new DumpFormatException("not a /proc stat line (expected \"<pid> (<comm>) <state> ...\"): "
                        + excerpt(text, i));
            }
            int commStart = digits + 2;
            // The comm's ')' is the last one, within MAX_COMM bytes (+1 for the ')' itself, and a little slack for
            // multi-byte chars counted as one Java char), whose line continues with the numeric tail: search
            // backwards and take the first that fits.
            int close = -1;
            int lineEnd = -1;
            int limit = Math.min(n, commStart + MAX_COMM * 4 + 1);
            for (int j = limit - 1; j >= commStart && close < 0; j--) {
                if (text.charAt(j) != ')') {
                    continue;
                }
                int eol = text.indexOf('\n', j);
                int end = eol < 0 ? n : eol;
                if (isTail(text, j, end)) {
                    close = j;
                    lineEnd = end;
                }
            }
            if (close < 0) {
                throw new DumpFormatException("/proc stat line without \") <state> <numbers>\" after the comm: "
                        + excerpt(text, i));
            }
            // Fields 3.. after ") ": field k starts the (k - 3)th space-separated word; utime is 14, stime 15.
            long utime = -1;
            long stime = -1;
            int field = 3;
            int k = close + 2;
            while (k < lineEnd && field <= 15) {
                int w = k;
                while (w < lineEnd && text.charAt(w) != ' ') {
                    w++;
                }
                try {
                    if (field == 14) {
                        utime = Long.parseLong(text, k, w, 10);
                    } else if (field == 15) {
                        stime = Long.parseLong(text, k, w, 10);
                    }
                } catch (NumberFormatException e) {
                    throw new DumpFormatException("/proc stat field " + field + " is not a tick count: "
                            + excerpt(text, i));
                }
                field++;
                k = w + 1;
            }
            if (stime < 0) {
                throw new DumpFormatException("/proc stat line with " + (field - 1)
                        + " fields, proc(5) has at least 15 (utime, stime): " + excerpt(text, i));
            }
            out.add(new ThreadTicks(Integer.parseInt(text, i, digits, 10), text.substring(commStart, close),
                    utime, stime));
            i = lineEnd;
        }
        return out;
    }

    /** {@code text[close, end)} is {@code ") <letter> <number>[ <number>…]"}, maybe with trailing blanks. */
    private static boolean isTail(String text, int close, int end) {
        if (end - close < 6 || text.charAt(close + 1) != ' ' || !Character.isLetter(text.charAt(close + 2))
                || text.charAt(close + 3) != ' ') {
            return false;
        }
        boolean digit = false;
        for (int k = close + 4; k < end; k++) {
            char c = text.charAt(k);
            if (c >= '0' && c <= '9') {
                digit = true;
            } else if (c != ' ' && c != '-' && c != '\r' && c != '\t') {
                return false;
            }
        }
        return digit;
    }

    private static String excerpt(String text, int from) {
        int eol = text.indexOf('\n', from);
        String line = text.substring(from, eol < 0 ? text.length() : eol);
        return line.length() > 80 ? line.substring(0, 80) + "…" : line;
    }
}
