package io.fpsctl.device;

import dadb.AdbStream;
import java.io.InputStream;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A {@link ShellStream} of one command that {@link DadbDevice} can also read to its end in one go: the shell
 * protocol v2 ({@link ShellV2Stream}) or, on a device without it, adbd's raw {@code exec:} service with the exit
 * status echoed after a mark ({@link LegacyShellStream}). Holds what both share: the adb stream and its bytes,
 * closing it, and saying that the device went away.
 */
abstract class CommandStream implements ShellStream {

    final String serial;
    final String command;
    final AdbStream stream;
    /** The stream's bytes: fpsctl's own buffer through the adb server, okio's (dadb) otherwise. */
    final InputStream in;
    private final Runnable onGone;
    private volatile boolean closed;
    /** The command's exit status (0..255) once the stream told it; −1 before. */
    volatile int exitStatus = -1;

    /**
     * @param onGone run once the transport is found dead (the direct connection must then be rebuilt)
     */
    CommandStream(String serial, String command, AdbStream stream, Runnable onGone) {
        this.serial = serial;
        this.command = command;
        this.stream = stream;
        this.in = stream instanceof ServerStream server ? server.input() : stream.getSource().inputStream();
        this.onGone = onGone;
    }

    /** The command this stream runs, as the caller gave it. */
    String command() {
        return command;
    }

    /**
     * Reads the whole stream: the command's output in full, then its exit status.
     *
     * @return the result, or {@code null} if the stream was closed locally before the exit status arrived
     * @throws DeviceGoneException if the transport died or the stream ended without an exit status
     */
    abstract ShellResult readAll();

    /**
     * The most a command read whole ({@link #readAll}) may print, stdout and stderr together: far above the largest
     * one-shot output fpsctl asks for (a whole {@code dumpsys window windows} or {@code dumpsys SurfaceFlinger} is a
     * few MiB on a real phone; inferred, none of the real captures is above 4 MiB), and a bound on memory whatever a device
     * sends (docs/outputs-and-signals.md, "Bounds on what a device sends").
     */
    static final int MAX_WHOLE_OUTPUT = 16 << 20;

    /** Fails when {@code held} bytes are more than {@link #MAX_WHOLE_OUTPUT}; closes the stream first. */
    final void checkWholeOutput(long held) {
        if (held > MAX_WHOLE_OUTPUT) {
            close();
            throw new OutputBoundException("device " + serial + " printed more than " + (MAX_WHOLE_OUTPUT >> 20)
                    + " MiB for '" + AdbErrors.oneLine(command.length() > 80 ? command.substring(0, 80) + "…" : command)
                    + "' (no Android command fpsctl runs prints that much): stopped reading; is it a real device?");
        }
    }

    @Override
    public OptionalInt exitCode() {
        int e = exitStatus;
        return e < 0 ? OptionalInt.empty() : OptionalInt.of(e);
    }

    /** True once {@link #close()} was called (by the reader, or by a timeout watchdog on another thread). */
    boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            stream.close(); // through the server: closes the socket, which also unblocks a reader
        } catch (Exception ignored) {
            // the transport is already gone; nothing more to release
        }
    }

    /**
     * The command's standard output as an InputStream: reading one byte, checking the arguments and closing are
     * the same for both protocols; each says how it hands on the next bytes.
     */
    abstract class Stdout extends InputStream {
        @Override
        public final int read() {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public final int read(byte[] b, int off, int len) {
            Objects.checkFromIndexSize(off, len, b.length);
            return len == 0 ? 0 : readSome(b, off, len);
        }

        /** Copies 1 to {@code len} bytes of output into {@code b[off..]}; -1 at its end or once closed. */
        abstract int readSome(byte[] b, int off, int len);

        @Override
        public final void close() {
            CommandStream.this.close();
        }
    }

    /** Closes the stream, has the connection rebuilt, and says which device went away during which command. */
    DeviceGoneException gone(String detail, Throwable cause) {
        close();
        onGone.run();
        return new DeviceGoneException(serial, "device " + serial + " went away while running '" + command + "'"
                + (detail == null ? "" : " (" + detail + ")") + ": reconnect it and retry", cause);
    }
}
