package io.fpsctl.android.resources;

import java.util.List;

/**
 * One read of what the device and the app were doing: raw counters, no rates (the rates are worked out by the
 * engine, docs/metrics.md 13). Pure value.
 *
 * @param uptimeSeconds  {@code /proc/uptime} first field (CLOCK_BOOTTIME, 10 ms resolution) at the read; NaN when
 *                       unreadable
 * @param pid            the app process read
 * @param threads        every {@code /proc/<pid>/task/<tid>/stat} line that could be read (a thread that exited
 *                       between listing and reading is simply absent)
 * @param allCpus        the {@code cpu} line of {@code /proc/stat}; null when unreadable
 * @param cores          the {@code cpuN} lines
 * @param frequencies    one per cpufreq policy; empty when unreadable
 * @param rssKb          VmRSS of {@code /proc/<pid>/status}; null when unreadable
 * @param pssKb          {@code dumpsys meminfo <pkg>} TOTAL PSS; null when not read this time or unreadable
 * @param thermalStatus  {@code dumpsys thermalservice} "Thermal Status: N" (0..6, PowerManager THERMAL_STATUS_*);
 *                       null when not read / Android &lt; 10
 * @param batteryTempC   {@code dumpsys battery} temperature / 10; null when not read
 * @param maxTempC       hottest CPU/SKIN temperature from thermalservice; null when none
 * @param missing        one short line per part that could not be read, e.g. "cpu frequencies: Permission denied"
 *                       (the caller says each once)
 * @param process        the {@code /proc/<pid>/stat} line (fields 14+15 of the whole process: all live threads
 *                       plus the ones that exited); null when unreadable. Added to the contract by resdev.
 * @param gpu            the GPU nodes' reading (docs/metrics.md 14); null when not read
 * @param power          the battery's status, current and voltage; null when not read
 * @param appNet         the app's bytes (xt_qtaguid, where netd counts with it); null when not read or unreadable
 * @param deviceNet      the device's bytes ({@code /proc/net/dev}); null when not read or unreadable
 * @param netReason      why {@code appNet} is null when the rest was read (e.g. Android 10+), else null
 * @param gpuWork        the app's uid's GPU time ({@code dumpsys gpu --gpuwork}, Android 13+) or why it is unknown;
 *                       null when not read
 */
public record ResourceSample(
        double uptimeSeconds,
        int pid,
        List<ThreadTicks> threads,
        CpuTicks allCpus,
        List<CpuTicks> cores,
        List<CpuFrequency> frequencies,
        Long rssKb,
        Long pssKb,
        Integer thermalStatus,
        Double batteryTempC,
        Double maxTempC,
        List<String> missing,
        ThreadTicks process,
        GpuSysfs.Reading gpu,
        PowerSupply.Reading power,
        QtaguidStats.Bytes appNet,
        ProcNetDev.Bytes deviceNet,
        String netReason,
        GpuWorkDump.Reading gpuWork) {

    /** A read without GPU, power or network parts. */
    public ResourceSample(double uptimeSeconds, int pid, List<ThreadTicks> threads, CpuTicks allCpus,
                          List<CpuTicks> cores, List<CpuFrequency> frequencies, Long rssKb, Long pssKb,
                          Integer thermalStatus, Double batteryTempC, Double maxTempC, List<String> missing,
                          ThreadTicks process) {
        this(uptimeSeconds, pid, threads, allCpus, cores, frequencies, rssKb, pssKb, thermalStatus, batteryTempC,
                maxTempC, missing, process, null, null, null, null, null, null);
    }

    public ResourceSample {
        threads = List.copyOf(threads);
        cores = List.copyOf(cores);
        frequencies = List.copyOf(frequencies);
        missing = List.copyOf(missing);
    }

    /** The thread with this tid, or null. */
    public ThreadTicks thread(int tid) {
        for (ThreadTicks t : threads) {
            if (t.tid() == tid) {
                return t;
            }
        }
        return null;
    }
}
