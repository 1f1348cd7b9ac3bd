package io.fpsctl.android;

import io.fpsctl.engine.AppPid;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pid in the line that opens each process's section of {@code dumpsys gfxinfo}:
 * {@code ** Graphics info for pid <pid> [<processName>] **} (docs/formats.md 5.1: {@code ActivityManagerService}'s
 * gfxinfo dump prints it before piping the process's own dump, {@code dumpGraphicsHardwareUsage}, SDK 23, 24, 28,
 * 31, 34 as the simulator's {@code GfxinfoFormatter} cites). The app's pid is the FrameTimeline join key with
 * the token (docs/metrics.md 10; a new pid means the app restarted. The one home of that line's shape: the
 * summary reader takes the process name from {@link #HEADER} too.
 */
public final class GraphicsInfoPid {

    /** What opens the line. */
    private static final String MARKER = "** Graphics info for pid ";
    /** The whole line: group 1 the pid, group 2 the process name. */
    static final Pattern HEADER = Pattern.compile("\\*\\* Graphics info for pid (\\d+) \\[(.*)\\] \\*\\*");

    private GraphicsInfoPid() {
    }

    /** The pid {@code line} names, or null when it is not such a line. */
    public static AppPid of(String line) {
        if (!line.contains(MARKER)) {
            return null;
        }
        Matcher m = HEADER.matcher(line);
        if (!m.find()) {
            return null;
        }
        try {
            int pid = Integer.parseInt(m.group(1));
            return pid > 0 ? new AppPid(pid) : null;
        } catch (NumberFormatException e) {
            return null; // more digits than a pid has
        }
    }
}
