package io.fpsctl.android;

import io.fpsctl.engine.AppPid;

/**
 * {@code pidof <pkg>}: the pids of the processes with that name, space-separated, exit 1 when none (toybox's
 * {@code pidof}, which system/core {@code shell_and_utilities/README.md} lists among the toybox tools from Android
 * 6.0 on; the output format inferred from upstream toybox {@code toys/lsb/pidof.c}). fpsctl reads no {@code ps}.
 */
public final class Pidof {

    private Pidof() {
    }

    /** The command line for {@code pkg}'s process. */
    public static String command(String pkg) {
        return ShellQuote.command("pidof", pkg);
    }

    /** The first word of {@code stdout} as a pid, or null when it is not one (the app does not run). */
    public static AppPid parse(String stdout) {
        String t = stdout == null ? "" : stdout.strip();
        if (t.isEmpty()) {
            return null;
        }
        try {
            int pid = Integer.parseInt(t.split("\\s+", 2)[0]);
            return pid > 0 ? new AppPid(pid) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
