package io.fpsctl.capture;

import io.fpsctl.android.Monkey;
import io.fpsctl.android.Am;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.ShellResult;
import java.time.Duration;

/**
 * {@code --restart-app}: force-stops the app ({@code am force-stop}) and launches its launcher activity again
 * ({@code monkey -p PKG -c android.intent.category.LAUNCHER 1}), then waits until its process runs.
 */
public final class AppRestart {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(10);
    private static final long POLL_NS = 100_000_000L;

    private AppRestart() {
    }

    /** @throws DeviceException blame APP when the app cannot be launched or does not start in time */
    public static void restart(Device device, String pkg, HostClock clock) {
        device.shell(Am.forceStop(pkg));
        ShellResult launch = device.shell(Monkey.launchLauncherActivity(pkg));
        if (!Monkey.launched(launch.succeeded(), launch.stdout() + launch.stderr())) {
            throw new DeviceException(DeviceException.Blame.APP, "--restart-app: cannot launch " + pkg + " on "
                    + device.serial() + ": " + (launch.stdout() + launch.stderr()).strip()
                    + " (is it installed, with a launcher activity?)", null);
        }
        long deadline = clock.nanoTime() + START_TIMEOUT.toNanos();
        try {
            while (AppCheck.check(device, pkg) != AppCheck.State.RUNNING) {
                if (clock.nanoTime() > deadline) {
                    throw new DeviceException(DeviceException.Blame.APP, "--restart-app: " + pkg + " did not start on "
                            + device.serial() + " within " + START_TIMEOUT.toSeconds() + " s of its launch", null);
                }
                clock.sleepNanos(POLL_NS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeviceException("interrupted while restarting " + pkg + " on " + device.serial());
        }
    }
}
