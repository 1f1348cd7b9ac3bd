package io.fpsctl.sim.adb;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One adb device-transport message (docs/formats.md 5.6): a 24-byte header of six little-endian
 * {@code uint32} ({@code command, arg0, arg1, data_length, data_check, magic}) followed by the payload.
 *
 * @param command the command tag, e.g. {@link #A_CNXN}
 * @param arg0 first argument
 * @param arg1 second argument
 * @param payload the data bytes (never {@code null}; not copied)
 */
public record AdbMessage(int command, int arg0, int arg1, byte[] payload) {

    public static final int HEADER_SIZE = 24;

    public static final int A_SYNC = 0x434e5953;
    public static final int A_CNXN = 0x4e584e43;
    public static final int A_AUTH = 0x48545541;
    public static final int A_OPEN = 0x4e45504f;
    public static final int A_OKAY = 0x59414b4f;
    public static final int A_CLSE = 0x45534c43;
    public static final int A_WRTE = 0x45545257;
    public static final int A_STLS = 0x534c5453;

    /** Protocol version this device speaks ({@code A_VERSION}, = {@code A_VERSION_SKIP_CHECKSUM}). */
    public static final int A_VERSION = 0x01000001;

    /** {@code MAX_PAYLOAD}: 1 MiB, what a current adbd advertises. */
    public static final int MAX_PAYLOAD = 1024 * 1024;

    /** {@code MAX_PAYLOAD_V1}: limit for the CNXN banner. */
    public static final int MAX_PAYLOAD_V1 = 4096;

    public static final int AUTH_TOKEN = 1;
    public static final int AUTH_SIGNATURE = 2;
    public static final int AUTH_RSAPUBLICKEY = 3;

    public AdbMessage {
        if (payload == null) {
            payload = new byte[0];
        }
    }

    /** A message without payload. */
    public static AdbMessage of(int command, int arg0, int arg1) {
        return new AdbMessage(command, arg0, arg1, new byte[0]);
    }

    /** The unsigned byte sum of {@code data} (docs/formats.md 5.6/D.3: "data_crc32" is really this sum). */
    public static int checksum(byte[] data) {
        int sum = 0;
        for (byte b : data) {
            sum += b & 0xff;
        }
        return sum;
    }

    /**
     * The full wire form. {@code data_check} is always the byte sum, even though no modern host checks it
     * (D.3, D.8 item 5): pre-2018 hosts did.
     */
    public byte[] encode() {
        ByteBuffer buf = ByteBuffer.allocate(HEADER_SIZE + payload.length).order(ByteOrder.LITTLE_ENDIAN);
        buf.putInt(command).putInt(arg0).putInt(arg1).putInt(payload.length)
                .putInt(checksum(payload)).putInt(~command).put(payload);
        return buf.array();
    }

    /**
     * Reads one message.
     *
     * @param maxPayload the largest {@code data_length} accepted (adb's {@code check_header})
     * @return the message, or {@code null} on a clean end of stream before the first header byte
     * @throws AdbProtocolException on a bad magic or an oversize {@code data_length}
     * @throws EOFException when the stream ends inside a message
     */
    public static AdbMessage read(InputStream in, int maxPayload) throws IOException {
        byte[] header = new byte[HEADER_SIZE];
        int first = in.readNBytes(header, 0, HEADER_SIZE);
        if (first == 0) {
            return null;
        }
        if (first < HEADER_SIZE) {
            throw new EOFException("connection ended inside a message header");
        }
        ByteBuffer h = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
        int command = h.getInt();
        int arg0 = h.getInt();
        int arg1 = h.getInt();
        int length = h.getInt();
        h.getInt(); // data_check: never verified (D.3: no adb since 2017 verifies it)
        int magic = h.getInt();
        if (magic != ~command) {
            throw new AdbProtocolException(String.format("bad magic %08x for command %08x", magic, command));
        }
        if (length < 0 || length > maxPayload) {
            throw new AdbProtocolException("data_length " + Integer.toUnsignedString(length)
                    + " exceeds max payload " + maxPayload);
        }
        byte[] payload = in.readNBytes(length);
        if (payload.length < length) {
            throw new EOFException("connection ended inside a message payload");
        }
        return new AdbMessage(command, arg0, arg1, payload);
    }

    /** The payload as text, with trailing NULs stripped (the host NUL-terminates OPEN destinations, D.4). */
    public String payloadText() {
        int end = payload.length;
        while (end > 0 && payload[end - 1] == 0) {
            end--;
        }
        return new String(payload, 0, end, StandardCharsets.UTF_8);
    }

    /** The four-letter command name, for diagnostics. */
    public static String commandName(int command) {
        byte[] b = {(byte) command, (byte) (command >>> 8), (byte) (command >>> 16), (byte) (command >>> 24)};
        for (byte c : b) {
            if (c < 0x20 || c > 0x7e) {
                return String.format("0x%08x", command);
            }
        }
        return new String(b, StandardCharsets.US_ASCII);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AdbMessage m && m.command == command && m.arg0 == arg0 && m.arg1 == arg1
                && Arrays.equals(m.payload, payload);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * (31 * command + arg0) + arg1) + Arrays.hashCode(payload);
    }

    @Override
    public String toString() {
        return commandName(command) + "(" + Integer.toHexString(arg0) + ", " + Integer.toHexString(arg1)
                + ", " + payload.length + " bytes)";
    }
}
