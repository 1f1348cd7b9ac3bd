package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.TimeSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code ps} as each Android version ships it, over the simulated {@link ProcessTable}.
 *
 * <p><b>Android 8+: toybox ps</b> (landley/toybox {@code toys/posix/ps.c}, 0.7.3 … 0.8.12). Default fields on
 * Android {@code USER,PID,PPID,VSIZE,RSS,WCHAN:10,ADDR:10,S,NAME}; {@code -f}
 * {@code USER:12=UID,PID,PPID,C,STIME,TTY,TIME,ARGS=CMD}. The header is every title padded to its width (the
 * last one too, so it ends in spaces); rows pad the same way, except the last left-justified field, and a value
 * wider than its column pushes the rest right and is paid back by later columns with slack ({@code show_ps},
 * with {@code -w} in effect because stdout is not a terminal). Without {@code -A}/{@code -e} toybox lists the
 * processes whose controlling terminal is ps's own; a non-interactive {@code adb shell} has none, so that is
 * every process without a terminal — here all of them (only an interactive pty session would see just its own
 * shell). Extra numeric arguments are pids ({@code -p}); anything else is {@code ps: bad <arg>}, exit 1.
 *
 * <p><b>Android 6/7: toolbox ps</b> (system/core {@code toolbox/ps.c ps_main, ps_line}, android-6.0.1_r1 and
 * android-7.0.0_r1; system/core {@code shell_and_utilities/README.md} lists {@code ps} under toolbox for 6.0 and 7.0
 * and under toybox from 8.0): header {@code "USER      PID   PPID  VSIZE  RSS  %s%s %sWCHAN      %*s  %sNAME\n"} with
 * {@code PC_WIDTH} 10 on 64-bit, i.e. {@code USER      PID   PPID  VSIZE  RSS   WCHAN              PC  NAME}; rows
 * {@code "%-9s %-5d %-5d %-6d %-5d"} then {@code " %10.*s %0*" PRIxPTR " %s "} and the command line (or the
 * {@code stat} name). It lists every process; the options {@code -t -n -x -Z -P -p -c --abi} change the display
 * (accepted and ignored here), {@code --ppid N} filters by parent. Any other argument differs by release: on 6.0 a
 * word starting with a digit is a pid ({@code atoi}) and any other word a prefix the command line must start with
 * ({@code namefilter}), so {@code ps -A} prints the header only; on 7.0 the name filter is gone and every such
 * argument is {@code atoi}'d as a pid, a 0 printing {@code bad pid '<arg>'} on standard output (Bug 26554285) and
 * exiting 1 before the header.
 */
final class PsCommand implements ShellCommand {

    private final AndroidVersion version;
    private final ProcessTable table;
    private final TimeSource time;

    PsCommand(AndroidVersion version, ProcessTable table, TimeSource time) {
        this.version = version;
        this.table = table;
        this.time = time;
    }

    @Override
    public ShellReply run(List<String> args) {
        return version.hasToyboxPs() ? toybox(args) : toolbox(args);
    }

    // ---- toolbox (6, 7) -------------------------------------------------------------------------------

