package io.fpsctl.android.resources;

import io.fpsctl.android.DumpFormatException;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code cpu} lines of {@code /proc/stat}: kernel {@code fs/proc/stat.c show_stat} prints {@code "cpu "} then,
 * per CPU, {@code "cpu%d"}, each followed by user, nice, system, idle, iowait, irq, softirq, steal, guest,
 * guest_nice in clock ticks ({@code nsec_to_clock_t}); kernels before 2.6.33 stop before guest_nice, before 2.6.24
 * before guest. An offline CPU has no line. Only these lines are read ({@code grep '^cpu'}): the {@code intr} line
 * alone can be kilobytes.
 */
public final class ProcStat {
    static final String COMMAND = "grep ^cpu /proc/stat";

    private ProcStat() {
    }

    /** All cpu lines, the {@code cpu} total first as the kernel prints it. */
    public static List<CpuTicks> parse(String text) throws DumpFormatException {
        List<CpuTicks> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            String s = line.strip();
            if (s.isEmpty()) {
                continue;
            }
            String[] f = s.split("\\s+");
            if (!f[0].matches("cpu\\d*") || f.length < 5) {
                throw new DumpFormatException("/proc/stat line is not \"cpu[N] user nice system idle ...\": " + s);
            }
            long total = 0;
            long idle = 0;
            // user nice system idle iowait irq softirq steal (f[1..8]); guest, guest_nice (f[9], f[10]) are already
            // inside user and nice (kernel/sched/cputime.c account_guest_time adds them to both).
            for (int k = 1; k < f.length && k <= 8; k++) {
                long v = parseTicks(f[k], s);
                total += v;
                if (k == 4 || k == 5) {
                    idle += v;
                }
            }
            out.add(new CpuTicks(f[0], total - idle, total));
        }
        return out;
    }

    private static long parseTicks(String v, String line) throws DumpFormatException {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new DumpFormatException("/proc/stat: '" + v + "' is not a tick count in: " + line);
        }
    }
}
