package io.fpsctl.device;

import dadb.AdbStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads the shell protocol v2 packets of one {@code shell,v2,raw:<cmd>} stream (docs/formats.md 1): 1-byte id,
 * 4-byte little-endian length, payload; ids 1 stdout, 2 stderr, 3 exit (1 byte). Packets are read one by one
 * straight from the stream (dadb's, or fpsctl's own through the adb server), so output is handed on as it arrives.
 *
 * <p>We decode packets ourselves instead of using dadb's {@code AdbShellStream.readAll()}: that one turns each
 * packet into a String separately (breaking UTF-8 sequences split across packets) and reads the exit status as
 * a signed byte (255 becomes -1).
 */
final class ShellV2Stream extends CommandStream {

    private static final int ID_STDIN = 0;
    private static final int ID_STDOUT = 1;
    private static final int ID_STDERR = 2;
    private static final int ID_EXIT = 3;
    /** Far above any real packet (adbd's are ≤ its max payload, ≤ 1 MiB, D.1); guards against desync. */
    private static final int MAX_PACKET = 16 * 1024 * 1024;
    private static final int STDERR_LIMIT = 64 * 1024;
    private static final byte[] EMPTY = new byte[0];

    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    private final InputStream stdout = new Stdout();
    private byte[] chunk = EMPTY;
    private int chunkPos;

    /**
     * @param onGone run once the transport is found dead (the direct connection must then be rebuilt)
     */
    ShellV2Stream(String serial, String command, AdbStream stream, Runnable onGone) {
        super(serial, command, stream, onGone);
    }


    @Override
    public InputStream stdout() {
        return stdout;
    }

    @Override
    public String stderr() {
        synchronized (stderr) {
            return stderr.toString(StandardCharsets.UTF_8);
        }
    }


