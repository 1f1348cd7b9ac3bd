package io.fpsctl.android.resources;

import java.util.List;

/**
 * One cpufreq policy: {@code /sys/devices/system/cpu/cpufreq/policyN/} (or, on kernels without policy directories,
 * {@code /sys/devices/system/cpu/cpuN/cpufreq/}) {@code related_cpus}, {@code scaling_cur_freq} and
 * {@code cpuinfo_max_freq}, in kHz (kernel {@code drivers/cpufreq/cpufreq.c}, Documentation/admin-guide/pm/cpufreq.rst).
 * {@code policy} is the N of the directory (the first CPU of the policy).
 */
public record CpuFrequency(int policy, List<Integer> cpus, long curKhz, long maxKhz) {
    public CpuFrequency {
        cpus = List.copyOf(cpus);
    }

    /**
     * The current frequency is known to be below the hardware's maximum: a {@code scaling_cur_freq} of 0 (some
     * drivers cannot tell) is unknown, not below (docs/metrics.md 13 rule 4).
     */
    public boolean belowMax() {
        return curKhz > 0 && curKhz < maxKhz;
    }
}
