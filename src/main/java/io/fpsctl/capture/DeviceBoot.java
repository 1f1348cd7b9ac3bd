package io.fpsctl.capture;

import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceGoneException;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.ShellResult;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which boot of the device a capture reads (docs/metrics.md "Coverage" rule 5): the kernel's boot id and its clock,
 * read before the first poll and again after every reconnect, so a device that restarted while it was away is
 * told apart from one that only lost its connection.
 *
 * <p>One command, {@code cat /proc/sys/kernel/random/boot_id /proc/uptime}:
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
public final class DeviceBoot {

    /** The command; the two files in this order. */
    static final String COMMAND = "cat /proc/sys/kernel/random/boot_id /proc/uptime";
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final Pattern UUID = Pattern.compile(
            "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", Pattern.MULTILINE);
    private static final Pattern UPTIME = Pattern.compile("^([0-9]{1,12})\\.([0-9]{2}) [0-9]+\\.[0-9]{2}$",
            Pattern.MULTILINE);
    /** How far the device's clock may fall behind the host's across a reconnect before it counts as restarted. */
    private static final long CLOCK_SLACK_NS = 2_000_000_000L;

    /**
     * One reading.
     *
     * @param bootId   the boot id, or null when it could not be read
     * @param uptimeNs the device's CLOCK_BOOTTIME, ns (10 ms resolution), or -1 when it could not be read
     * @param hostNs   the host clock when it was read
     */
    public record Reading(String bootId, long uptimeNs, long hostNs) {

        /** Nothing could be read. */
        public boolean unknown() {
            return bootId == null && uptimeNs < 0;
        }
    }

    private DeviceBoot() {
    }

    /**
     * Reads the boot id and uptime of {@code device}.
     *
     * @throws DeviceGoneException when the device went away (again)
     */
    public static Reading read(Device device, HostClock clock) {
        long host = clock.nanoTime();
        try {
            ShellResult r = device.shell(COMMAND, TIMEOUT);
            return parse(r.stdout(), host);
        } catch (DeviceGoneException e) {
            throw e;
        } catch (DeviceException e) {
            return new Reading(null, -1, host); // a timeout or a refused command: not known
        }
    }

    /** The reading in {@code stdout} of {@link #COMMAND}, taken at host time {@code hostNs}. */
    static Reading parse(String stdout, long hostNs) {
        Matcher id = UUID.matcher(stdout);
        String bootId = id.find() ? id.group() : null;
        Matcher up = UPTIME.matcher(stdout);
        long uptime = -1;
        if (up.find()) {
            uptime = Long.parseLong(up.group(1)) * 1_000_000_000L + Long.parseLong(up.group(2)) * 10_000_000L;
        }
        return new Reading(bootId, uptime, hostNs);
    }

    /**
     * Whether the device restarted between {@code before} and {@code after}: its boot id changed or, when a boot
     * id is missing, its clock advanced less than the host's by more than 2 s (it went back: a new boot).
     */
    public static boolean restarted(Reading before, Reading after) {
        if (before == null || after == null) {
            return false;
        }
        if (before.bootId() != null && after.bootId() != null) {
            return !before.bootId().equals(after.bootId());
        }
        if (before.uptimeNs() >= 0 && after.uptimeNs() >= 0) {
            long hostElapsed = after.hostNs() - before.hostNs();
            return after.uptimeNs() - before.uptimeNs() < hostElapsed - CLOCK_SLACK_NS;
        }
        return false;
    }
}
