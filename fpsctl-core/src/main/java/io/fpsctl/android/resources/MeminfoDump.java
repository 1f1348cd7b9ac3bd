package io.fpsctl.android.resources;

import io.fpsctl.android.AndroidPackageName;
import io.fpsctl.android.DumpFormatException;
import io.fpsctl.android.ShellQuote;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code dumpsys meminfo <package>}: ActivityManagerService {@code dumpApplicationMemoryUsage} prints, for every
 * process the argument matched, {@code "** MEMINFO in pid " + pid + " [" + processName + "] **"} and then
 * ActivityThread {@code dumpMemInfoTable}'s table, whose {@code TOTAL} row starts with the Pss Total in kB
 * ({@code printRow(pw, HEAP_COLUMN, "TOTAL", memInfo.getTotalPss(), ...)}, {@code HEAP_COLUMN = "%13s %8s %8s ..."};
 * {@code HEAP_FULL_COLUMN} with {@code -a}, which sets {@code opts.dumpFullDetails}: the same first number from
 * Android 6 (API 23) to 15 (API 35), read in the SDK sources of API 23, 24, 28, 30, 31, 34, 35; Android 11+ adds an
 * Rss Total column after Swap). The AMS header line is printed only when {@code opts.dumpDetails}, which AMS sets
 * when the argument matched exactly one process ({@code procs.size() == 1}: a process name or pid, {@code
 * ProcessList.collectProcessesLOSP}); {@code --package} ({@code opts.packages}) would match every process that
 * loaded the package. When no process matches: {@code "No process found for: " + arg}, alone. The
 * {@code App Summary}'s {@code "TOTAL:"} (Android 6 to 10) / {@code "TOTAL PSS:"} (Android 11+, followed by TOTAL
 * RSS and TOTAL SWAP PSS) repeats the
 * same number; it is read only when the table row is absent.
 */
public final class MeminfoDump {
    private static final Pattern HEADER = Pattern.compile("\\*\\* MEMINFO in pid (\\d+) \\[.*] \\*\\*");
    private static final Pattern TOTAL_ROW = Pattern.compile("\\s*TOTAL\\s+(\\d+)(?:\\s+\\d+)*\\s*");
    private static final Pattern SUMMARY = Pattern.compile("\\s*TOTAL(?: PSS)?:\\s+(\\d+)\\b.*");
    static final String NO_PROCESS = "No process found for: ";

    private MeminfoDump() {
    }

    static String command(String packageName) {
        String problem = AndroidPackageName.problem(packageName);
        if (problem != null) {
            throw new IllegalArgumentException("not a package name (" + problem + "): " + packageName);
        }
        return ShellQuote.command("dumpsys meminfo", packageName);
    }

    /**
     * The TOTAL PSS in kB of process {@code pid}'s block, or null when the dump says no process matched or has no
     * block for {@code pid}.
     *
     * @throws DumpFormatException when {@code pid}'s block has no TOTAL row
     */
    public static Long totalPssKb(String text, int pid) throws DumpFormatException {
        boolean inBlock = false;
        boolean sawBlock = false;
        Long summary = null;
        for (String line : text.split("\n")) {
            Matcher h = HEADER.matcher(line.strip());
            if (h.matches()) {
                if (inBlock) {
                    break;
                }
                inBlock = Integer.parseInt(h.group(1)) == pid;
                sawBlock |= inBlock;
                continue;
            }
            if (!inBlock) {
                continue;
            }
            Matcher t = TOTAL_ROW.matcher(line);
            if (t.matches()) {
                return Long.parseLong(t.group(1));
            }
            Matcher s = SUMMARY.matcher(line);
            if (s.matches() && summary == null) {
                summary = Long.parseLong(s.group(1));
            }
        }
        if (summary != null) {
            return summary;
        }
        if (sawBlock) {
            throw new DumpFormatException("dumpsys meminfo: the block of pid " + pid + " has no TOTAL row");
        }
        return null;
    }

    /** Why the dump has no block: the service's own line when it printed one. */
    static String absence(String text, int pid) {
        for (String line : text.split("\n")) {
            if (line.startsWith(NO_PROCESS)) {
                return line.strip();
            }
        }
        return "no block for pid " + pid;
    }
}
