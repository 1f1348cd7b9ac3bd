package io.fpsctl.sim.device;

import java.util.Locale;

/**
 * Which vendor's GPU and fuel-gauge files the simulated phone exposes (docs/metrics.md 14; {@link DeviceLoadFiles}):
 * <ul>
 *   <li>{@code adreno}: Qualcomm kgsl ({@code /sys/class/kgsl/kgsl-3d0/gpubusy}, {@code gpuclk}), readable; its
 *       fuel gauge reports discharge as a positive {@code current_now} (a vendor convention, opposite to the kernel
 *       ABI text: inferred, to exercise fpsctl's detection);</li>
 *   <li>{@code mali}: Exynos Mali ({@code /sys/class/misc/mali0/device/utilization}, {@code clock}), readable;
 *       {@code current_now} negative while discharging (the kernel ABI's convention);</li>
 *   <li>{@code closed}: kgsl nodes present but SELinux keeps the shell out ({@code Permission denied}), and the
 *       phone sits on USB power ({@code status} Charging).</li>
 * </ul>
 */
public enum GpuProfile {
    ADRENO, MALI, CLOSED;

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The profile named {@code key} ({@code adreno}, {@code mali}, {@code closed}). */
    public static GpuProfile of(String key) {
        for (GpuProfile p : values()) {
            if (p.key().equals(key)) {
                return p;
            }
        }
        throw new IllegalArgumentException("no GPU profile '" + key + "' (adreno, mali, closed)");
    }
}
