package io.fpsctl.android.resources;

import io.fpsctl.source.DumpFormatException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
    /** From the ')' after the comm: " S ppid pgrp ...": the numeric tail of the line. */
    private static final Pattern TAIL = Pattern.compile("\\) [A-Za-z] -?\\d+(?: -?\\d+)*\\s*");
    private static final Pattern HEAD = Pattern.compile("(\\d+) \\(");

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
            Matcher head = HEAD.matcher(text).region(i, n);
            if (!head.lookingAt()) {
                throw new DumpFormatException("not a /proc stat line (expected \"<pid> (<comm>) <state> ...\"): "
                        + excerpt(text, i));
            }
            int commStart = head.end();
            // The comm's ')' is the last one, within MAX_COMM bytes (+1 for the ')' itself, and a little slack for
            // multi-byte chars counted as one Java char), whose line continues with the numeric tail.
            int close = -1;
            int lineEnd = -1;
            int limit = Math.min(n, commStart + MAX_COMM * 4 + 1);
            for (int j = commStart; j < limit; j++) {
                if (text.charAt(j) != ')') {
                    continue;
                }
                int eol = text.indexOf('\n', j);
                int end = eol < 0 ? n : eol;
                if (TAIL.matcher(text).region(j, end).matches()) {
                    close = j;
                    lineEnd = end;
                }
            }
            if (close < 0) {
                throw new DumpFormatException("/proc stat line without \") <state> <numbers>\" after the comm: "
                        + excerpt(text, i));
            }
            String[] f = text.substring(close + 2, lineEnd).strip().split(" +");
            // f[0] is field 3 (state); field k is f[k - 3].
            if (f.length < 13) {
                throw new DumpFormatException("/proc stat line with " + (f.length + 2)
                        + " fields, proc(5) has at least 15 (utime, stime): " + excerpt(text, i));
            }
            out.add(new ThreadTicks(Integer.parseInt(head.group(1)), text.substring(commStart, close),
                    Long.parseLong(f[14 - 3]), Long.parseLong(f[15 - 3])));
            i = lineEnd;
        }
        return out;
    }

    private static String excerpt(String text, int from) {
        int eol = text.indexOf('\n', from);
        String line = text.substring(from, eol < 0 ? text.length() : eol);
        return line.length() > 80 ? line.substring(0, 80) + "…" : line;
    }
}
