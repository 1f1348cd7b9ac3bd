package io.fpsctl.android.resources;

import io.fpsctl.android.DumpFormatException;

/**
 * {@code /proc/uptime}: kernel {@code fs/proc/uptime.c uptime_proc_show}: {@code "%lu.%02lu %lu.%02lu\n"}, the
 * seconds since boot ({@code ktime_get_boottime_ts64}: CLOCK_BOOTTIME, counting suspend) and the idle seconds of
 * all CPUs, both to 10 ms.
 */
public final class ProcUptime {
    static final String COMMAND = "cat /proc/uptime";

    private ProcUptime() {
    }

    /** The first field, seconds since boot. */
    public static double parse(String text) throws DumpFormatException {
        String[] f = text.strip().split("\\s+");
        if (f.length < 2 || !f[0].matches("\\d+\\.\\d{2}")) {
            throw new DumpFormatException("/proc/uptime is not \"<seconds>.<hundredths> <idle>\": " + text.strip());
        }
        return Double.parseDouble(f[0]);
    }
}
