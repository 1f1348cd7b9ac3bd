package io.fpsctl.android.resources;

import io.fpsctl.android.DumpFormatException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * cpufreq's sysfs files, one value each (kernel {@code drivers/cpufreq/cpufreq.c}: {@code related_cpus} by
 * {@code cpufreq_show_cpus}, the CPU numbers separated by single spaces then {@code '\n'}; {@code scaling_cur_freq}
 * by {@code show_scaling_cur_freq}, always {@code "%u\n"} kHz (the driver's {@code get()}, the arch's estimate or
 * {@code policy->cur}; {@code "<unknown>"} is {@code show_cpuinfo_cur_freq}'s, the {@code cpuinfo_cur_freq} file's,
 * and is still tolerated here, inferred as harmless);
 * {@code cpuinfo_max_freq} by {@code show_one(cpuinfo_max_freq, cpuinfo.max_freq)}, {@code "%u\n"} kHz).
 * <p>
 * Since Linux 4.3 each policy is {@code /sys/devices/system/cpu/cpufreq/policyN} and every CPU's
 * {@code cpuN/cpufreq} is a symlink to its policy ({@code cpufreq_add_dev_symlink}); older kernels (Android 6/7
 * devices on 3.10/3.18) have a {@code cpuN/cpufreq} directory per CPU whose files describe the shared policy. So
 * the per-CPU path reads every policy on every kernel, and the CPUs of one policy (same {@code related_cpus}) are
 * counted once; the policy's number is its first CPU, as the kernel names {@code policyN} after the CPU that
 * created it. One {@code grep -H . FILES} prints {@code <path>:<value>} for every file (one process for all);
 * a file it cannot read becomes {@code grep: <path>: <strerror>} (merged with {@code 2>&1}), e.g. {@code Permission
 * denied} where SELinux keeps the shell out of {@code sysfs_devices_system_cpu} files on some vendors' builds.
 */
public final class CpuFreqPolicies {
    private static final String SYS = "/sys/devices/system/cpu/";
    private static final String[] FILES = {"related_cpus", "scaling_cur_freq", "cpuinfo_max_freq"};

    private CpuFreqPolicies() {
    }

    /** One grep over the per-CPU cpufreq files (works with and without policy directories). */
    static String command() {
        StringBuilder b = new StringBuilder("grep -H .");
        for (String f : FILES) {
            b.append(' ').append(SYS).append("cpu[0-9]*/cpufreq/").append(f);
        }
        return b.toString();
    }

    /**
     * One frequency per policy whose three files were read, in policy order; every unreadable file adds a line to
     * {@code missing}. Per-CPU directories of one policy (same {@code related_cpus}) count once.
     */
    public static List<CpuFrequency> parse(String text, List<String> missing) throws DumpFormatException {
        Map<String, Map<String, String>> byDir = new LinkedHashMap<>();
        List<String> errors = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            ReadError err = ReadError.of(line);
            if (err != null) {
                errors.add(shortPath(err.path()) + ": " + err.reason());
                continue;
            }
            int colon = line.indexOf(':');
            int slash = colon < 0 ? -1 : line.lastIndexOf('/', colon);
            if (colon < 0 || slash < 0 || !line.startsWith(SYS)) {
                throw new DumpFormatException("cpufreq: expected \"" + SYS + "…/<file>:<value>\", got: " + line);
            }
            byDir.computeIfAbsent(line.substring(0, slash), d -> new LinkedHashMap<>())
                    .put(line.substring(slash + 1, colon), line.substring(colon + 1).strip());
        }
        TreeMap<Integer, CpuFrequency> policies = new TreeMap<>();
        for (Map.Entry<String, Map<String, String>> e : byDir.entrySet()) {
            Map<String, String> v = e.getValue();
            String cur = v.get("scaling_cur_freq");
            String max = v.get("cpuinfo_max_freq");
            String rel = v.get("related_cpus");
            if (cur == null || max == null || rel == null) {
                continue; // its unreadable file is in errors
            }
            List<Integer> cpus = new ArrayList<>();
            try {
                for (String c : rel.split("\\s+")) {
                    cpus.add(Integer.parseInt(c));
                }
                if (cur.equals("<unknown>")) { // cpuinfo_cur_freq's word; scaling_cur_freq prints %u (tolerated)
                    errors.add(shortPath(e.getKey()) + "/scaling_cur_freq: <unknown>");
                    continue;
                }
                policies.putIfAbsent(cpus.get(0),
                        new CpuFrequency(cpus.get(0), cpus, Long.parseLong(cur), Long.parseLong(max)));
            } catch (NumberFormatException ex) {
                throw new DumpFormatException("cpufreq: " + e.getKey() + " holds a value that is not a number: " + v);
            }
        }
        if (!errors.isEmpty()) {
            missing.add("cpu frequencies: " + (errors.size() == 1 ? errors.get(0)
                    : errors.get(0) + " (and " + (errors.size() - 1) + " more)"));
        }
        return new ArrayList<>(policies.values());
    }

    private static String shortPath(String path) {
        return path.startsWith(SYS) ? path.substring(SYS.length()) : path;
    }
}
