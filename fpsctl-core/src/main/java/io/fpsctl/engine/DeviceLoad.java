package io.fpsctl.engine;

/**
 * What one resource read saw of the GPU, the battery and the network (docs/metrics.md section 14): samples and raw
 * counters at one instant, no rates. A figure that could not be read is null and its reason says why (a reason is
 * null only when its figures were read). Never 0 for unknown.
 *
 * @param gpuPercent      the GPU driver's busy share of its last accounting period (kgsl ~1 s, Mali DVFS period)
 * @param gpuMhz          the GPU clock
 * @param gpuReason       why the GPU figures are unknown
 * @param externalPower   the battery is charging or held full by a charger ({@code status}); null when unknown
 * @param drainMw         the power the battery gives out, when it discharges
 * @param dischargeSign   the sign of {@code current_now} while discharging (-1 kernel ABI, +1 some vendors, 0 unknown)
 * @param powerReason     why the power figure is unknown
 * @param appRxBytes      the app's uid's received bytes so far
 * @param appTxBytes      its sent bytes so far
 * @param appNetReason    why the app's bytes are unknown
 * @param deviceRxBytes   the whole device's received bytes so far (all interfaces but loopback)
 * @param deviceTxBytes   its sent bytes so far
 * @param deviceNetReason why the device's bytes are unknown
 * @param appGpuNs        the app's uid's GPU active time so far ({@code dumpsys gpu --gpuwork}, rule 10): a counter
 *                        that gpuservice resets when statsd pulls it
 * @param appGpuReason    why {@code appGpuNs} is unknown
 */
public record DeviceLoad(Double gpuPercent, Double gpuMhz, String gpuReason, Boolean externalPower, Double drainMw,
                         int dischargeSign, String powerReason, Long appRxBytes, Long appTxBytes, String appNetReason,
                         Long deviceRxBytes, Long deviceTxBytes, String deviceNetReason, Long appGpuNs,
                         String appGpuReason) {

    /** A read without the app's GPU time. */
    public DeviceLoad(Double gpuPercent, Double gpuMhz, String gpuReason, Boolean externalPower, Double drainMw,
                      int dischargeSign, String powerReason, Long appRxBytes, Long appTxBytes, String appNetReason,
                      Long deviceRxBytes, Long deviceTxBytes, String deviceNetReason) {
        this(gpuPercent, gpuMhz, gpuReason, externalPower, drainMw, dischargeSign, powerReason, appRxBytes,
                appTxBytes, appNetReason, deviceRxBytes, deviceTxBytes, deviceNetReason, null, LoadFigures.NOT_READ);
    }
}
