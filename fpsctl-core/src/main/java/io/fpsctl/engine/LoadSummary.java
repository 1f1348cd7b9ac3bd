package io.fpsctl.engine;

/**
 * The GPU, power and network figures of a whole run (docs/metrics.md section 14 rule 7). Unknown figures are null
 * and their reason says why.
 *
 * @param gpuMeanPercent      the time-weighted mean GPU load over the intervals between successive reads
 * @param gpuPeakPercent      the highest of those intervals
 * @param gpuMeanMhz          the time-weighted mean GPU clock
 * @param gpuReason           why the GPU figures are null
 * @param powerMeanMw         the mean drain over the discharging time ({@code energyMwh / dischargingSeconds})
 * @param powerPeakMw         the highest drain of an interval
 * @param energyMwh           the battery energy the run used while discharging
 * @param dischargingSeconds  the measured time the battery was discharging
 * @param chargingSeconds     the measured time a charger held the battery (no drain figure then)
 * @param dischargeSign       -1 / +1: the sign the phone's {@code current_now} has while discharging; 0 unknown
 * @param powerReason         why the power figures are null
 * @param appRxBytes          the app's received bytes over the run
 * @param appTxBytes          the app's sent bytes
 * @param appNetReason        why the app's bytes are null
 * @param deviceRxBytes       the whole device's received bytes over the run
 * @param deviceTxBytes       the whole device's sent bytes
 * @param deviceNetReason     why the device's bytes are null
 * @param slowFramesGpuBusy   slow frames whose main cause is {@link LoadUsage#GPU_BUSY}
 * @param appGpuMs            the app's uid's GPU active time over the run, ms (rule 10: the intervals between
 *                            successive reads whose counter did not go back)
 * @param appGpuReason        why {@code appGpuMs} is null
 */
public record LoadSummary(Double gpuMeanPercent, Double gpuPeakPercent, Double gpuMeanMhz, String gpuReason,
                          Double powerMeanMw, Double powerPeakMw, Double energyMwh, double dischargingSeconds,
                          double chargingSeconds, int dischargeSign, String powerReason, Long appRxBytes,
                          Long appTxBytes, String appNetReason, Long deviceRxBytes, Long deviceTxBytes,
                          String deviceNetReason, long slowFramesGpuBusy, Double appGpuMs, String appGpuReason) {

    /** A run without the app's GPU time. */
    public LoadSummary(Double gpuMeanPercent, Double gpuPeakPercent, Double gpuMeanMhz, String gpuReason,
                       Double powerMeanMw, Double powerPeakMw, Double energyMwh, double dischargingSeconds,
                       double chargingSeconds, int dischargeSign, String powerReason, Long appRxBytes,
                       Long appTxBytes, String appNetReason, Long deviceRxBytes, Long deviceTxBytes,
                       String deviceNetReason, long slowFramesGpuBusy) {
        this(gpuMeanPercent, gpuPeakPercent, gpuMeanMhz, gpuReason, powerMeanMw, powerPeakMw, energyMwh,
                dischargingSeconds, chargingSeconds, dischargeSign, powerReason, appRxBytes, appTxBytes, appNetReason,
                deviceRxBytes, deviceTxBytes, deviceNetReason, slowFramesGpuBusy, null, LoadFigures.NOT_READ);
    }

    /** The app's bytes both ways, or null. */
    public Long appBytes() {
        return appRxBytes == null || appTxBytes == null ? null : appRxBytes + appTxBytes;
    }
}
