package io.fpsctl.device;

/**
 * What {@code fpsctl devices} shows about one device. Fields read from the device are null when it could not
 * be asked (not in state {@code device}, or the command failed).
 *
 * @param serial adb serial
 * @param state adb state ({@link DeviceInfo#state()})
 * @param model {@code ro.product.model} (falls back to the server's underscored model)
 * @param androidVersion {@code ro.build.version.release}, e.g. {@code 14}, or null
 * @param sdk {@code ro.build.version.sdk}, e.g. 34, or null
 * @param refreshHz the display's current refresh rate in Hz as the caller's probe read it, or null
 */
public record DeviceDescription(String serial, String state, String model, String androidVersion, Integer sdk,
        Double refreshHz) {
}
