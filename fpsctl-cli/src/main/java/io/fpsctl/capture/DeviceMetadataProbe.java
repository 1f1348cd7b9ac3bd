package io.fpsctl.capture;

import io.fpsctl.android.Getprop;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceDescription;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.DeviceGoneException;
import io.fpsctl.device.Devices;
import io.fpsctl.device.ShellResult;
import io.fpsctl.format.RunMetadata;
import io.fpsctl.android.RefreshRate;
import java.time.Duration;
import java.util.List;

/**
 * Reads what {@code summary.json} says about the device measured: model, Android version and SDK level
 * ({@link Devices#describe}), {@code getprop ro.build.fingerprint}, and the refresh rates of the display's modes
 * ({@code dumpsys display}, {@link RefreshRate#supportedModesHz}). A command that fails leaves its field null (or
 * the list empty): the metadata never stops a measurement.
 */
public final class DeviceMetadataProbe {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private DeviceMetadataProbe() {
    }

    /**
     * The device's metadata.
     *
     * @throws DeviceGoneException if the device goes away meanwhile
     */
    public static RunMetadata.Device read(Device device) {
        DeviceDescription d = Devices.describe(device, "device", null, x -> null);
        String fingerprint = stdout(device, Getprop.FINGERPRINT);
        fingerprint = fingerprint == null ? null : Getprop.value(fingerprint);
        String display = stdout(device, RefreshRate.DISPLAY_COMMAND);
        List<Double> modes = display == null ? List.of() : RefreshRate.supportedModesHz(display);
        return new RunMetadata.Device(device.serial(), d.model(), d.androidVersion(), d.sdk(), fingerprint, modes);
    }

    private static String stdout(Device device, String command) {
        try {
            ShellResult r = device.shell(command, TIMEOUT);
            return r.succeeded() ? r.stdout() : null;
        } catch (DeviceGoneException e) {
            throw e;
        } catch (DeviceException e) {
            return null;
        }
    }
}
