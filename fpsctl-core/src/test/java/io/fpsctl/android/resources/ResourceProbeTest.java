package io.fpsctl.android.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.android.DumpFormatException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The whole batch: the command line it sends and hand-written outputs of it (each part as the device prints it,
 * after the {@code echo} marker), including a thread that exits between the glob and the read, Android 6 without
 * thermalservice, permission denied on cpufreq, the app gone, and garbage in one part.
 */
class ResourceProbeTest {

    private static final String M = ResourceProbe.MARKER + " ";
    private static final String SYS = "/sys/devices/system/cpu/";

    private static String stat(int tid, String comm, long utime, long stime) {
        // do_task_stat, fields as in ProcPidStatTest
        return tid + " (" + comm + ") S 601 601 0 0 -1 1077952832 41235 0 612 0 " + utime + " " + stime
                + " 0 0 10 -10 52 0 81234 15203987456 35612 18446744073709551615 1 1 0 0 0 0 4612 1 1073775868 0 0 0"
                + " 17 4 0 0 0 0 0 0 0 0 0 0 0 0 0\n";
    }

    private static String freqs(String cur4) {
        return SYS + "cpu0/cpufreq/related_cpus:0 1 2 3\n" + SYS + "cpu4/cpufreq/related_cpus:4 5 6 7\n"
                + SYS + "cpu0/cpufreq/scaling_cur_freq:1785600\n" + cur4
                + SYS + "cpu0/cpufreq/cpuinfo_max_freq:1785600\n" + SYS + "cpu4/cpufreq/cpuinfo_max_freq:2419200\n";
    }

    @Test
    void commandIsOneLineWithEveryReadMarkedAndItsErrorsMerged() {
        ResourceProbe p = ResourceProbe.of(4000, 34, true, true, "com.example.feed");
        assertEquals("echo @@fpsctl-resource@@ uptime ; cat /proc/uptime 2>&1"
                + " ; echo @@fpsctl-resource@@ process ; cat /proc/4000/stat 2>&1"
                + " ; echo @@fpsctl-resource@@ threads ; cat /proc/4000/task/*/stat 2>&1"
                + " ; echo @@fpsctl-resource@@ cpus ; grep ^cpu /proc/stat 2>&1"
                + " ; echo @@fpsctl-resource@@ frequencies ; grep -H . " + SYS + "cpu[0-9]*/cpufreq/related_cpus "
                + SYS + "cpu[0-9]*/cpufreq/scaling_cur_freq " + SYS + "cpu[0-9]*/cpufreq/cpuinfo_max_freq 2>&1"
                + " ; echo @@fpsctl-resource@@ rss ; grep VmRSS /proc/4000/status 2>&1"
                + " ; echo @@fpsctl-resource@@ meminfo ; dumpsys meminfo com.example.feed 2>&1"
                + " ; echo @@fpsctl-resource@@ thermal ; dumpsys thermalservice 2>&1"
                + " ; echo @@fpsctl-resource@@ battery ; dumpsys battery 2>&1", p.command());
        assertFalse(ResourceProbe.of(4000, 34, false, false, "com.example.feed").command().contains("dumpsys"));
        // Android 6: no thermalservice to ask; battery still read.
        String six = ResourceProbe.of(4000, 23, false, true, "com.example.feed").command();
        assertFalse(six.contains("thermalservice"));
        assertTrue(six.contains("dumpsys battery"));
        assertThrows(IllegalArgumentException.class, () -> ResourceProbe.of(4000, 34, true, true, "x; rm -rf /"));
        assertThrows(IllegalArgumentException.class, () -> ResourceProbe.of(0, 34, true, true, "com.example.feed"));
        // The marker is longer than a comm (15 bytes), so no thread name can forge a marker line.
        assertTrue(ResourceProbe.MARKER.length() > ProcPidStat.MAX_COMM);
    }

    @Test
    void android14FullBatch() throws DumpFormatException {
        String out = M + "uptime\n81234.56 640011.03\n"
                + M + "process\n" + stat(4000, "om.example.feed", 5012, 1203)
                + M + "threads\n" + stat(4000, "om.example.feed", 2345, 678) + stat(4020, "RenderThread", 1500, 300)
                + stat(4023, "hwuiTask0", 40, 2)
                // a thread that exited after the shell listed task/ and before cat opened its stat (ENOENT), and one
                // whose stat was opened but the task died before the read (ESRCH): both simply absent
                + "cat: /proc/4000/task/4077/stat: No such file or directory\n"
                + "cat: /proc/4000/task/4078/stat: No such process\n"
                + stat(4101, "a) b (c", 7, 1)
                + M + "cpus\ncpu  1000 20 300 8000 100 10 5 0 40 0\ncpu0 250 5 80 1900 30 4 1 0 10 0\n"
                + M + "frequencies\n" + freqs(SYS + "cpu4/cpufreq/scaling_cur_freq:1209600\n")
                + M + "rss\nVmRSS:\t  142336 kB\n"
                + M + "meminfo\n" + ServiceDumpsTest.meminfoAndroid14(4000)
                + M + "thermal\n" + ServiceDumpsTest.THERMAL_SEVERE
                + M + "battery\n" + ServiceDumpsTest.BATTERY;
        ResourceSample s = ResourceProbe.of(4000, 34, true, true, "com.example.feed").parse(out);
        assertEquals(81234.56, s.uptimeSeconds(), 1e-9);
        assertEquals(new ThreadTicks(4000, "om.example.feed", 5012, 1203), s.process());
        assertEquals(List.of(4000, 4020, 4023, 4101), s.threads().stream().map(ThreadTicks::tid).toList());
        assertEquals(new ThreadTicks(4101, "a) b (c", 7, 1), s.thread(4101));
        assertEquals(new CpuTicks("cpu", 1335, 9435), s.allCpus());
        assertEquals(List.of(new CpuTicks("cpu0", 340, 2270)), s.cores());
        assertEquals(List.of(new CpuFrequency(0, List.of(0, 1, 2, 3), 1785600, 1785600),
                new CpuFrequency(4, List.of(4, 5, 6, 7), 1209600, 2419200)), s.frequencies());
        assertEquals(142336L, s.rssKb());
        assertEquals(88120L, s.pssKb());
        assertEquals(3, s.thermalStatus());
        assertEquals(71.5, s.maxTempC(), 1e-9);
        assertEquals(31.2, s.batteryTempC(), 1e-9);
        assertEquals(List.of(), s.missing());
    }

