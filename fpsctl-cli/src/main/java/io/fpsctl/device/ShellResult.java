package io.fpsctl.device;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * A finished shell command: its standard output and error and its exit status (0..255), as carried by the shell
 * protocol v2 exit packet (docs/formats.md 1), or on a device without it echoed after a mark (standard error is then
 * inside standard output and empty here). The output is kept as the bytes the device sent; {@link #stdout()}
 * decodes it as UTF-8 on first use, {@link #stdoutStream()} reads the bytes as they are (a parser that wants bytes
 * never pays for a String and its re-encoding). Immutable; equal when output, error and status are.
 */
public final class ShellResult {
    private final byte[] out;
    private final byte[] err;
    private final int exitCode;
    private String stdout;

    public ShellResult(String stdout, String stderr, int exitCode) {
        this(Objects.requireNonNull(stdout, "stdout").getBytes(StandardCharsets.UTF_8),
                Objects.requireNonNull(stderr, "stderr").getBytes(StandardCharsets.UTF_8), exitCode);
        this.stdout = stdout;
    }

    private ShellResult(byte[] out, byte[] err, int exitCode) {
        this.out = out;
        this.err = err;
        this.exitCode = exitCode;
    }

    /** A result over the received bytes, which the caller hands over (and no longer changes). */
    static ShellResult ofBytes(byte[] stdout, byte[] stderr, int exitCode) {
        return new ShellResult(stdout, stderr, exitCode);
    }

    /** Standard output decoded as UTF-8. */
    public String stdout() {
        String s = stdout;
        if (s == null) {
            s = new String(out, StandardCharsets.UTF_8);
            stdout = s;
        }
        return s;
    }

    /** Standard output as the device sent it, without decoding or copying. */
    public InputStream stdoutStream() {
        return new ByteArrayInputStream(out);
    }

    /** The received bytes themselves (not copied: read only). */
    byte[] stdoutBytes() {
        return out;
    }

    /** The received standard error bytes (not copied: read only). */
    byte[] stderrBytes() {
        return err;
    }

    /** How many bytes of standard output the device sent. */
    public int stdoutLength() {
        return out.length;
    }

    /** Standard error decoded as UTF-8. */
    public String stderr() {
        return new String(err, StandardCharsets.UTF_8);
    }

    public int exitCode() {
        return exitCode;
    }

    /** True when the exit status is 0. */
    public boolean succeeded() {
        return exitCode == 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ShellResult r && exitCode == r.exitCode && Arrays.equals(out, r.out)
                && Arrays.equals(err, r.err);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(out) + Arrays.hashCode(err)) + exitCode;
    }

    @Override
    public String toString() {
        return "ShellResult[stdout=" + stdout() + ", stderr=" + stderr() + ", exitCode=" + exitCode + "]";
    }
}
