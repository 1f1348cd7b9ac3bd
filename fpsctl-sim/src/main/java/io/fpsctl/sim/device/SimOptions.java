package io.fpsctl.sim.device;

import java.util.Objects;

/**
 * Command-line options of the simulated device.
 *
 * @param android     emulated Android version
 * @param refreshHz   display refresh rate overriding the scenario's, or null to keep it (60/90/120/144 typical)
 * @param seed        random seed; the same seed, scenario and poll-independent timeline give the same frames
 * @param packageName the app package (default {@code com.example.feed})
 */
public record SimOptions(AndroidVersion android, Integer refreshHz, long seed, String packageName, GpuProfile gpu) {

    public static final String DEFAULT_PACKAGE = "com.example.feed";

    public SimOptions {
        Objects.requireNonNull(android, "android");
        packageName = packageName == null ? DEFAULT_PACKAGE : packageName;
        gpu = gpu == null ? GpuProfile.ADRENO : gpu;
        if (!packageName.matches("[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+")) {
            throw new IllegalArgumentException("not a package name: " + packageName);
        }
    }

    /** An Adreno (kgsl) phone (docs/metrics.md 14). */
    public SimOptions(AndroidVersion android, Integer refreshHz, long seed, String packageName) {
        this(android, refreshHz, seed, packageName, GpuProfile.ADRENO);
    }

    /** The same phone with another GPU/battery vendor profile. */
    public SimOptions withGpu(GpuProfile g) {
        return new SimOptions(android, refreshHz, seed, packageName, g);
    }

    /** Android 14, the scenario's refresh rate, seed 1, {@code com.example.feed}. */
    public static SimOptions defaults() {
        return new SimOptions(AndroidVersion.ANDROID_14, null, 1L, DEFAULT_PACKAGE);
    }

    public SimOptions withAndroid(int major) {
        return new SimOptions(AndroidVersion.of(major), refreshHz, seed, packageName, gpu);
    }

    public SimOptions withRefreshHz(Integer hz) {
        return new SimOptions(android, hz, seed, packageName, gpu);
    }

    public SimOptions withSeed(long s) {
        return new SimOptions(android, refreshHz, s, packageName, gpu);
    }

}
