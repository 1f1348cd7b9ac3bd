package io.fpsctl.sim.adb;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * What the simulated device reports about itself in its CNXN banner: the three properties the adb server
 * shows in {@code adb devices -l} as {@code product:}, {@code model:} and {@code device:} (docs/formats.md 5.6).
 *
 * @param productName {@code ro.product.name}
 * @param model {@code ro.product.model}
 * @param device {@code ro.product.device}
 * @param adbd the adbd release: its features, services and payload size ({@link AdbdRelease}). The 7.0+ one offers
 *     {@code shell_v2,cmd}; {@code delayed_ack} is deliberately absent (D.4, D.7 item 2)
 */
public record DeviceIdentity(String productName, String model, String device, AdbdRelease adbd) {

    /** A device running a 7.0+ adbd. */
    public DeviceIdentity(String productName, String model, String device) {
        this(productName, model, device, AdbdRelease.NOUGAT);
    }

    public DeviceIdentity {
        Objects.requireNonNull(productName, "productName");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(adbd, "adbd");
        for (String v : new String[] {productName, model, device}) {
            // adbd joins the properties with ';' and sends them unescaped (packages/modules/adb adb.cpp
            // get_connection_string), so a ';' or ':' in a value is sent as it is: a hostile device's banner;
            // a property value is a C string (bionic __system_property_set), so it never holds a NUL
            if (v.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("banner values must not contain NUL: " + v);
            }
        }
        if (adbd.banner(productName, model, device).getBytes(StandardCharsets.UTF_8).length > AdbMessage.MAX_PAYLOAD_V1) {
            throw new IllegalArgumentException("banner longer than " + AdbMessage.MAX_PAYLOAD_V1 + " bytes");
        }
    }

    /**
     * The device banner, e.g. {@code device::ro.product.name=sim;ro.product.model=Sim;ro.product.device=sim;features=shell_v2,cmd}
     * (adbd {@code get_connection_string}, 7.0+) or {@code device::ro.product.name=sim;ro.product.model=Sim;ro.product.device=sim;}
     * and a NUL (Android 6's {@code fill_connect_data}).
     */
    public String banner() {
        return adbd.banner(productName, model, device);
    }
}
