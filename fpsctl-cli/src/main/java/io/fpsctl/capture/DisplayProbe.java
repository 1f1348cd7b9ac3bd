package io.fpsctl.capture;

import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.DeviceGoneException;
import io.fpsctl.device.ShellResult;
import io.fpsctl.android.RefreshRate;
import java.time.Duration;
import java.util.Optional;

/**
 * Asks a device for its display's current refresh period (docs/metrics.md section 2): line 1 of
 * {@code dumpsys SurfaceFlinger --latency} (any layer name, or none, prints it; docs/formats.md 5.2), else the active
 * mode of {@code dumpsys display} (docs/formats.md 4).
 */
public final class DisplayProbe {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    /** What {@link #read} runs first. */
    static final String FIRST_COMMAND = RefreshRate.LATENCY_PERIOD_COMMAND;

    private DisplayProbe() {
    }

    /**
     * The display's current refresh rate, or empty when the device cannot tell.
     *
     * @throws DeviceGoneException if the device goes away meanwhile
     */
    public static Optional<RefreshRate> read(Device device) {
        Optional<RefreshRate> latency = stdout(device, FIRST_COMMAND)
                .flatMap(RefreshRate::fromLatencyOutput);
        if (latency.isPresent()) {
            return latency;
        }
        return stdout(device, RefreshRate.DISPLAY_COMMAND).flatMap(RefreshRate::fromDisplayDump);
    }

    /** {@link #read} as Hz, or null: for listings. */
    public static Double readHz(Device device) {
        return read(device).map(RefreshRate::hz).orElse(null);
    }

    private static Optional<String> stdout(Device device, String command) {
        try {
            ShellResult r = device.shell(command, TIMEOUT);
            return r.succeeded() ? Optional.of(r.stdout()) : Optional.empty();
        } catch (DeviceGoneException e) {
            throw e;
        } catch (DeviceException e) {
            return Optional.empty();
        }
    }

}
