package io.fpsctl.sim.adb;

import java.util.Optional;

/**
 * A parsed OPEN destination for one of the shell services (FORMATS.md D.5).
 *
 * @param kind how output is framed
 * @param commandLine the command handed to the {@link io.fpsctl.sim.ShellHandler}
 */
public record ServiceRequest(Kind kind, String commandLine) {

    /** Output framing of a shell service. */
    public enum Kind {
        /** {@code shell,v2[,…]:cmd}: shell protocol v2, stdout/stderr separated, exit status sent. */
        SHELL_V2,
        /** {@code shell[,…]:cmd} without {@code v2}: raw bytes, stderr merged, no exit status. */
        SHELL_V1,
        /** {@code exec:cmd} ({@code adb exec-out}): raw bytes, no exit status. */
        EXEC
    }

    /**
     * Parses {@code shell[,args]:cmd} or {@code exec:cmd}. Arguments other than {@code v2} ({@code raw},
     * {@code pty}, {@code TERM=xterm}, unknown ones) are dropped, as adbd ignores unknown ones. The command is
     * everything after the first {@code ':'} (D.8 item 1: adb 29 sends {@code shell,v2,TERM=xterm,raw:<cmd>}).
     *
     * @param destination the OPEN payload with trailing NULs already removed
     * @return the request, or empty for any other service
     */
    public static Optional<ServiceRequest> parse(String destination) {
        int colon = destination.indexOf(':');
        if (colon < 0) {
            return Optional.empty();
        }
        String head = destination.substring(0, colon);
        String command = destination.substring(colon + 1);
        if (head.equals("exec")) {
            return Optional.of(new ServiceRequest(Kind.EXEC, command));
        }
        String[] parts = head.split(",", -1);
        if (!parts[0].equals("shell")) {
            return Optional.empty();
        }
        boolean v2 = false;
        for (int i = 1; i < parts.length; i++) {
            v2 |= parts[i].equals("v2");
        }
        return Optional.of(new ServiceRequest(v2 ? Kind.SHELL_V2 : Kind.SHELL_V1, command));
    }
}
