package io.fpsctl.android.resources;

import io.fpsctl.android.AndroidPackageName;
import io.fpsctl.android.DumpFormatException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The resources batch of one poll: ONE shell command line that reads everything in one round trip, and a pure
 * parser of its whole output.
 * <p>
 * Each read is preceded by {@code echo <MARKER> <part>} and has its stderr merged ({@code 2>&1}), so a file that is
 * missing or denied prints the tool's own one-line error in its part ({@link ReadError}) instead of failing the
 * batch; the shell runs the next read whatever the last one's exit status. The marker is longer than any comm a
 * thread can give itself (15 bytes, {@link ProcPidStat#MAX_COMM}), so a thread name with a newline cannot forge
 * one. Cost: one echo (a shell builtin) and one process per part; the threads are read by a single {@code cat}.
 */
public final class ResourceProbe {
    /** Starts each part's output; followed by a space and the part's name. */
    static final String MARKER = "@@fpsctl-resource@@";

    enum Part {
        UPTIME("uptime"), PROCESS("app process"), THREADS("threads"), CPUS("device cpu"),
        FREQUENCIES("cpu frequencies"), RSS("memory rss"), MEMINFO("memory pss"), THERMAL("thermal status"),
        BATTERY("battery temperature"), GPU("gpu"), POWER("battery power"), NET_RULE("traffic accounting"),
        APP_NET("app network"),
        DEVICE_NET("device network"), GPU_WORK("app gpu time"), APP_UID_STATS("app network map");

        final String label;

        Part(String label) {
            this.label = label;
        }

        String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final int pid;
    private final int sdk;
    private final boolean withMeminfo;
    private final boolean withThermal;
    private final boolean withDeviceLoad;
    private final String command;
    /** netd's rule as an earlier batch of the run printed it, or null when this batch reads it. */
    private final String knownNetRule;

    private ResourceProbe(int pid, int sdk, boolean withMeminfo, boolean withThermal, boolean withDeviceLoad,
                          String command, String knownNetRule) {
        this.pid = pid;
        this.sdk = sdk;
        this.withMeminfo = withMeminfo;
        this.withThermal = withThermal;
        this.withDeviceLoad = withDeviceLoad;
        this.command = command;
        this.knownNetRule = knownNetRule;
    }

    /** The CPU, memory and thermal parts only (docs/metrics.md 13). */
    public static ResourceProbe of(int pid, int sdk, boolean withMeminfo, boolean withThermal, String packageName) {
        return of(pid, sdk, withMeminfo, withThermal, false, packageName);
    }

    /**
     * Reads the fast parts (uptime, the process's and its threads' stat, /proc/stat, cpufreq, VmRSS) and, when asked,
     * the slow ones: {@code dumpsys meminfo <packageName>} ({@code withMeminfo}); {@code dumpsys thermalservice}
     * (Android 10+) and {@code dumpsys battery} ({@code withThermal}).
     *
     * @throws IllegalArgumentException when {@code pid} is not positive or {@code packageName} is not a package name
     */
    public static ResourceProbe of(int pid, int sdk, boolean withMeminfo, boolean withThermal,
                                   boolean withDeviceLoad, String packageName) {
        return of(pid, sdk, withMeminfo, withThermal, withDeviceLoad, packageName, null);
    }

    /**
     * As above; {@code knownNetRule} is the traffic-accounting part an earlier batch of the same run printed
     * ({@link #netRuleText}): {@code ro.product.first_api_level} and the kernel release do not change while the phone
     * runs, so the batch leaves out its {@code getprop} and {@code uname} (two processes a poll) once it has them.
     */
    public static ResourceProbe of(int pid, int sdk, boolean withMeminfo, boolean withThermal,
                                   boolean withDeviceLoad, String packageName, String knownNetRule) {
        if (pid <= 0) {
            throw new IllegalArgumentException("not a process id: " + pid);
        }
        String problem = AndroidPackageName.problem(packageName);
        if (problem != null) {
            throw new IllegalArgumentException("not a package name (" + problem + "): " + packageName);
        }
        Map<Part, String> reads = new LinkedHashMap<>();
        reads.put(Part.UPTIME, ProcUptime.COMMAND);
        reads.put(Part.PROCESS, ProcPidStat.processCommand(pid));
        reads.put(Part.THREADS, ProcPidStat.tasksCommand(pid));
        reads.put(Part.CPUS, ProcStat.COMMAND);
        reads.put(Part.FREQUENCIES, CpuFreqPolicies.command());
        reads.put(Part.RSS, ProcPidStatus.command(pid));
        if (withDeviceLoad) {
            // docs/metrics.md 14: sysfs and procfs files, one process each, before the slow dumps so that their
            // samples sit within milliseconds of the uptime read that dates the batch
            reads.put(Part.GPU, GpuSysfs.command());
            reads.put(Part.POWER, PowerSupply.command());
            // netd's rule and the xt_qtaguid file on every version: which one counts is told by what the phone
            // answers (TrafficAccounting), not by its Android version
            if (knownNetRule == null) {
                reads.put(Part.NET_RULE, TrafficAccounting.COMMAND);
            }
            reads.put(Part.APP_NET, QtaguidStats.command(pid));
            reads.put(Part.DEVICE_NET, ProcNetDev.COMMAND);
            if (sdk >= AppUidStatsDump.FIRST_SDK) {
                // docs/metrics.md 14 rule 11: the app's bytes on an eBPF phone, the service's dump of netd's
                // app_uid_stats_map, every poll (its cost there)
                reads.put(Part.APP_UID_STATS, AppUidStatsDump.command(sdk));
            }
            if (sdk >= GpuWorkDump.FIRST_SDK) {
                // docs/metrics.md 14 rule 10: one dumpsys a poll (a binder call that copies gpuservice's eBPF map of
                // a few hundred entries at most); below Android 13 the argument is not known (the whole gpu dump), so
                // it is not run
                reads.put(Part.GPU_WORK, GpuWorkDump.COMMAND);
            }
        }
        if (withMeminfo) {
            reads.put(Part.MEMINFO, MeminfoDump.command(packageName));
        }
        if (withThermal && sdk >= ThermalServiceDump.FIRST_SDK) {
            reads.put(Part.THERMAL, ThermalServiceDump.COMMAND);
        }
        if (withThermal) {
            reads.put(Part.BATTERY, BatteryDump.COMMAND);
        }
        StringBuilder b = new StringBuilder();
        for (Map.Entry<Part, String> r : reads.entrySet()) {
            if (b.length() > 0) {
                b.append(" ; ");
            }
            b.append("echo ").append(MARKER).append(' ').append(r.getKey().key()).append(" ; ")
                    .append(r.getValue()).append(" 2>&1");
        }
        return new ResourceProbe(pid, sdk, withMeminfo, withThermal, withDeviceLoad, b.toString(),
                withDeviceLoad ? knownNetRule : null);
    }

    /**
     * The traffic-accounting part of a batch's output (netd's rule: {@code getprop} then {@code uname -r}), to be
     * handed to the next probes of the run; null when this batch did not read it or it printed nothing.
     */
    public String netRuleText(String output) {
        if (knownNetRule != null || !withDeviceLoad) {
            return knownNetRule;
        }
        String text = split(output).get(Part.NET_RULE.key());
        return text == null || text.isBlank() ? null : text;
    }

    /** The shell command line; package names pass through {@code ShellQuote}, every other word is fixed here. */
    public String command() {
        return command;
    }

    public int pid() {
        return pid;
    }

    /**
     * CLK_TCK, the unit of {@code /proc} tick counts: 100 on Android. bionic {@code libc/bionic/sysconf.cpp}
     * answers {@code _SC_CLK_TCK} with {@code getauxval(AT_CLKTCK)}, which the kernel sets to {@code USER_HZ}
     * ({@code fs/binfmt_elf.c create_elf_tables: NEW_AUX_ENT(AT_CLKTCK, CLOCKS_PER_SEC)}); {@code USER_HZ} is 100 on
     * arm, arm64, x86 and riscv ({@code include/asm-generic/param.h}), and the times in /proc are converted to it by
     * {@code nsec_to_clock_t} / {@code cputime_to_clock_t} whatever the kernel's own HZ.
     */
    public static long clockTicksPerSecond() {
        return 100;
    }

    /**
     * The whole batch output as one sample. A part that could not be read (missing file, permission, service,
     * older Android, the app gone) goes to {@link ResourceSample#missing()}; it never throws for that.
     *
     * @throws DumpFormatException when a part holds text of the wrong shape; the message names the part
     */
    public ResourceSample parse(String output) throws DumpFormatException {
        Map<String, String> parts = split(output);
        List<String> missing = new ArrayList<>();

        double uptime = Double.NaN;
        String text = content(parts, Part.UPTIME, missing);
        if (text != null) {
            uptime = guarded(Part.UPTIME, () -> ProcUptime.parse(text));
        }

        ThreadTicks process = null;
        String stat = content(parts, Part.PROCESS, missing);
        if (stat != null) {
            List<ThreadTicks> one = guarded(Part.PROCESS, () -> ProcPidStat.parse(stat));
            process = one.isEmpty() ? null : one.get(0);
        }

        List<ThreadTicks> threads = List.of();
        String tasks = parts.get(Part.THREADS.key());
        if (tasks == null) {
            missing.add(Part.THREADS.label + ": no output");
        } else {
            StringBuilder lines = new StringBuilder();
            String denied = null;
            for (String line : tasks.split("\n", -1)) {
                ReadError err = ReadError.of(line);
                if (err == null) {
                    lines.append(line).append('\n');
                } else if (!err.gone() && denied == null) {
                    denied = err.reason();
                }
                // gone: a thread that exited between the shell's glob and cat's open/read (ENOENT / ESRCH), or the
                // whole process (then the glob stays unexpanded and the process part says so).
            }
            threads = guarded(Part.THREADS, () -> ProcPidStat.parse(lines.toString()));
            if (denied != null) {
                missing.add(Part.THREADS.label + ": " + denied);
            } else if (threads.isEmpty() && process != null) {
                missing.add(Part.THREADS.label + ": none readable");
            }
        }

        CpuTicks all = null;
        List<CpuTicks> cores = new ArrayList<>();
        String cpus = content(parts, Part.CPUS, missing);
        if (cpus != null) {
            for (CpuTicks c : guarded(Part.CPUS, () -> ProcStat.parse(cpus))) {
                if (c.cpu().equals("cpu")) {
                    all = c;
                } else {
                    cores.add(c);
                }
            }
            if (all == null) {
                missing.add(Part.CPUS.label + ": no \"cpu\" line");
            }
        }

        List<CpuFrequency> freqs = List.of();
        String freqText = parts.get(Part.FREQUENCIES.key());
        if (freqText == null) {
            missing.add(Part.FREQUENCIES.label + ": no output");
        } else {
            freqs = guarded(Part.FREQUENCIES, () -> CpuFreqPolicies.parse(freqText, missing));
        }

        Long rss = null;
        String status = content(parts, Part.RSS, missing);
        if (status != null) {
            rss = guarded(Part.RSS, () -> ProcPidStatus.parse(status));
            if (rss == null) {
                missing.add(Part.RSS.label + ": no VmRSS line");
            }
        }

        Long pss = null;
        if (withMeminfo) {
            String mem = content(parts, Part.MEMINFO, missing);
            if (mem != null) {
                pss = guarded(Part.MEMINFO, () -> MeminfoDump.totalPssKb(mem, pid));
                if (pss == null) {
                    missing.add(Part.MEMINFO.label + ": " + MeminfoDump.absence(mem, pid));
                }
            }
        }

        Integer thermal = null;
        Double maxTemp = null;
        Double battery = null;
        if (withThermal) {
            if (sdk < ThermalServiceDump.FIRST_SDK) {
                missing.add(Part.THERMAL.label + ": needs Android 10 (API 29), the device is API " + sdk);
            } else {
                String th = content(parts, Part.THERMAL, missing);
                if (th != null) {
                    ThermalServiceDump.Reading r = guarded(Part.THERMAL, () -> ThermalServiceDump.parse(th));
                    thermal = r.status();
                    maxTemp = r.maxCpuOrSkinC();
                }
            }
            String bat = content(parts, Part.BATTERY, missing);
            if (bat != null) {
                battery = guarded(Part.BATTERY, () -> BatteryDump.temperatureC(bat));
            }
        }
        GpuSysfs.Reading gpu = null;
        PowerSupply.Reading power = null;
        QtaguidStats.Bytes appNet = null;
        ProcNetDev.Bytes deviceNet = null;
        String netReason = null;
        GpuWorkDump.Reading gpuWork = null;
        if (withDeviceLoad) {
            // each part's own parser says why a figure is unknown; "missing" gets one line per part as above
            String g = parts.get(Part.GPU.key());
            if (g == null) {
                missing.add(Part.GPU.label + ": no output");
            } else {
                gpu = guarded(Part.GPU, () -> GpuSysfs.parse(g));
                if (gpu.reason() != null) {
                    missing.add(Part.GPU.label + ": " + gpu.reason());
                }
            }
            String p = parts.get(Part.POWER.key());
            if (p == null) {
                missing.add(Part.POWER.label + ": no output");
            } else {
                power = guarded(Part.POWER, () -> PowerSupply.parse(p));
                if (power.reason() != null) {
                    missing.add(Part.POWER.label + ": " + power.reason());
                }
            }
            String ruleText = knownNetRule != null ? knownNetRule : parts.get(Part.NET_RULE.key());
            TrafficAccounting.Choice rule = TrafficAccounting.of(ruleText, sdk);
            if (sdk >= AppUidStatsDump.FIRST_SDK && (rule == null || rule.ebpf())) {
                // docs/metrics.md 14 rule 11: Android 13+ counts with eBPF only, and a system service prints the map
                int uid = GpuWorkDump.uid(parts.get(Part.APP_NET.key()));
                String map = parts.get(Part.APP_UID_STATS.key());
                if (uid < 0) {
                    netReason = "no Uid: line for the app";
                } else if (map == null) {
                    netReason = "no output";
                } else {
                    AppUidStatsDump.Reading r = AppUidStatsDump.parse(map, uid, AppUidStatsDump.command(sdk));
                    appNet = r.bytes();
                    netReason = r.reason();
                }
            } else if (rule != null && rule.ebpf()) {
                netReason = "per-app bytes need xt_qtaguid; this phone counts them with eBPF maps the shell cannot "
                        + "read (netd getBpfSupportLevel: " + rule.seen() + ")"; // before 13 only netd prints them (rule 11)
            } else {
                String q = parts.get(Part.APP_NET.key());
                netReason = q == null ? "no output" : QtaguidStats.unreadable(q);
                if (netReason == null) {
                    appNet = guarded(Part.APP_NET, () -> QtaguidStats.parse(q));
                    if (appNet == null) {
                        netReason = "no Uid: line for the app";
                    } else {
                        // never a false 0: a file that counts no app at all is taken as not counting
                        netReason = QtaguidStats.notCounting(q);
                        if (netReason != null) {
                            appNet = null;
                            netReason += rule != null
                                    ? " although netd would count with it (" + rule.seen() + ")"
                                    : " (netd's choice unknown: " + TrafficAccounting.unreadKernel(ruleText) + ")";
                        }
                    }
                }
            }
            if (netReason != null) {
                missing.add(Part.APP_NET.label + ": " + netReason);
            }
            String d = content(parts, Part.DEVICE_NET, missing);
            if (d != null) {
                deviceNet = guarded(Part.DEVICE_NET, () -> ProcNetDev.parse(d));
            }
            gpuWork = gpuWork(parts, missing);
        }
        return new ResourceSample(uptime, pid, threads, all, cores, freqs, rss, pss, thermal, battery, maxTemp,
                missing, process, gpu, power, appNet, deviceNet, netReason, gpuWork);
    }

    /**
     * The app's GPU time (docs/metrics.md 14 rule 10): its uid is the {@code Uid:} line the app network part read in
     * the same batch (no process of its own). Never throws for its text: an old gpuservice's whole dump or a row of
     * the wrong shape is this figure unavailable, the batch's other figures stay.
     */
    private GpuWorkDump.Reading gpuWork(Map<String, String> parts, List<String> missing) {
        String old = GpuWorkDump.tooOld(sdk);
        GpuWorkDump.Reading r;
        if (old != null) {
            r = new GpuWorkDump.Reading(null, old);
        } else {
            String text = parts.get(Part.GPU_WORK.key());
            int uid = GpuWorkDump.uid(parts.get(Part.APP_NET.key()));
            if (text == null) {
                r = new GpuWorkDump.Reading(null, "no output");
            } else if (uid < 0) {
                r = new GpuWorkDump.Reading(null, "no Uid: line for the app");
            } else {
                try {
                    r = GpuWorkDump.parse(text, uid);
                } catch (DumpFormatException e) {
                    // a table of the wrong shape costs this figure only (docs/metrics.md 14 rule 10), not the batch
                    r = new GpuWorkDump.Reading(null, e.getMessage());
                }
            }
        }
        if (r.reason() != null) {
            missing.add(Part.GPU_WORK.label + ": " + r.reason());
        }
        return r;
    }

    /** The part's text, or null (and a line in {@code missing}) when it is absent or only a read error. */
    private static String content(Map<String, String> parts, Part part, List<String> missing) {
        String text = parts.get(part.key());
        if (text == null) {
            missing.add(part.label + ": no output");
            return null;
        }
        ReadError err = null;
        boolean content = false;
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            ReadError e = ReadError.of(line);
            if (e == null) {
                content = true;
            } else if (err == null) {
                err = e;
            }
        }
        if (content) {
            return text;
        }
        missing.add(part.label + ": " + (err != null ? (err.gone() && part != Part.THERMAL && part != Part.BATTERY
                && part != Part.APP_NET && part != Part.DEVICE_NET
                && part != Part.MEMINFO ? "gone (" + err.reason() + ")" : err.reason()) : "empty"));
        return null;
    }

    private static Map<String, String> split(String output) {
        Map<String, String> parts = new LinkedHashMap<>();
        String key = null;
        StringBuilder b = new StringBuilder();
        for (String line : output.replace("\r\n", "\n").split("\n", -1)) {
            if (line.startsWith(MARKER + " ")) {
                if (key != null) {
                    parts.put(key, b.toString());
                }
                key = line.substring(MARKER.length() + 1).strip();
                b.setLength(0);
            } else if (key != null) {
                b.append(line).append('\n');
            }
        }
        if (key != null) {
            parts.put(key, b.toString());
        }
        return parts;
    }

    private interface PartParser<T> {
        T parse() throws DumpFormatException;
    }

    private static <T> T guarded(Part part, PartParser<T> p) throws DumpFormatException {
        try {
            return p.parse();
        } catch (DumpFormatException e) {
            throw new DumpFormatException("resources, " + part.label + ": " + e.getMessage());
        } catch (RuntimeException e) {
            throw new DumpFormatException("resources, " + part.label + ": unreadable value (" + e.getMessage() + ")");
        }
    }
}
