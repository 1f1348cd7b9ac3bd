package io.fpsctl.sim.adb;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * What the simulated device reports about itself in its CNXN banner: the three properties the adb server
 * shows in {@code adb devices -l} as {@code product:}, {@code model:} and {@code device:} (FORMATS.md D.2).
 *
 * @param productName {@code ro.product.name}
 * @param model {@code ro.product.model}
 * @param device {@code ro.product.device}
 */
public record DeviceIdentity(String productName, String model, String device) {

    /** Features this transport implements. {@code delayed_ack} is deliberately absent (D.4, D.7 item 2). */
    public static final String FEATURES = "shell_v2,cmd";

    public DeviceIdentity {
        Objects.requireNonNull(productName, "productName");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(device, "device");
        for (String v : new String[] {productName, model, device}) {
            if (v.indexOf(';') >= 0 || v.indexOf(':') >= 0 || v.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("banner values must not contain ';', ':' or NUL: " + v);
            }
        }
        if (bannerOf(productName, model, device).getBytes(StandardCharsets.UTF_8).length > AdbMessage.MAX_PAYLOAD_V1) {
            throw new IllegalArgumentException("banner longer than " + AdbMessage.MAX_PAYLOAD_V1 + " bytes");
        }
    }

    /**
     * The device banner, e.g. {@code device::ro.product.name=sim;ro.product.model=Sim;ro.product.device=sim;features=shell_v2,cmd}
     * (adbd {@code get_connection_string}).
     */
    public String banner() {
        return bannerOf(productName, model, device);
    }

    private static String bannerOf(String productName, String model, String device) {
        return "device::ro.product.name=" + productName + ";ro.product.model=" + model
                + ";ro.product.device=" + device + ";features=" + FEATURES;
    }
}
