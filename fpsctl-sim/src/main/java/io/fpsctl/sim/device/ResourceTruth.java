package io.fpsctl.sim.device;

import java.util.List;

/**
 * What the simulated device's resource files said at one read (the truth of docs/metrics.md 13): written by {@link TruthWriter}
 * as one JSON line per read of the app's {@code /proc} stat files, so a test can compare what fpsctl reports.
 *
 * @param uptimeNs      device CLOCK_BOOTTIME at the read (what {@code /proc/uptime} shows, before truncation)
 * @param pid           the app process
 * @param threads       every live thread: tid, comm, exact CPU time in ns and the ticks printed
 * @param processTicks  utime + stime of {@code /proc/<pid>/stat} (all threads, exited ones included)
 * @param curKhz        scaling_cur_freq of each policy, in policy order
 * @param maxKhz        cpuinfo_max_freq of each policy
 * @param thermalStatus PowerManager THERMAL_STATUS_* that thermalservice reports
 * @param rssKb         VmRSS
 * @param pssKb         TOTAL PSS that {@code dumpsys meminfo} reports
 */
public record ResourceTruth(long uptimeNs, int pid, List<ThreadTruth> threads, long processTicks, List<Long> curKhz,
                            List<Long> maxKhz, int thermalStatus, long rssKb, long pssKb) {

    /** One thread: {@code ticks = utime + stime = floor(busyNs / 10 ms)}. */
    public record ThreadTruth(int tid, String name, long busyNs, long utimeTicks, long stimeTicks) {
    }
}
