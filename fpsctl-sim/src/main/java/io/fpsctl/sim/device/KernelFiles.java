package io.fpsctl.sim.device;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The kernel files of the simulated device that say what the app and the CPUs are doing (docs/metrics.md 13), built from
 * the simulator's own clock and the app's frames ({@link AppThreads}), {@link DeviceThermals} and a memory model;
 * {@code cat} ({@link ProcFiles}) and {@code grep} ({@link FileGrep}) read them, expanding globs as mksh would
 * (sorted; an unmatched pattern stays as it is).
 * <ul>
 *   <li>{@code /proc/<pid>/stat}, {@code /proc/<pid>/task/<tid>/stat}: Linux {@code fs/proc/array.c
 *       do_task_stat}, 52 fields (3.5+; Android 6 to 16 kernels): {@code "%d (%s) %c"} then ppid … exit_code.
 *       The comm unescaped. utime/stime in CLK_TCK (100) ticks; the process line sums every thread, exited ones
 *       included ({@code thread_group_cputime_adjusted}); startcode/endcode/startstack read 1 1 0 and wchan, kstk*
 *       0 for a reader without ptrace access to the app ({@code permitted} false: the shell user).</li>
 *   <li>{@code /proc/<pid>/status}: {@code fs/proc/array.c proc_pid_status} (a subset of its lines: Name, Umask,
 *       State, Tgid, Ngid, Pid, PPid, TracerPid, Uid, Gid, FDSize, then {@code task_mem}'s Vm* lines with
 *       {@code "%8lu kB"}, then Threads).</li>
 *   <li>{@code /proc/stat}: {@code fs/proc/stat.c show_stat}: {@code "cpu "} + ten {@code " %llu"} (user nice
 *       system idle iowait irq softirq steal guest guest_nice), {@code "cpu%d"} lines, then intr, ctxt, btime,
 *       processes, procs_running, procs_blocked, softirq (intr and softirq shortened: inferred).</li>
 *   <li>{@code /sys/devices/system/cpu/cpuN/cpufreq/*} and, on Android 8+ (kernels 4.4+, where policy directories
 *       exist since 4.3), {@code /sys/devices/system/cpu/cpufreq/policyN/*}: {@code drivers/cpufreq/cpufreq.c}
 *       ({@code cpufreq_show_cpus}: CPU numbers separated by spaces; {@code "%u\n"} for frequencies).</li>
 * </ul>
 * The CPUs' busy time: a fixed background share per core (system services, inferred) plus the app's threads, each
 * on a fixed core (main 4, RenderThread 5, hwui workers and GPU completion 6, the rest 3); a restarted app's
 * earlier time stays counted.
 */
final class KernelFiles {

    static final String CPU_SYS = "/sys/devices/system/cpu/";
    /** Background busy share per core, in millionths of the wall time (inferred). */
    private static final int[] BACKGROUND_PER_MILLION = {60_000, 40_000, 40_000, 30_000, 20_000, 20_000, 15_000,
            10_000};
    private static final int ZYGOTE_PID = 560;
    private static final long TICK_NS = 10_000_000L;

    private final AndroidVersion version;
    private final AppLifecycle app;
    private final AppThreads threads;
    private final DeviceThermals thermals;
    /** GPU, battery and network files (docs/metrics.md 14). */
    private final DeviceLoadFiles load;
    private final long[] retiredAppNs = new long[DeviceThermals.CPUS];
    private final long[] lastAppNs = new long[DeviceThermals.CPUS];
    private int lastPid = -1;

    KernelFiles(AndroidVersion version, AppLifecycle app, AppThreads threads, DeviceThermals thermals,
                DeviceLoadFiles load) {
        this.version = version;
        this.load = load;
        this.app = app;
        this.threads = threads;
        this.thermals = thermals;
    }

    /** Every file at {@code now}, by path, and the truth of this moment (null when the app does not run). */
    record Snapshot(Map<String, String> files, ResourceTruth truth, java.util.Set<String> denied,
                    DeviceLoadFiles load, long now) {
        /** The paths matching a shell glob ({@code *}, {@code ?}, {@code [..]}), sorted; the pattern itself if none. */
        List<String> expand(String pattern) {
            if (!pattern.contains("*") && !pattern.contains("?") && !pattern.contains("[")) {
                return List.of(pattern);
            }
            Pattern p = Pattern.compile(globRegex(pattern));
            List<String> out = new ArrayList<>();
            for (String path : files.keySet()) {
                if (p.matcher(path).matches()) {
                    out.add(path);
                }
            }
            return out.isEmpty() ? List.of(pattern) : out;
        }
    }

    /** Memory of the app: VmRSS grows 16 kB a second from 139 MiB, by at most 40 000 kB (inferred). */
    static long rssKb(long upNs) {
        return 142_336 + Math.min(40_000, upNs / 1_000_000_000L * 16);
    }

    /** TOTAL PSS: 5/8 of the RSS (shared pages split with zygote and other apps; inferred). */
    static long pssKb(long upNs) {
        return rssKb(upNs) * 5 / 8;
    }

    Snapshot at(long now) {
        Map<String, String> files = new TreeMap<>();
        AppProcess process = app.process();
        long[] appNs = new long[DeviceThermals.CPUS];
        ResourceTruth truth = null;
        if (process != null) {
            if (process.pid() != lastPid) {
                for (int c = 0; c < appNs.length; c++) {
                    retiredAppNs[c] += lastAppNs[c];
                    lastAppNs[c] = 0;
                }
                lastPid = process.pid();
            }
            truth = appFiles(files, process, now, appNs);
            System.arraycopy(appNs, 0, lastAppNs, 0, appNs.length);
        }
        procStat(files, now);
        cpufreq(files, now);
        java.util.Set<String> denied = new java.util.HashSet<>();
        load.put(files, denied, now);
        return new Snapshot(files, truth, denied, load, now);
    }

    private ResourceTruth appFiles(Map<String, String> files, AppProcess process, long now, long[] appNs) {
        int pid = process.pid();
        List<AppThreads.SimThread> live = threads.threads(process, now);
        long exited = threads.exitedNs(process, now);
        long up = now - process.startedAt();
        long rss = rssKb(up);
        long totalNs = exited;
        List<ResourceTruth.ThreadTruth> truths = new ArrayList<>();
        for (AppThreads.SimThread t : live) {
            totalNs += t.busyNs();
            appNs[cpuOf(t, pid)] += t.busyNs();
            truths.add(new ResourceTruth.ThreadTruth(t.tid(), t.comm(), t.busyNs(), t.utimeTicks(), t.stimeTicks()));
        }
        appNs[AppThreads.OTHER_CPU] += exited;
        long processTicks = totalNs / TICK_NS;
        long processStime = processTicks / 5;
        int n = live.size();
        long startTicks = process.startedAt() / TICK_NS;
        String base = "/proc/" + pid;
        files.put(base + "/stat", statLine(pid, threads.mainComm(), pid, processTicks - processStime, processStime,
                -10, n, startTicks, rss, 17, AppThreads.MAIN_CPU));
        for (AppThreads.SimThread t : live) {
            int nice = t.tid() == pid || t.comm().equals("RenderThread") ? -10 : 0;
            files.put(base + "/task/" + t.tid() + "/stat", statLine(t.tid(), t.comm(), pid, t.utimeTicks(),
                    t.stimeTicks(), nice, n, t.startNs() / TICK_NS, rss, t.tid() == pid ? 17 : -1, cpuOf(t, pid)));
        }
        files.put(base + "/status", status(pid, threads.mainComm(), rss, n));
        List<Long> cur = new ArrayList<>();
        List<Long> max = new ArrayList<>();
        for (int i = 0; i < DeviceThermals.POLICIES.length; i++) {
            cur.add(thermals.curKhz(i, now));
            max.add(DeviceThermals.POLICIES[i].maxKhz());
        }
        return new ResourceTruth(now, pid, truths, processTicks, cur, max, thermals.status(now), rss, pssKb(up));
    }

    private static int cpuOf(AppThreads.SimThread t, int pid) {
        return switch (t.comm()) {
            case "RenderThread" -> AppThreads.RENDER_CPU;
            case "hwuiTask0", "hwuiTask1", "GPU completion" -> AppThreads.HWUI_CPU;
            default -> t.tid() == pid ? AppThreads.MAIN_CPU : AppThreads.OTHER_CPU;
        };
    }

    /**
     * do_task_stat's 52 fields. Values other than pid, comm, ppid, utime, stime, priority/nice, num_threads,
     * starttime, vsize, rss, exit_signal and processor are fixed plausible figures (inferred).
     */
    private static String statLine(int tid, String comm, int tgid, long utime, long stime, int nice, int threads,
                                   long startTicks, long rssKb, int exitSignal, int cpu) {
        StringBuilder b = new StringBuilder(200);
        b.append(tid).append(" (").append(comm).append(") S ").append(ZYGOTE_PID).append(' ').append(ZYGOTE_PID)
                .append(" 0 0 -1 1077952832 ").append(20_000 + tid % 1000).append(" 0 ").append(300 + tid % 100)
                .append(" 0 ").append(utime).append(' ').append(stime).append(" 0 0 ").append(20 + nice).append(' ')
                .append(nice).append(' ').append(threads).append(" 0 ").append(startTicks).append(' ')
                .append(14_857_836L * 1024).append(' ').append(rssKb / 4)
                .append(" 18446744073709551615 1 1 0 0 0 0 4612 1 1073775868 0 0 0 ").append(exitSignal).append(' ')
                .append(cpu).append(" 0 0 0 0 0 0 0 0 0 0 0 0 0\n");
        return b.toString();
    }

    private static String status(int pid, String comm, long rssKb, int threads) {
        // proc_pid_status → task_mem: "VmPeak:\t%8lu kB\n" … (Linux 4.x+ SEQ_PUT_DEC with width 8)
        long anon = rssKb * 55 / 100;
        long file = rssKb * 43 / 100;
        long shmem = rssKb - anon - file;
        return String.format(Locale.ROOT, "Name:\t%s\nUmask:\t0077\nState:\tS (sleeping)\nTgid:\t%d\nNgid:\t0\n"
                        + "Pid:\t%d\nPPid:\t%d\nTracerPid:\t0\nUid:\t10123\t10123\t10123\t10123\n"
                        + "Gid:\t10123\t10123\t10123\t10123\nFDSize:\t128\n"
                        + "VmPeak:\t%8d kB\nVmSize:\t%8d kB\nVmLck:\t%8d kB\nVmPin:\t%8d kB\nVmHWM:\t%8d kB\n"
                        + "VmRSS:\t%8d kB\nRssAnon:\t%8d kB\nRssFile:\t%8d kB\nRssShmem:\t%8d kB\n"
                        + "VmData:\t%8d kB\nVmStk:\t%8d kB\nVmExe:\t%8d kB\nVmLib:\t%8d kB\nVmPTE:\t%8d kB\n"
                        + "VmSwap:\t%8d kB\nThreads:\t%d\n",
                comm, pid, pid, ZYGOTE_PID, 14_901_212L, 14_857_836L, 0L, 0L, rssKb + 2_048, rssKb, anon, file, shmem,
                1_402_220L, 8_192L, 24L, 181_520L, 1_164L, 0L, threads);
    }

    private void procStat(Map<String, String> files, long now) {
        long totalTicks = now / TICK_NS;
        long[][] rows = new long[DeviceThermals.CPUS][];
        long[] sum = new long[10];
        for (int c = 0; c < DeviceThermals.CPUS; c++) {
            long busyNs = now / 1_000_000L * BACKGROUND_PER_MILLION[c] + retiredAppNs[c] + lastAppNs[c];
            long busy = Math.min(totalTicks, busyNs / TICK_NS);
            long iowait = totalTicks / 2_000;
            long idle = Math.max(0, totalTicks - busy - iowait);
            long user = busy * 70 / 100;
            long system = busy * 25 / 100;
            long irq = busy * 3 / 100;
            long softirq = busy - user - system - irq;
            rows[c] = new long[] {user, 0, system, idle, iowait, irq, softirq, 0, 0, 0};
            for (int k = 0; k < 10; k++) {
                sum[k] += rows[c][k];
            }
        }
        StringBuilder b = new StringBuilder("cpu ");
        for (long v : sum) {
            b.append(' ').append(v);
        }
        b.append('\n');
        for (int c = 0; c < DeviceThermals.CPUS; c++) {
            b.append("cpu").append(c);
            for (long v : rows[c]) {
                b.append(' ').append(v);
            }
            b.append('\n');
        }
        long ctxt = now / 20_000L;
        b.append("intr ").append(now / 400_000L).append(" 0 0 0 0 0\n")
                .append("ctxt ").append(ctxt).append('\n')
                .append("btime 1764100000\n")
                .append("processes ").append(24_000 + now / 1_000_000_000L).append('\n')
                .append("procs_running 2\nprocs_blocked 0\n")
                .append("softirq ").append(now / 2_000_000L).append(" 0 0 0 0 0 0 0 0 0 0\n");
        files.put("/proc/stat", b.toString());
    }

    private void cpufreq(Map<String, String> files, long now) {
        for (int i = 0; i < DeviceThermals.POLICIES.length; i++) {
            DeviceThermals.Policy p = DeviceThermals.POLICIES[i];
            StringBuilder cpus = new StringBuilder();
            for (int c = p.first(); c <= p.last(); c++) {
                cpus.append(c == p.first() ? "" : " ").append(c);
            }
            long cur = thermals.curKhz(i, now);
            Map<String, String> values = new TreeMap<>();
            values.put("related_cpus", cpus + "\n");
            values.put("affected_cpus", cpus + "\n");
            values.put("cpuinfo_max_freq", p.maxKhz() + "\n");
            values.put("cpuinfo_min_freq", "300000\n");
            values.put("scaling_cur_freq", cur + "\n");
            values.put("scaling_max_freq", cur + "\n"); // the thermal cap is a max-frequency limit
            values.put("scaling_min_freq", "300000\n");
            values.put("scaling_governor", "schedutil\n");
            for (int c = p.first(); c <= p.last(); c++) {
                for (Map.Entry<String, String> v : values.entrySet()) {
                    files.put(CPU_SYS + "cpu" + c + "/cpufreq/" + v.getKey(), v.getValue());
                }
            }
            if (version.major() >= 8) {
                for (Map.Entry<String, String> v : values.entrySet()) {
                    files.put(CPU_SYS + "cpufreq/policy" + p.first() + "/" + v.getKey(), v.getValue());
                }
            }
        }
    }

    /** A shell glob as a Java regex over whole paths: {@code *} and {@code ?} never cross a {@code /}. */
    static String globRegex(String glob) {
        StringBuilder r = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            switch (c) {
                case '*' -> r.append("[^/]*");
                case '?' -> r.append("[^/]");
                case '[' -> {
                    int end = glob.indexOf(']', i + 1);
                    if (end < 0) {
                        r.append("\\[");
                    } else {
                        r.append('[').append(glob, i + 1, end).append(']');
                        i = end;
                    }
                }
                default -> r.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return r.toString();
    }
}
