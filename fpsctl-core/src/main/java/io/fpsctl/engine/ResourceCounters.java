package io.fpsctl.engine;

import java.util.List;

/**
 * What one resource read saw, as the engine takes it (docs/metrics.md section 13): raw counters at one instant, no
 * rates. The capture turns the device's read ({@code io.fpsctl.android.resources.ResourceSample}) into this; the
 * engine depends on nothing of the device side. Absent parts are null or empty, never 0.
 *
 * @param uptimeSeconds the device's {@code /proc/uptime} at the read (the clock of every rate)
 * @param pid           the app process read
 * @param threads       the app's threads and their CPU ticks (utime + stime)
 * @param cpu           the {@code cpu} line of {@code /proc/stat}; null when unreadable
 * @param cores         the {@code cpuN} lines
 * @param frequencies   one per cpufreq policy; empty when unreadable
 * @param rssKb         VmRSS; null when unreadable
 * @param pssKb         TOTAL PSS; null when not read this time
 * @param thermalStatus 0..6 ({@code PowerManager.THERMAL_STATUS_*}); null when not read
 * @param batteryTempC  null when not read
 * @param maxTempC      the hottest CPU or skin temperature; null when none
 * @param missing       one line per part that could not be read
 * @param load          the GPU, power and network read with it (section 14); null when not read
 */
public record ResourceCounters(double uptimeSeconds, int pid, List<Thread> threads, Cpu cpu, List<Cpu> cores,
                               List<Frequency> frequencies, Long rssKb, Long pssKb, Integer thermalStatus,
                               Double batteryTempC, Double maxTempC, List<String> missing, DeviceLoad load) {

    /** A read without GPU, power and network (section 13 only). */
    public ResourceCounters(double uptimeSeconds, int pid, List<Thread> threads, Cpu cpu, List<Cpu> cores,
                            List<Frequency> frequencies, Long rssKb, Long pssKb, Integer thermalStatus,
                            Double batteryTempC, Double maxTempC, List<String> missing) {
        this(uptimeSeconds, pid, threads, cpu, cores, frequencies, rssKb, pssKb, thermalStatus, batteryTempC, maxTempC,
                missing, null);
    }

    /** One thread: its tid, its name ({@code comm}) and its CPU ticks so far (utime + stime). */
    public record Thread(int tid, String name, long ticks) {
    }

    /** A {@code cpu} or {@code cpuN} line: busy ticks (all but idle and iowait) and all ticks. */
    public record Cpu(String name, long busyTicks, long totalTicks) {
    }

    /** A cpufreq policy: its cores, its current and its highest frequency (kHz). */
    public record Frequency(int policy, List<Integer> cpus, long curKhz, long maxKhz) {
        public Frequency {
            cpus = List.copyOf(cpus);
        }

        /**
         * Both frequencies were read: a {@code scaling_cur_freq} of 0 (some drivers cannot tell) is unknown
         * (docs/metrics.md 13 rule 4).
         */
        public boolean known() {
            return maxKhz > 0 && curKhz > 0;
        }

        /** True when it is known to run below its highest frequency. */
        public boolean belowMax() {
            return known() && curKhz < maxKhz;
        }
    }

    public ResourceCounters {
        threads = threads == null ? List.of() : List.copyOf(threads);
        cores = cores == null ? List.of() : List.copyOf(cores);
        frequencies = frequencies == null ? List.of() : List.copyOf(frequencies);
        missing = missing == null ? List.of() : List.copyOf(missing);
    }
}
