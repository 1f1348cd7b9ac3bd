package io.fpsctl.android.resources;

import io.fpsctl.android.DumpFormatException;

/**
 * {@code VmRSS} of {@code /proc/<pid>/status}: kernel {@code fs/proc/task_mmu.c task_mem} prints
 * {@code SEQ_PUT_DEC("VmRSS:\t", total_rss)} then {@code " kB\n"}: the label, a tab, the value right-aligned in
 * 8 columns ({@code seq_put_decimal_ull_width(m, str, val << (PAGE_SHIFT-10), 8)}) and " kB" (Linux 4.x+; 3.x:
 * {@code "VmRSS:\t%8lu kB\n"}, the same text). A kernel thread has no VmRSS line.
 */
public final class ProcPidStatus {
    private ProcPidStatus() {
    }

    static String command(int pid) {
        return "grep VmRSS /proc/" + pid + "/status";
    }

    /** The resident set in kB, or null when the text has no VmRSS line. */
    public static Long parse(String text) throws DumpFormatException {
        for (String line : text.split("\n")) {
            String s = line.strip();
            if (!s.startsWith("VmRSS:")) {
                continue;
            }
            String[] f = s.substring("VmRSS:".length()).strip().split("\\s+");
            if (f.length != 2 || !f[1].equals("kB") || !f[0].matches("\\d+")) {
                throw new DumpFormatException("/proc/<pid>/status: VmRSS is not \"<n> kB\": " + s);
            }
            return Long.parseLong(f[0]);
        }
        return null;
    }
}
