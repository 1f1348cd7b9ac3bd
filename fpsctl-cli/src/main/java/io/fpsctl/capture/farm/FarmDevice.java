package io.fpsctl.capture.farm;

import io.fpsctl.device.DeviceAddress;

/**
 * A device of the farm as the exporter labels it.
 *
 * @param address its adb server and serial
 * @param name the label: the serial, or {@code HOST:PORT/SERIAL} when several adb servers are watched
 * @param model {@code ro.product.model}, or null
 * @param android {@code ro.build.version.release}, or null
 */
public record FarmDevice(DeviceAddress address, String name, String model, String android) {
}
