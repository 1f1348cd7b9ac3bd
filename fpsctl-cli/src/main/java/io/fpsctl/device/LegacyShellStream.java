package io.fpsctl.device;

import dadb.AdbStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Objects;

/**
 * One command on a device whose adbd has no shell protocol v2 (Android 6: no {@code shell_v2} feature), run
 * through adbd's {@code exec:} service as {@code <command> ; echo <mark> $?} ({@link ShellBatch#withExitMark}).
 *
 * <p>Why {@code exec:} and not {@code shell:}: Android 6's adbd (system/core {@code adb/services.cpp
 * service_to_fd}, android-6.0.1_r1) runs {@code shell:<cmd>} on a pseudo-terminal ({@code create_subproc_pty}),
 * whose output processing turns every {@code \n} into {@code \r\n} and which echoes whatever the host sends;
 * {@code exec:<cmd>} runs the same {@code /system/bin/sh -c <cmd>} on a socket pair ({@code create_subproc_raw},
 * there since android-5.0.0_r1), so the bytes arrive as the command wrote them. Neither carries an exit status, so
 * the command line echoes it after a mark, and this stream hands on the bytes before the mark as standard output
 * and the number after it as the exit status. Standard error is the same socket there, so it arrives inside
 * standard output and {@link #stderr()} is empty.
 *
 * <p>A stream that ends before its mark line is complete means the command never finished: like a v2 stream that
 * ends without an exit packet, the device is taken to have gone away ({@link DeviceGoneException}).
 */
final class LegacyShellStream extends CommandStream {

    private static final int INITIAL_BUFFER = 16 * 1024;
    /** An exit status is at most three digits (0..255). */
    private static final int MAX_STATUS_DIGITS = 3;

    private final byte[] mark = ShellBatch.exitMark();
    private final Stdout stdout = new Stdout();

    /** Received bytes not handed on yet: {@code buf[start, end)}. */
    private byte[] buf = new byte[INITIAL_BUFFER];
    private int start;
    private int end;
    /** Where to look for the mark next (no mark starts before it). */
    private int searchFrom;
    /** Where the mark starts once its line is complete; −1 before. */
    private int markAt = -1;

    /**
     * @param stream the {@code exec:} stream opened with {@link #service(String)}
     * @param onGone run once the transport is found dead (the direct connection must then be rebuilt)
     */
    LegacyShellStream(String serial, String command, AdbStream stream, Runnable onGone) {
        super(serial, command, stream, onGone);
    }

    /** The adb service that runs {@code command} this way. */
    static String service(String command) {
        return "exec:" + ShellBatch.withExitMark(Objects.requireNonNull(command, "command"));
    }


    @Override
    public InputStream stdout() {
        return stdout;
    }

    /** Always empty: adbd's {@code exec:} sends standard error inside standard output. */
    @Override
    public String stderr() {
        return "";
    }

    @Override
    ShellResult readAll() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] chunk = new byte[INITIAL_BUFFER];
        int n;
        while ((n = stdout.read(chunk, 0, chunk.length)) >= 0) {
            checkWholeOutput((long) out.size() + n);
            out.write(chunk, 0, n);
        }
        int status = exitStatus;
        return status < 0 ? null : ShellResult.ofBytes(out.toByteArray(), new byte[0], status);
    }


    /**
     * Finds the mark line in {@code buf[searchFrom, end)}; returns true once it is complete ({@link #markAt} and
     * the exit status are then set), false while more bytes are needed.
     */
    private boolean findMark() {
        int at = ShellBatch.indexOf(buf, end, mark, searchFrom);
        if (at < 0) {
            searchFrom = Math.max(start, end - mark.length + 1);
            return false;
        }
        searchFrom = at;
        int p = at + mark.length;
        int status = 0;
        int digits = 0;
        while (p < end && buf[p] >= '0' && buf[p] <= '9' && digits < MAX_STATUS_DIGITS) {
            status = status * 10 + (buf[p] - '0');
            p++;
            digits++;
        }
        if (p >= end) {
            return false; // the line is still arriving
        }
        if (digits == 0 || buf[p] != '\n') {
            throw new DeviceException("unexpected output from " + serial + " after '" + command
                    + "' (its exit status line is garbled): retry");
        }
        markAt = at;
        exitStatus = status & 0xff;
        return true;
    }

    /** Reads more bytes onto {@code buf[end..)}; false once the stream was closed locally. */
    private boolean fill() {
        if (start > 0) {
            System.arraycopy(buf, start, buf, 0, end - start);
            end -= start;
            searchFrom -= start;
            start = 0;
        }
        if (end == buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        int n;
        try {
            n = in.read(buf, end, buf.length - end);
        } catch (IOException e) {
            if (isClosed()) {
                return false;
            }
            throw gone(e.getMessage(), e);
        }
        if (n < 0) {
            if (isClosed()) {
                return false;
            }
            throw gone("the stream ended without the command's exit status", null);
        }
        end += n;
        return true;
    }


    /**
     * Standard output as an InputStream: the bytes before the mark, handed on as they arrive except for the last
     * few, which might be the start of the mark; ends at the mark.
     */
    private final class Stdout extends CommandStream.Stdout {
        @Override
        int readSome(byte[] b, int off, int len) {
            while (!isClosed()) {
                int ready = markAt >= 0 ? markAt : findMark() ? markAt : searchFrom;
                if (ready > start) {
                    int n = Math.min(len, ready - start);
                    System.arraycopy(buf, start, b, off, n);
                    start += n;
                    return n;
                }
                if (markAt >= 0 || !fill()) {
                    return -1;
                }
            }
            return -1; // whatever was buffered is dropped with the stream
        }

        @Override
        public int available() {
            return Math.max(0, (markAt >= 0 ? markAt : searchFrom) - start);
        }
    }
}
