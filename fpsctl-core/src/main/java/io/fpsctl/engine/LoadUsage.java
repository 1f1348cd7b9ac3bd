package io.fpsctl.engine;

/**
 * The GPU, power and network figures of one interval (a live window or the interval a frame gets; docs/metrics.md
 * section 14 rules 2, 4, 6). Unknown figures are null with their reason; never 0 for unknown.
 *
 * @param gpuPercent      the mean GPU load of the reads that describe the interval (rule 2)
 * @param gpuMhz          the mean GPU clock of the same reads
 * @param gpuReason       why the GPU figures are null
 * @param charging        some read in the interval found the battery charging or held by a charger; null: unknown
 * @param powerMw         the mean battery drain of those reads (null while charging: never a negative drain)
 * @param powerReason     why {@code powerMw} is null ({@code charging} included)
 * @param appRxBytes      the app's received bytes over the interval (its uid's counters interpolated at the edges)
 * @param appTxBytes      the app's sent bytes
 * @param appNetReason    why the app's bytes are null
 * @param deviceRxBytes   the whole device's received bytes over the interval
 * @param deviceTxBytes   the whole device's sent bytes
 * @param deviceNetReason why the device's bytes are null
 * @param appGpuMs        the app's uid's GPU active time over the interval, ms (rule 10: its counter interpolated at
 *                        the edges)
 * @param appGpuReason    why {@code appGpuMs} is null
 */
public record LoadUsage(Double gpuPercent, Double gpuMhz, String gpuReason, Boolean charging, Double powerMw,
                        String powerReason, Long appRxBytes, Long appTxBytes, String appNetReason, Long deviceRxBytes,
                        Long deviceTxBytes, String deviceNetReason, Double appGpuMs, String appGpuReason) {

    /** An interval without the app's GPU time. */
    public LoadUsage(Double gpuPercent, Double gpuMhz, String gpuReason, Boolean charging, Double powerMw,
                     String powerReason, Long appRxBytes, Long appTxBytes, String appNetReason, Long deviceRxBytes,
                     Long deviceTxBytes, String deviceNetReason) {
        this(gpuPercent, gpuMhz, gpuReason, charging, powerMw, powerReason, appRxBytes, appTxBytes, appNetReason,
                deviceRxBytes, deviceTxBytes, deviceNetReason, null, LoadFigures.NOT_READ);
    }

    /** Rule 3: a GPU at least this busy makes a slow frame {@link #GPU_BUSY}. */
    public static final double GPU_BUSY_PERCENT = 90.0;
    /** The cause a slow frame gets when its interval's GPU was busy (rule 3). */
    public static final String GPU_BUSY = "gpuBusy";

    /** Whether the GPU was saturated over the interval. */
    public boolean gpuBusy() {
        return gpuPercent != null && gpuPercent >= GPU_BUSY_PERCENT;
    }
}
