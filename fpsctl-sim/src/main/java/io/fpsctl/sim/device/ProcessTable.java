package io.fpsctl.sim.device;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The device's process list as {@code /proc} would show it to {@code ps} and {@code pidof}: a few fixed system
 * processes (init, a kernel thread, logd, surfaceflinger, zygote, adbd, system_server, launcher, systemui), the app when it
 * runs, and the {@code sh}/{@code ps} pair of the shell command itself. Pids, users, sizes and kernel wait
 * channels are plausible inventions (inferred); the app's pid, user ({@code u0_a123} = uid 10123 as in
 * {@code dumpsys package}) and start time are the simulator's own.
 */
final class ProcessTable {

    /**
     * One {@code /proc/<pid>} entry.
     *
     * @param user      owner ({@code getpwuid} name)
     * @param pid       process id
     * @param ppid      parent pid
     * @param vszKb     virtual size in KiB
     * @param rssKb     resident size in KiB
     * @param wchan     {@code /proc/<pid>/wchan} ({@code 0} for a running task)
     * @param state     {@code R}, {@code S} …
     * @param cmdline   {@code /proc/<pid>/cmdline} with NULs as spaces; empty for kernel threads
     * @param comm      {@code /proc/<pid>/stat} name (the kernel's 15-character comm)
     * @param startSec  start time in seconds of device uptime
     * @param cpuSec    CPU time consumed, seconds
     * @param cpuPercent average CPU use since start ({@code ps -f} column C)
     */
    record Entry(String user, int pid, int ppid, long vszKb, long rssKb, String wchan, char state, String cmdline,
                 String comm, long startSec, long cpuSec, int cpuPercent) {

        /** argv[0] without its directory (toybox NAME), or {@code [comm]} for a kernel thread. */
        String name() {
            if (cmdline.isEmpty()) {
                return "[" + comm + "]";
            }
            String argv0 = cmdline.split(" ", 2)[0];
            return argv0.substring(argv0.lastIndexOf('/') + 1);
        }

        /** The command line with argv[0]'s directory removed (toybox ARGS), or {@code [comm]}. */
        String args() {
            if (cmdline.isEmpty()) {
                return "[" + comm + "]";
            }
            int space = cmdline.indexOf(' ');
            String argv0 = space < 0 ? cmdline : cmdline.substring(0, space);
            return argv0.substring(argv0.lastIndexOf('/') + 1) + (space < 0 ? "" : cmdline.substring(space));
        }

        /**
         * What toolbox {@code ps} prints as NAME: {@code /proc/<pid>/cmdline} read into a C string, so argv[0] only
         * (the NUL after it ends the {@code %s}), or the {@code stat} name of a kernel thread (system/core
         * {@code toolbox/ps.c ps_line}, android-6.0.1_r1 and android-7.0.0_r1: {@code cmdline[0] ? cmdline : name}).
         */
        String toolboxName() {
            if (cmdline.isEmpty()) {
                return comm;
            }
            int space = cmdline.indexOf(' ');
            return space < 0 ? cmdline : cmdline.substring(0, space);
        }
    }

    private static final int ADBD_PID = 590;

    private final AndroidVersion version;
    private final AppLifecycle app;
    private int nextShellPid;

    ProcessTable(AndroidVersion version, AppLifecycle app) {
        this.version = version;
        this.app = app;
    }

    /**
     * Every process now, by pid, including the {@code sh} running the command and the command itself
     * ({@code commandName}, e.g. {@code ps}) as its child.
     */
    List<Entry> snapshot(long nowNs, String commandName) {
        long upSec = nowNs / 1_000_000_000L;
        boolean newKernel = version.major() >= 11;
        String epoll = newKernel ? "do_epoll_wait" : "SyS_epoll_wait";
        List<Entry> all = new ArrayList<>();
        all.add(new Entry("root", 1, 0, 12_844, 3_120, epoll, 'S', version.major() >= 10
                ? "/system/bin/init second_stage" : "/init", "init", 0, 4, 0));
        all.add(new Entry("root", 2, 0, 0, 0, "kthreadd", 'S', "", "kthreadd", 0, 0, 0));
        all.add(new Entry("logd", 380, 1, 29_136, 6_412, "sigsuspend", 'S', "/system/bin/logd", "logd", 2, 1, 0));
        all.add(new Entry("system", 410, 1, 2_318_660, 24_800, epoll, 'S', "/system/bin/surfaceflinger",
                "surfaceflinger", 2, 38, 2));
        all.add(new Entry("root", 560, 1, 4_305_288, 98_660, "poll_schedule_timeout", 'S', "zygote64", "main",
                3, 3, 0));
        all.add(new Entry("shell", ADBD_PID, 1, 34_716, 3_604, epoll, 'S', "/system/bin/adbd --root_seclabel=u:r:su:s0",
                "adbd", 3, 2, 0));
        all.add(new Entry("system", 1_100, 560, 14_962_616, 268_440, epoll, 'S', "system_server", "system_server",
                5, 61, 3));
        all.add(new Entry("u0_a42", 1_900, 560, 14_701_020, 164_232, epoll, 'S', "com.android.systemui",
                "ndroid.systemui", 8, 22, 1));
        all.add(new Entry("u0_a31", 1_700, 560, 14_688_140, 141_508, epoll, 'S', FocusState.LAUNCHER_PACKAGE,
                "droid.launcher3", 8, 9, 0));
        AppProcess process = app.process();
        if (process != null) {
            long start = process.startedAt() / 1_000_000_000L;
            long cpu = Math.max(0, (upSec - start) / 8);
            String pkg = app.packageName();
            String comm = pkg.length() > 15 ? pkg.substring(pkg.length() - 15) : pkg;
            all.add(new Entry("u0_a123", process.pid(), 560, 14_857_836, 123_456, epoll, 'S', pkg, comm, start,
                    cpu, 12));
        }
        if (nextShellPid == 0) {
            nextShellPid = (process == null ? 24_000 : process.pid()) + 311;
        }
        int sh = nextShellPid;
        nextShellPid += 2;
        all.add(new Entry("shell", sh, ADBD_PID, 10_884, 2_412, "sigsuspend", 'S', "/system/bin/sh -c "
                + commandName, "sh", upSec, 0, 0));
        all.add(new Entry("shell", sh + 1, sh, 10_916, 2_996, "0", 'R', commandName, commandName, upSec, 0, 0));
        all.sort(Comparator.comparingInt(Entry::pid));
        return all;
    }
}
