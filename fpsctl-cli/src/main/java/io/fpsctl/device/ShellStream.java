package io.fpsctl.device;

import java.io.Closeable;
import java.io.InputStream;
import java.util.OptionalInt;

/**
 * A running shell command's output, read as it arrives ({@link Device#openShell(String)}).
 *
 * <p>{@link #stdout()} ends (returns -1) when the command exits; {@link #exitCode()} is then present. If the
 * transport dies first, reads throw {@link DeviceGoneException} (unchecked, passes through readers) — a shell
 * v2 stream that ends without an exit packet means the device went away (docs/formats.md 5.6 item 9).
 */
public interface ShellStream extends Closeable {

    /** The command's standard output bytes. Not thread-safe: read from one thread. */
    InputStream stdout();

    /** Standard error received so far (UTF-8; only the first 64 KiB are kept). */
    String stderr();

    /** The exit status once {@link #stdout()} has reached its end; empty before that or after a close. */
    OptionalInt exitCode();

    /** Stops reading and closes the stream; a blocked reader then sees end of stream. Idempotent. */
    @Override
    void close();
}
