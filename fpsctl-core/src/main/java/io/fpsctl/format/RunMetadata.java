package io.fpsctl.format;

import java.time.Instant;
import java.util.List;

/**
 * Where and when a summary was measured, written beside its figures in {@code summary.json} (keys
 * {@code fpsctlVersion}, {@code startTime}, {@code file}, {@code device}; docs/metrics.md "The JSON summary"). Not a
 * figure of the engine: the same frames give the same summary on any device. Fields are null where unknown.
 *
 * @param fpsctlVersion  the fpsctl that wrote it, e.g. {@code 0.1.0} ({@code dev} outside a built jar)
 * @param startTime      when the measurement started (host clock, UTC), null for a saved dump
 * @param file           the input file of {@code analyze}, null for a measurement
 * @param device         the device measured, null for a saved dump
 */
public record RunMetadata(String fpsctlVersion, Instant startTime, String file, Device device) {

    /**
     * The device, as it answers {@code getprop} and {@code dumpsys display}.
     *
     * @param serial           adb serial
     * @param model            {@code ro.product.model}
     * @param androidVersion   {@code ro.build.version.release}, e.g. {@code 14}
     * @param sdk              {@code ro.build.version.sdk}, e.g. 34
     * @param buildFingerprint {@code ro.build.fingerprint}
     * @param refreshModesHz   the refresh rates of the built-in display's supported modes, ascending, distinct
     *                         (empty when {@code dumpsys display} could not tell)
     */
    public record Device(String serial, String model, String androidVersion, Integer sdk, String buildFingerprint,
                         List<Double> refreshModesHz) {
        public Device {
            refreshModesHz = refreshModesHz == null ? List.of() : List.copyOf(refreshModesHz);
        }
    }

    /** An analysed file: no device, no start time. */
    public static RunMetadata ofFile(String fpsctlVersion, String file) {
        return new RunMetadata(fpsctlVersion, null, file, null);
    }
}
