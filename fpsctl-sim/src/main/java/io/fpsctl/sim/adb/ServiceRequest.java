package io.fpsctl.sim.adb;

import java.util.Optional;

/**
 * A parsed OPEN destination for one of the shell services (docs/formats.md 1).
 *
 * @param kind how output is framed
 * @param commandLine the command handed to the {@link ShellHandler}
 */
public record ServiceRequest(Kind kind, String commandLine) {

    /** Output framing of a shell service. */
    public enum Kind {
        /** {@code shell,v2[,…]:cmd}: shell protocol v2, stdout/stderr separated, exit status sent. */
        SHELL_V2,
        /** {@code shell[,raw]:cmd} without {@code v2} (7.0+): raw bytes, stderr merged, no exit status. */
        SHELL_V1,
        /**
         * A pseudo-terminal without the shell protocol: {@code shell:} on Android 6 ({@code create_subproc_pty}),
         * {@code shell:} with no command or {@code shell,pty:} on 7.0+. Stdout and stderr are the same terminal,
         * whose output processing turns each {@code \n} into {@code \r\n}; no exit status.
         */
        PTY,
        /** {@code exec:cmd} ({@code adb exec-out}): raw bytes, stderr merged, no exit status. */
        EXEC,
        /**
         * {@code tcp:<port>}: a socket to the device's loopback port, raw bytes both ways (the device end of
         * {@code adb forward tcp:L tcp:R}); the command line is the port.
         */
        TCP
    }

    /** {@link #parse(String, AdbdRelease)} as a 7.0+ adbd reads it. */
    public static Optional<ServiceRequest> parse(String destination) {
        return parse(destination, AdbdRelease.NOUGAT);
    }

    /**
     * Parses an OPEN destination the way {@code adbd}'s {@code service_to_fd} of {@code release} does (see
     * {@link AdbdRelease}). On 7.0+ {@code shell[,args]:cmd}: {@code v2} selects the shell protocol, {@code raw} and
     * {@code pty} the terminal, other arguments ({@code TERM=xterm}, unknown ones) are ignored; the command is
     * everything after the first {@code ':'} (D.8 item 1: adb 29 sends {@code shell,v2,TERM=xterm,raw:<cmd>}).
     *
     * @param destination the OPEN payload with trailing NULs already removed
     * @return the request, or empty for any other service
     */
    public static Optional<ServiceRequest> parse(String destination, AdbdRelease release) {
        return release.parse(destination);
    }
}
