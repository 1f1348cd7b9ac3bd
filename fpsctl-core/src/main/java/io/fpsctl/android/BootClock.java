package io.fpsctl.android;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kernel's boot id and boot clock, read with one command, {@code cat /proc/sys/kernel/random/boot_id
 * /proc/uptime}:
 * <ul>
 *   <li>{@code boot_id}: Linux {@code drivers/char/random.c proc_do_uuid} (android-mainline, every kernel Android
 *       ships) prints the boot's random UUID with {@code "%pU"} (36 lowercase hex digits and dashes) and
 *       {@code proc_dostring} ends it with a newline; it is generated once per boot.</li>
 *   <li>{@code /proc/uptime}: Linux {@code fs/proc/uptime.c uptime_proc_show} prints
 *       {@code "%lu.%02lu %lu.%02lu\n"}: seconds since boot on CLOCK_BOOTTIME with two decimals, then idle time.
 *       CLOCK_BOOTTIME is CLOCK_MONOTONIC (the clock of every frame timestamp) plus the time spent suspended,
 *       so it reads the new boot's frame clock to within the suspended time (inferred: a phone that just booted
 *       for a test has not slept).</li>
 * </ul>
 * A device whose shell may not read one of them (cat prints an error for it on stderr) still gives the other.
 */
public final class BootClock {
    /** The command; the two files in this order. */
    public static final String COMMAND = "cat /proc/sys/kernel/random/boot_id /proc/uptime";
    private static final Pattern UUID = Pattern.compile(
            "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", Pattern.MULTILINE);
    private static final Pattern UPTIME = Pattern.compile("^([0-9]{1,12})\\.([0-9]{2}) [0-9]+\\.[0-9]{2}$",
            Pattern.MULTILINE);

    private BootClock() {
    }

    /** The boot id in {@code stdout} of {@link #COMMAND}, or null when it holds none. */
    public static String bootId(String stdout) {
        Matcher id = UUID.matcher(stdout);
        return id.find() ? id.group() : null;
    }

    /** The uptime (CLOCK_BOOTTIME, 10 ms resolution) in {@code stdout} of {@link #COMMAND}, ns; -1 when none. */
    public static long uptimeNs(String stdout) {
        Matcher up = UPTIME.matcher(stdout);
        if (!up.find()) {
            return -1;
        }
        return Long.parseLong(up.group(1)) * 1_000_000_000L + Long.parseLong(up.group(2)) * 10_000_000L;
    }
}