    /**
     * Reads the whole stream: stdout and stderr in full, then the exit status.
     *
     * @return the result, or {@code null} if the stream was closed locally before the exit packet
     * @throws DeviceGoneException if the transport died or the stream ended without an exit packet
     */
    @Override
    ShellResult readAll() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        while (true) {
            Packet p = next();
            if (p == null) {
                return null;
            }
            switch (p.id) {
                case ID_STDOUT -> {
                    checkWholeOutput((long) out.size() + err.size() + p.payload.length);
                    out.writeBytes(p.payload);
                }
                case ID_STDERR -> {
                    checkWholeOutput((long) out.size() + err.size() + p.payload.length);
                    err.writeBytes(p.payload);
                }
                case ID_EXIT -> {
                    return ShellResult.ofBytes(out.toByteArray(), err.toByteArray(), exitStatus);
                }
                default -> {
                    // ids 0, 4, 5 only travel host → device; ignore anything else
                }
            }
        }
    }

    /** Sends {@code data} to the command's standard input, as one id-0 packet. */
    void writeStdin(byte[] data) {
        try {
            okio.BufferedSink sink = stream.getSink();
            sink.writeByte(ID_STDIN);
            sink.writeIntLe(data.length);
            sink.write(data);
            sink.flush();
        } catch (IOException e) {
            throw gone(e.getMessage(), e);
        }
    }

    /**
     * Reads until standard output ends with a line that starts with {@code outEnd} and standard error ends with
     * the line {@code errEnd} (the end of one command list sent to a shell that keeps running). Returns both,
     * standard error without that line. The packets' payloads are read straight into buffers this stream keeps for
     * the next call, so the answer is only valid until then.
     *
     * @return the answer, or {@code null} if the stream was closed locally
     * @throws DeviceGoneException if the stream ended first (or a read timed out)
     * @throws DeviceException if the shell exited first
     */
    Received readUntil(byte[] outEnd, byte[] errEnd) {
        Bytes out = untilOut;
        Bytes err = untilErr;
        out.length = 0;
        err.length = 0;
        while (!out.endsWithLineStarting(outEnd) || !err.endsWithLine(errEnd)) {
            int id = nextInto(out, err);
            if (id < 0) {
                return null;
            }
            if (id == ID_EXIT) { // the shell ended, the transport is fine
                close();
                throw new DeviceException("the shell on " + serial + " exited (status " + exitStatus + ")");
            }
        }
        return new Received(out.array, out.length, Arrays.copyOf(err.array, err.length - errEnd.length - 1));
    }

    /**
     * What {@link #readUntil} read: standard output is {@code out[0..outLength)}, in a buffer the stream reuses;
     * standard error is a copy.
     */
    record Received(byte[] out, int outLength, byte[] err) {
    }

    private final Bytes untilOut = new Bytes();
    private final Bytes untilErr = new Bytes();

    /** A growing byte array that can look at its own last line; reused from one answer to the next. */
    private static final class Bytes {
        byte[] array = new byte[1 << 12];
        int length;

        /** Room for {@code n} more bytes at {@code length}. */
        void ensure(int n) {
            if (length + n > array.length) {
                array = Arrays.copyOf(array, Math.max(array.length * 2, length + n));
            }
        }

        /** Where the last line starts, if the bytes end with a newline; else −1. */
        private int lastLineStart() {
            if (length == 0 || array[length - 1] != '\n') {
                return -1;
            }
            int i = length - 1;
            while (i > 0 && array[i - 1] != '\n') {
                i--;
            }
            return i;
        }

        boolean endsWithLineStarting(byte[] prefix) {
            int start = lastLineStart();
            return start >= 0 && length - 1 - start >= prefix.length
                    && Arrays.equals(array, start, start + prefix.length, prefix, 0, prefix.length);
        }

        boolean endsWithLine(byte[] line) {
            int start = lastLineStart();
            return start >= 0 && Arrays.equals(array, start, length - 1, line, 0, line.length);
        }
    }

    /**
     * Reads the next packet, a stdout or stderr payload straight onto {@code out} or {@code err}; returns its id,
     * or −1 once the stream was closed locally.
     */
    private int nextInto(Bytes out, Bytes err) {
        try {
            int id = packetId();
            if (id < 0) {
                return -1;
            }
            int length = readLength();
            Bytes to = id == ID_STDOUT ? out : id == ID_STDERR ? err : null;
            if (to == null) {
                payloadOf(id, length);
                return id;
            }
            // the kept shell's answer is bounded like a command read whole, before its buffer grows: a device that
            // streams without end at USB speed would otherwise fill the heap within the list's time bound
            checkWholeOutput((long) out.length + err.length + length);
            to.ensure(length);
            readFully(to.array, to.length, length);
            to.length += length;
            return id;
        } catch (IOException e) {
            if (isClosed()) {
                return -1;
            }
            throw gone(e.getMessage(), e);
        }
    }

    /**
     * The next packet's id, or −1 once the stream was closed locally. D.8 item 9: a v2 stream that ends without an
     * exit packet means the device went away.
     */
    private int packetId() throws IOException {
        int id = in.read();
        if (id < 0 && !isClosed()) {
            throw gone("the stream ended without an exit status", null);
        }
        return id;
    }

    /** Reads a packet's payload; an exit packet's first byte is the status, a uint8_t like adb's client (D.5). */
    private byte[] payloadOf(int id, int length) throws IOException {
        byte[] payload = readPayload(length);
        if (id == ID_EXIT) {
            exitStatus = payload.length > 0 ? payload[0] & 0xff : 0;
        }
        return payload;
    }

    /** A packet's 4-byte little-endian length, checked. */
    private int readLength() throws IOException {
        byte[] b = lengthBytes;
        readFully(b, 0, 4);
        int length = (b[0] & 0xff) | (b[1] & 0xff) << 8 | (b[2] & 0xff) << 16 | (b[3] & 0xff) << 24;
        if (length < 0 || length > MAX_PACKET) {
            throw outOfStep(length);
        }
        return length;
    }

    private byte[] readPayload(int length) throws IOException {
        byte[] payload = length == 0 ? EMPTY : new byte[length];
        readFully(payload, 0, length);
        return payload;
    }

    private void readFully(byte[] b, int off, int length) throws IOException {
        int done = 0;
        while (done < length) {
            int n = in.read(b, off + done, length - done);
            if (n < 0) {
                throw new java.io.EOFException("the stream ended inside a packet");
            }
            done += n;
        }
    }

    private final byte[] lengthBytes = new byte[4];

    private DeviceException outOfStep(int length) {
        return new DeviceException("unexpected shell protocol data from " + serial + " (packet length "
                + Integer.toUnsignedString(length) + "): the connection is out of step; retry");
    }


    private record Packet(int id, byte[] payload) {
    }

    /** The next packet, or null once the stream was closed locally. */
    private Packet next() {
        try {
            int id = packetId();
            return id < 0 ? null : new Packet(id, payloadOf(id, readLength()));
        } catch (IOException e) {
            if (isClosed()) {
                return null;
            }
            throw gone(e.getMessage(), e);
        }
    }


    private void appendStderr(byte[] payload) {
        synchronized (stderr) {
            int room = STDERR_LIMIT - stderr.size();
            if (room > 0) {
                stderr.write(payload, 0, Math.min(room, payload.length));
            }
        }
    }

    /** Standard output as an InputStream: refills from the next stdout packet, ends at the exit packet. */
    private final class Stdout extends CommandStream.Stdout {
        @Override
        int readSome(byte[] b, int off, int len) {
            if (isClosed()) {
                return -1; // whatever was buffered is dropped with the stream
            }
            while (chunkPos == chunk.length) {
                if (exitStatus >= 0 || isClosed()) {
                    return -1;
                }
                Packet p = next();
                if (p == null) {
                    return -1;
                }
                if (p.id == ID_STDOUT) {
                    chunk = p.payload;
                    chunkPos = 0;
                } else if (p.id == ID_STDERR) {
                    appendStderr(p.payload);
                }
            }
            int n = Math.min(len, chunk.length - chunkPos);
            System.arraycopy(chunk, chunkPos, b, off, n);
            chunkPos += n;
            return n;
        }

        @Override
        public int available() {
            return chunk.length - chunkPos;
        }
    }
}