    @Test
    void android6WithoutThermalServiceAndWithCpufreqDenied() throws DumpFormatException {
        String out = M + "uptime\n512.07 3900.11\n"
                + M + "process\n" + stat(2100, "om.example.feed", 30, 9)
                + M + "threads\n" + stat(2100, "om.example.feed", 20, 6) + stat(2120, "RenderThread", 10, 3)
                + M + "cpus\ncpu  1000 20 300 8000 100 10 5 0 0 0\n"
                + M + "frequencies\n" + freqs("grep: " + SYS + "cpu4/cpufreq/scaling_cur_freq: Permission denied\n")
                + M + "rss\nVmRSS:\t   91020 kB\n"
                + M + "battery\n" + ServiceDumpsTest.BATTERY;
        ResourceSample s = ResourceProbe.of(2100, 23, false, true, "com.example.feed").parse(out);
        assertEquals(2, s.threads().size());
        assertEquals(List.of(new CpuFrequency(0, List.of(0, 1, 2, 3), 1785600, 1785600)), s.frequencies());
        assertNull(s.thermalStatus());
        assertNull(s.pssKb());
        assertEquals(31.2, s.batteryTempC(), 1e-9);
        assertEquals(List.of("cpu frequencies: cpu4/cpufreq/scaling_cur_freq: Permission denied",
                "thermal status: needs Android 10 (API 29), the device is API 23"), s.missing());
    }

    @Test
    void theAppGoneAndServicesMissingGoToMissing() throws DumpFormatException {
        // mksh leaves an unmatched glob as it is, so cat names the pattern; dumpsys: "Can't find service: <name>"
        // on stderr (cmds/dumpsys/dumpsys.cpp), merged here.
        String out = M + "uptime\n600.00 4000.00\n"
                + M + "process\ncat: /proc/4000/stat: No such file or directory\n"
                + M + "threads\ncat: /proc/4000/task/*/stat: No such file or directory\n"
                + M + "cpus\ncpu  1000 20 300 8000 100 10 5 0 0 0\n"
                + M + "frequencies\ngrep: " + SYS + "cpu[0-9]*/cpufreq/related_cpus: No such file or directory\n"
                + "grep: " + SYS + "cpu[0-9]*/cpufreq/scaling_cur_freq: No such file or directory\n"
                + "grep: " + SYS + "cpu[0-9]*/cpufreq/cpuinfo_max_freq: No such file or directory\n"
                + M + "rss\ngrep: /proc/4000/status: No such file or directory\n"
                + M + "meminfo\nNo process found for: com.example.feed\n"
                + M + "thermal\nCan't find service: thermalservice\n"
                + M + "battery\n" + ServiceDumpsTest.BATTERY;
        ResourceSample s = ResourceProbe.of(4000, 30, true, true, "com.example.feed").parse(out);
        assertNull(s.process());
        assertEquals(List.of(), s.threads());
        assertEquals(List.of(), s.frequencies());
        assertNull(s.rssKb());
        assertEquals(List.of("app process: gone (No such file or directory)",
                "cpu frequencies: cpu[0-9]*/cpufreq/related_cpus: No such file or directory (and 2 more)",
                "memory rss: gone (No such file or directory)",
                "memory pss: No process found for: com.example.feed",
                "thermal status: no such service"), s.missing());
    }

    @Test
    void aPartMissingFromTheOutputIsNamedAndGarbageIsAnErrorNamingThePart() throws DumpFormatException {
        ResourceProbe p = ResourceProbe.of(4000, 34, false, false, "com.example.feed");
        ResourceSample cut = p.parse(M + "uptime\n600.00 4000.00\n");
        assertTrue(cut.missing().contains("threads: no output"), cut.missing().toString());
        assertTrue(cut.missing().contains("device cpu: no output"), cut.missing().toString());
        DumpFormatException e = assertThrows(DumpFormatException.class,
                () -> p.parse(M + "uptime\n600.00 4000.00\n" + M + "cpus\n<html>oops</html>\n"));
        assertTrue(e.getMessage().startsWith("resources, device cpu: "), e.getMessage());
    }

    @Test
    void clockTicksAreAndroidsUserHz() {
        assertEquals(100, ResourceProbe.clockTicksPerSecond());
    }
}