    private ShellReply toolbox(List<String> args) {
        String nameFilter = null;
        int pidFilter = 0;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--ppid")) {
                i++;
            } else if (List.of("-t", "-n", "-x", "-Z", "-P", "-p", "-c", "--abi").contains(a)) {
                continue;
            } else if (version.major() >= 7) {
                pidFilter = atoi(a);
                if (pidFilter == 0) {
                    return new ShellReply("bad pid '" + a + "'\n", "", 1);
                }
            } else if (!a.isEmpty() && Character.isDigit(a.charAt(0))) {
                pidFilter = atoi(a);
            } else {
                nameFilter = a;
            }
        }
        StringBuilder sb = new StringBuilder("USER      PID   PPID  VSIZE  RSS   WCHAN              PC  NAME\n");
        for (ProcessTable.Entry e : table.snapshot(time.nanoTime(), "ps")) {
            if (pidFilter != 0 && e.pid() != pidFilter) {
                continue;
            }
            if (nameFilter != null && !e.toolboxName().startsWith(nameFilter)) {
                continue;
            }
            String wchan = e.wchan().length() > 10 ? e.wchan().substring(0, 10) : e.wchan();
            sb.append(String.format(Locale.ROOT, "%-9s %-5d %-5d %-6d %-5d", e.user(), e.pid(), e.ppid(),
                    e.vszKb(), e.rssKb()));
            sb.append(String.format(Locale.ROOT, " %10s %010x %c ", wchan, 0, e.state()));
            sb.append(e.toolboxName()).append('\n');
        }
        return ShellReply.ok(sb.toString());
    }

    /** C's {@code atoi} for the arguments ps sees: leading digits, 0 when there are none. */
    private static int atoi(String s) {
        int end = 0;
        while (end < s.length() && Character.isDigit(s.charAt(end)) && end < 9) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(s.substring(0, end));
    }

    // ---- toybox (8+) ----------------------------------------------------------------------------------

    private ShellReply toybox(List<String> args) {
        boolean full = false;
        List<Integer> pids = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.startsWith("-") && a.length() > 1) {
                for (char c : a.substring(1).toCharArray()) {
                    switch (c) {
                        case 'f' -> full = true;
                        case 'A', 'e', 'w', 'a', 'd' -> {
                        }
                        case 'p' -> {
                            if (i + 1 >= args.size()) {
                                return new ShellReply("", "ps: Needs 1 argument\n", 1);
                            }
                            for (String p : args.get(++i).split(",")) {
                                if (!p.matches("\\d+")) {
                                    return new ShellReply("", "ps: bad -p\n", 1);
                                }
                                pids.add(Integer.parseInt(p));
                            }
                        }
                        default -> {
                            return new ShellReply("", "ps: Unknown option '" + c + "' (see \"ps --help\")\n", 1);
                        }
                    }
                }
            } else if (a.matches("\\d+")) {
                pids.add(Integer.parseInt(a));
            } else {
                return new ShellReply("", "ps: bad " + a + "\n", 1);
            }
        }
        int pidWidth = version.toyboxPidWidth();
        ToyboxColumns columns = full
                ? new ToyboxColumns(List.of("UID", "PID", "PPID", "C", "STIME", "TTY", "TIME", "CMD"),
                new int[] {-12, pidWidth, pidWidth, 1, 5, -8, 8, -27})
                : new ToyboxColumns(List.of("USER", "PID", "PPID", "VSZ", "RSS", "WCHAN", "ADDR", "S", "NAME"),
                new int[] {-12, pidWidth, pidWidth, 7, 6, -10, 10, -1, -27});
        StringBuilder sb = new StringBuilder(columns.header()).append('\n');
        for (ProcessTable.Entry e : table.snapshot(time.nanoTime(), "ps")) {
            if (!pids.isEmpty() && !pids.contains(e.pid())) {
                continue;
            }
            List<String> cells = full
                    ? List.of(e.user(), String.valueOf(e.pid()), String.valueOf(e.ppid()),
                    String.valueOf(e.cpuPercent()), clock(e.startSec()), "?", clock(e.cpuSec()), e.args())
                    : List.of(e.user(), String.valueOf(e.pid()), String.valueOf(e.ppid()), String.valueOf(e.vszKb()),
                    String.valueOf(e.rssKb()), e.wchan(), "0", String.valueOf(e.state()), e.name());
            sb.append(columns.row(cells)).append('\n');
        }
        return ShellReply.ok(sb.toString());
    }

    /**
     * {@code hh:mm:ss}: toybox TIME, and STIME (a wall-clock time whose {@code %T} part toybox prints whole under
     * {@code -w}); the simulated wall clock is the uptime of day (inferred).
     */
    private static String clock(long seconds) {
        long s = Math.floorMod(seconds, 86_400L);
        return String.format(Locale.ROOT, "%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }
}
