package io.fpsctl.capture;

import io.fpsctl.android.BootClock;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceGoneException;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.ShellResult;
import java.time.Duration;

/**
 * Which boot of the device a capture reads (docs/metrics.md "Coverage" rule 5): the kernel's boot id and its clock,
 * read before the first poll and again after every reconnect, so a device that restarted while it was away is
 * told apart from one that only lost its connection.
 *
 * <p>One command, {@link BootClock#COMMAND}; {@link BootClock} reads its answer (a device whose shell may not read
 * one of the two files still gives the other).
 */
public final class DeviceBoot {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);
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
            ShellResult r = device.shell(BootClock.COMMAND, TIMEOUT);
            return parse(r.stdout(), host);
        } catch (DeviceGoneException e) {
            throw e;
        } catch (DeviceException e) {
            return new Reading(null, -1, host); // a timeout or a refused command: not known
        }
    }

    /** The reading in {@code stdout} of {@link BootClock#COMMAND}, taken at host time {@code hostNs}. */
    static Reading parse(String stdout, long hostNs) {
        return new Reading(BootClock.bootId(stdout), BootClock.uptimeNs(stdout), hostNs);
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
