package io.fpsctl.device;

import java.util.Objects;

/**
 * A finished shell command: its standard output and error (decoded as UTF-8) and its exit status (0..255), as
 * carried by the shell protocol v2 exit packet (FORMATS.md D.5).
 */
public record ShellResult(String stdout, String stderr, int exitCode) {

    public ShellResult {
        Objects.requireNonNull(stdout, "stdout");
        Objects.requireNonNull(stderr, "stderr");
    }

    /** True when the exit status is 0. */
    public boolean succeeded() {
        return exitCode == 0;
    }
}
