package io.fpsctl.android.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.android.DumpFormatException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hand-written texts of /proc/uptime, /proc/stat, /proc/<pid>/status and cpufreq, from the kernel's printers. */
class DeviceFilesTest {

    @Test
    void uptimeIsTheFirstFieldInSeconds() throws DumpFormatException {
        // fs/proc/uptime.c uptime_proc_show: "%lu.%02lu %lu.%02lu\n"
        assertEquals(81234.56, ProcUptime.parse("81234.56 640011.03\n"), 1e-9);
        assertThrows(DumpFormatException.class, () -> ProcUptime.parse("up 3 days\n"));
    }

    @Test
    void procStatBusyIsTotalMinusIdleAndIowait() throws DumpFormatException {
        // fs/proc/stat.c show_stat: "cpu " + " %llu" × 10 (user nice system idle iowait irq softirq steal guest
        // guest_nice), then "cpu%d" lines. By hand, cpu: total = 1000+20+300+8000+100+10+5+0 = 9435 (guest 40 and
        // guest_nice 0 are inside user/nice, not added), busy = 9435 - 8000 - 100 = 1335.
        // cpu0: total = 250+5+80+1900+30+4+1+0 = 2270, busy = 2270 - 1900 - 30 = 340.
        String text = "cpu  1000 20 300 8000 100 10 5 0 40 0\ncpu0 250 5 80 1900 30 4 1 0 10 0\n";
        assertEquals(List.of(new CpuTicks("cpu", 1335, 9435), new CpuTicks("cpu0", 340, 2270)),
                ProcStat.parse(text));
        // A 2.6.24-era line without guest fields: total = 1+2+3+4+5+6+7+8 = 36, busy = 36 - 4 - 5 = 27.
        assertEquals(List.of(new CpuTicks("cpu3", 27, 36)), ProcStat.parse("cpu3 1 2 3 4 5 6 7 8\n"));
        assertThrows(DumpFormatException.class, () -> ProcStat.parse("intr 12 3 4\n"));
    }

    @Test
    void vmRssIsReadInKb() throws DumpFormatException {
        // fs/proc/task_mmu.c task_mem: SEQ_PUT_DEC("VmRSS:\t", total_rss) → value right-aligned in 8 columns, " kB"
        assertEquals(142336L, ProcPidStatus.parse("VmRSS:\t  142336 kB\n"));
        assertNull(ProcPidStatus.parse("Name:\tkthreadd\n"));
        assertThrows(DumpFormatException.class, () -> ProcPidStatus.parse("VmRSS:\t lots\n"));
    }

    @Test
    void cpufreqPoliciesFromPerCpuDirectoriesCountOnce() throws DumpFormatException {
        // grep -H . prints "<path>:<line>"; drivers/cpufreq/cpufreq.c: related_cpus "0 1 2 3\n", freqs "%u\n" kHz.
        String sys = "/sys/devices/system/cpu/";
        StringBuilder text = new StringBuilder();
        for (int c = 0; c < 4; c++) {
            text.append(sys).append("cpu").append(c).append("/cpufreq/related_cpus:0 1 2 3\n");
        }
        text.append(sys).append("cpu4/cpufreq/related_cpus:4 5 6\n");
        text.append(sys).append("cpu7/cpufreq/related_cpus:7\n");
        for (int c = 0; c < 4; c++) {
            text.append(sys).append("cpu").append(c).append("/cpufreq/scaling_cur_freq:1785600\n");
        }
        text.append(sys).append("cpu4/cpufreq/scaling_cur_freq:1209600\n");
        text.append(sys).append("cpu7/cpufreq/scaling_cur_freq:2841600\n");
        for (int c = 0; c < 4; c++) {
            text.append(sys).append("cpu").append(c).append("/cpufreq/cpuinfo_max_freq:1785600\n");
        }
        text.append(sys).append("cpu4/cpufreq/cpuinfo_max_freq:2419200\n");
        text.append(sys).append("cpu7/cpufreq/cpuinfo_max_freq:2841600\n");
        List<String> missing = new ArrayList<>();
        List<CpuFrequency> f = CpuFreqPolicies.parse(text.toString(), missing);
        assertEquals(List.of(new CpuFrequency(0, List.of(0, 1, 2, 3), 1785600, 1785600),
                new CpuFrequency(4, List.of(4, 5, 6), 1209600, 2419200),
                new CpuFrequency(7, List.of(7), 2841600, 2841600)), f);
        assertTrue(f.get(1).belowMax());
        assertEquals(List.of(), missing);
    }

    @Test
    void permissionDeniedOnCpufreqIsMissingNotAnError() throws DumpFormatException {
        // toybox grep: "grep: <path>: Permission denied" on stderr, merged by 2>&1; the readable policy stays.
        String sys = "/sys/devices/system/cpu/";
        String text = sys + "cpu0/cpufreq/related_cpus:0\n" + sys + "cpu1/cpufreq/related_cpus:1\n"
                + sys + "cpu0/cpufreq/scaling_cur_freq:300000\n"
                + "grep: " + sys + "cpu1/cpufreq/scaling_cur_freq: Permission denied\n"
                + sys + "cpu0/cpufreq/cpuinfo_max_freq:1800000\n" + sys + "cpu1/cpufreq/cpuinfo_max_freq:2400000\n";
        List<String> missing = new ArrayList<>();
        assertEquals(List.of(new CpuFrequency(0, List.of(0), 300000, 1800000)), CpuFreqPolicies.parse(text, missing));
        assertEquals(List.of("cpu frequencies: cpu1/cpufreq/scaling_cur_freq: Permission denied"), missing);
    }
}
