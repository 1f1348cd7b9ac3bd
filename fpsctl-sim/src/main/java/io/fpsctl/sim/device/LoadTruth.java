package io.fpsctl.sim.device;

/**
 * What the simulated device's GPU, battery and network files printed at one read (docs/metrics.md 14), written by
 * {@link TruthWriter} as one JSON line per command that read them ({@code t.load.jsonl}); a field is null when that
 * command did not read it or the file was not readable.
 *
 * @param uptimeNs      device CLOCK_BOOTTIME at the read
 * @param part          which read: {@code gpu}, {@code power}, {@code appNet}, {@code deviceNet}, {@code gpuWork},
 *                      {@code appUidStats}, or {@code uptime}: a read of {@code /proc/uptime} (every other field
 *                      null), which printed {@code uptimeNs} truncated to hundredths of a second
 * @param gpuPercent    the load the GPU node printed (kgsl: 100 × busy / total of the last period; Mali: utilization)
 * @param gpuMhz        the clock it printed, in MHz
 * @param gpuReadable   false when the nodes answered Permission denied
 * @param status        power_supply status printed
 * @param currentUa     current_now printed (the profile's sign)
 * @param voltageUv     voltage_now printed
 * @param drainMw       the power the battery gave out (|I| × V), null while charging
 * @param appRxBytes    the app uid's untagged received bytes (all interfaces but lo); null when xt_qtaguid counts
 *                      nothing (9: netd counts with eBPF, AndroidVersion.countsTrafficWithEbpf)
 * @param appTxBytes    its sent bytes
 * @param deviceRxBytes the interfaces that carry the traffic (wlan0, rmnet_data0), each byte once: not lo nor the
 *                      stacked ones (docs/metrics.md 14 rule 1), received
 * @param deviceTxBytes the same, sent
 * @param appGpuNs      the app's uid's total_active_duration_ns {@code dumpsys gpu --gpuwork} printed (part
 *                      {@code gpuWork}); null when it printed no table
 */
public record LoadTruth(long uptimeNs, String part, Double gpuPercent, Double gpuMhz, Boolean gpuReadable,
                        String status, Long currentUa, Long voltageUv, Double drainMw, Long appRxBytes,
                        Long appTxBytes, Long deviceRxBytes, Long deviceTxBytes, Long appGpuNs) {

    /** A read of {@code /proc/uptime} at {@code uptimeNs} (part {@code uptime}). */
    public static LoadTruth uptime(long uptimeNs) {
        return new LoadTruth(uptimeNs, "uptime", null, null, null, null, null, null, null, null, null, null, null,
                null);
    }
}
