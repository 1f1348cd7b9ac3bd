package io.fpsctl.capture;

import io.fpsctl.android.FocusedApp;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceGoneException;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.ShellResult;
import java.time.Duration;
import java.util.Optional;

/**
 * The app in front: asks the window manager's focus, then the activity manager's resumed activity, as
 * {@link FocusedApp} reads them on each Android version.
 */
public final class ForegroundApp {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private ForegroundApp() {
    }

    /**
     * Reads the foreground package.
     *
     * @return empty when no source names one
     * @throws DeviceGoneException when the device went away
     */
    public static Optional<String> read(Device device) {
        Optional<String> p = FocusedApp.fromWindowDump(run(device, FocusedApp.WINDOW_DISPLAYS));
        if (p.isEmpty()) {
            p = FocusedApp.fromWindowDump(run(device, FocusedApp.WINDOW_WINDOWS));
        }
        if (p.isEmpty()) {
            p = FocusedApp.fromActivityDump(run(device, FocusedApp.ACTIVITIES));
        }
        return p;
    }

    private static String run(Device device, String command) {
        try {
            ShellResult r = device.shell(command, TIMEOUT);
            return r.succeeded() ? r.stdout() : "";
        } catch (DeviceGoneException e) {
            throw e;
        } catch (DeviceException e) {
            return "";
        }
    }
}
