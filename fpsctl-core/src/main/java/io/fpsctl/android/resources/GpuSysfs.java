package io.fpsctl.android.resources;

import io.fpsctl.android.DumpFormatException;
import java.util.ArrayList;
import java.util.List;

/**
 * The GPU's load and clock from the vendor driver's sysfs nodes, all read by one {@code grep -H . FILES} (one
 * process; {@code <path>:<value>} per file, {@code grep: <path>: <strerror>} for a file it cannot read, merged with
 * {@code 2>&1}). Two drivers are known (docs/metrics.md 14):
 * <ul>
 * <li><b>Qualcomm Adreno, kgsl</b> (msm kernel {@code drivers/gpu/msm/kgsl_pwrctrl.c}, read at aosp-mirror/kernel_msm
 * 03f7a6a6f5fab7d82965dec4465c050a09ee5395 and at the 2013 Motorola msm 01fe6f9c26459674810f31b39b5bd3d987f90820):
 * {@code /sys/class/kgsl/kgsl-3d0/gpubusy} by {@code kgsl_pwrctrl_gpubusy_show}, {@code "%7d %7d\n"} of the busy
 * and the total time of the driver's last completed accounting period ({@code clk_stats.busy_old, total_old} in
 * µs: {@code kgsl_pwrctrl_busy_time} rolls them over once {@code total} reaches {@code UPDATE_BUSY_VAL} = 1000000,
 * about a second; older kernels name them {@code on_time_old, elapsed_old}, same format), both reset to 0 when the
 * GPU bus is off (so {@code "      0       0"} is an idle GPU: 0 % busy, not unknown); and
 * {@code /sys/class/kgsl/kgsl-3d0/gpuclk} by {@code kgsl_pwrctrl_gpuclk_show}, {@code "%d\n"} (newer
 * {@code "%ld\n"}) of the active power level's {@code gpu_freq} in Hz. Both attributes are 0444 there.</li>
 * <li><b>Arm Mali on Samsung Exynos</b> (the Exynos kbase platform's {@code gpu_custom_interface.c}
 * {@code show_utilization} and {@code show_clock}, read in teslamotors/linux
 * {@code drivers/gpu/arm/midgard/platform/trav/gpu_custom_interface.c}): {@code utilization}, {@code "%d\n"}
 * of the DVFS utilisation in % ({@code gpu_control_is_power_on × env_data.utilization}; one older variant prints
 * {@code -1} when DVFS is built out: unknown), and {@code clock}, {@code "%d\n"} in MHz (0 while the GPU is
 * off: an unknown clock, as cpufreq's 0 in docs/metrics.md 13 rule 4). They are attributes of the platform device
 * that kbase's misc device {@code mali0} hangs from, so {@code /sys/class/misc/mali0/device/} reaches them
 * whatever the SoC's base address (inferred from kbase registering {@code misc_register} with the platform device
 * as parent; not every Mali vendor adds these two attributes — ARM's own kbase has none).</li>
 * </ul>
 * The files of the other vendor are missing on any one phone ({@code No such file or directory}): those lines are
 * expected and not a reason. A phone where SELinux keeps the shell out of the GPU's sysfs prints
 * {@code grep: <path>: Permission denied}; that reason is what the figures say.
 */
public final class GpuSysfs {
    static final String KGSL = "/sys/class/kgsl/kgsl-3d0/";
    static final String MALI = "/sys/class/misc/mali0/device/";
    static final String KGSL_BUSY = KGSL + "gpubusy";
    static final String KGSL_CLOCK = KGSL + "gpuclk";
    static final String MALI_UTIL = MALI + "utilization";
    static final String MALI_CLOCK = MALI + "clock";

    private GpuSysfs() {
    }

    static String command() {
        return "grep -H . " + KGSL_BUSY + " " + KGSL_CLOCK + " " + MALI_UTIL + " " + MALI_CLOCK;
    }

    /**
     * What the GPU nodes said.
     *
     * @param driver      {@code kgsl} or {@code mali}; null when no node was readable
     * @param loadPercent the busy share of the driver's last accounting period; null when unknown
     * @param mhz         the current clock; null when unknown (0, or unreadable)
     * @param reason      why a figure is unknown (null when both are known)
     */
    public record Reading(String driver, Double loadPercent, Double mhz, String reason) {
    }

    public static Reading parse(String text) throws DumpFormatException {
        String driver = null;
        Double load = null;
        Double mhz = null;
        List<String> denied = new ArrayList<>();
        boolean clockOff = false;
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            ReadError err = ReadError.of(line);
            if (err != null) {
                if (!err.gone()) {
                    denied.add(err.path() + ": " + err.reason());
                }
                continue;
            }
            int colon = line.indexOf(':');
            String path = colon < 0 ? "" : line.substring(0, colon);
            String value = colon < 0 ? "" : line.substring(colon + 1).strip();
            try {
                switch (path) {
                    case KGSL_BUSY -> {
                        String[] f = value.split("\\s+");
                        if (f.length != 2) {
                            throw new DumpFormatException("GPU: " + KGSL_BUSY + " is not \"<busy> <total>\": " + value);
                        }
                        long busy = Long.parseLong(f[0]);
                        long total = Long.parseLong(f[1]);
                        if (busy < 0 || total < 0 || busy > total) {
                            throw new DumpFormatException("GPU: " + KGSL_BUSY + " busy above total: " + value);
                        }
                        driver = "kgsl";
                        load = total == 0 ? 0.0 : 100.0 * busy / total; // both reset while the bus is off: idle
                    }
                    case KGSL_CLOCK -> {
                        long hz = Long.parseLong(value);
                        driver = "kgsl";
                        if (hz > 0) {
                            mhz = hz / 1e6;
                        } else {
                            clockOff = true;
                        }
                    }
                    case MALI_UTIL -> {
                        int u = Integer.parseInt(value);
                        driver = "mali";
                        if (u > 100) {
                            throw new DumpFormatException("GPU: " + MALI_UTIL + " above 100: " + value);
                        }
                        load = u < 0 ? null : (double) u; // -1: DVFS built out, no utilisation kept
                    }
                    case MALI_CLOCK -> {
                        int m = Integer.parseInt(value);
                        driver = "mali";
                        if (m > 0) {
                            // newer Exynos Mali drivers print kHz (gpex_clock_get_clock_slow: "current GPU clock in
                            // Khz"), older ones MHz: no GPU runs at 10 GHz, so a larger value is kHz
                            mhz = m > 10_000 ? m / 1000.0 : (double) m;
                        } else {
                            clockOff = true;
                        }
                    }
                    default -> throw new DumpFormatException("GPU: expected \"<known node>:<value>\", got: " + line);
                }
            } catch (NumberFormatException e) {
                throw new DumpFormatException("GPU: " + path + " is not a number: " + value);
            }
        }
        String reason = null;
        if (driver == null) {
            reason = denied.isEmpty() ? "no kgsl or Mali GPU node on this device" : denied.get(0);
        } else if (load == null || mhz == null) {
            reason = !denied.isEmpty() ? denied.get(0)
                    : load == null && driver.equals("mali") ? MALI_UTIL + ": -1 (no DVFS utilisation)"
                    : clockOff ? "GPU clock 0 (powered off)" : "no " + (load == null ? "load" : "clock") + " node";
        }
        return new Reading(driver, load, mhz, reason);
    }
}
