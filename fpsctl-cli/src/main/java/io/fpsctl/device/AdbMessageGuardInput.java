package io.fpsctl.device;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The first reader of a direct connection's bytes: follows adb's message framing (24-byte header: command, arg0,
 * arg1, data_length, data_check, magic; then data_length bytes; adb.h {@code amessage},
 * docs/formats.md 5.6) and fails with a one-line {@link DeviceProtocolException} on a header no adbd sends, before any
 * byte of it reaches dadb. dadb's reader ({@code AdbReader.readMessage}) allocates the declared length at once: a
 * length of 0x7fffffff made it allocate 2 GiB, and 0x80000000 (negative as an int) failed inside okio with an
 * IllegalArgumentException that fpsctl could only call an internal error. Bounds: a payload is at most
 * {@link #MAX_PAYLOAD} (adb.h {@code MAX_PAYLOAD}, 1 MiB from android-9.0.0_r1; 256 KiB on 7 and 8, 4 KiB before;
 * the host offers 1 MiB in its CNXN and adbd never sends more than the host offered), and magic is the command's
 * bitwise complement ({@code magic = command ^ 0xffffffff}). The checksum is not checked: adbd fills it in only
 * for a host whose CNXN version is below 0x01000001 (adb.h {@code A_VERSION_SKIP_CHECKSUM}; transport.cpp
 * {@code send_packet}), which dadb's 0x01000000 is, so it arrives; but a wrong one cannot cost memory or time, and
 * whether it matches is the protocol reader's business ({@code AdbMessageGuardInputTest} passes one through).
 * (adb.h is system/core adb/adb.h up to Android 11, packages/modules/adb/adb.h since.)
 */
final class AdbMessageGuardInput extends FilterInputStream {
    static final int HEADER = 24;
    static final int MAX_PAYLOAD = 1024 * 1024;

    private final String device;
    private final byte[] header = new byte[HEADER];
    private int headerFill;
    /** Payload bytes still to pass of the current message. */
    private long payloadLeft;

    AdbMessageGuardInput(InputStream in, String device) {
        super(in);
        this.device = device;
    }

    @Override
    public int read() throws IOException {
        int b = in.read();
        if (b >= 0) {
            see(new byte[] {(byte) b}, 0, 1);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        if (n > 0) {
            see(b, off, n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        byte[] buf = new byte[(int) Math.min(8192, Math.max(0, n))];
        int r = read(buf, 0, buf.length);
        return Math.max(0, r);
    }

    private void see(byte[] b, int off, int n) throws IOException {
        int i = off;
        int end = off + n;
        while (i < end) {
            if (payloadLeft > 0) {
                int take = (int) Math.min(payloadLeft, end - i);
                payloadLeft -= take;
                i += take;
                continue;
            }
            header[headerFill++] = b[i++];
            if (headerFill == HEADER) {
                headerFill = 0;
                check();
            }
        }
    }

    private void check() throws DeviceProtocolException {
        int command = intLe(0);
        long length = intLe(12) & 0xffffffffL;
        int magic = intLe(20);
        if (magic != ~command) {
            throw new DeviceProtocolException(device + " sent a message that is not adb (command 0x"
                    + Integer.toHexString(command) + ", magic 0x" + Integer.toHexString(magic)
                    + "): is it an adb device?");
        }
        if (length > MAX_PAYLOAD) {
            throw new DeviceProtocolException(device + " sent an adb message of " + length + " bytes (adb sends "
                    + "at most " + MAX_PAYLOAD + "): not an adb device, or a broken one");
        }
        payloadLeft = length;
    }

    private int intLe(int at) {
        return (header[at] & 0xff) | (header[at + 1] & 0xff) << 8 | (header[at + 2] & 0xff) << 16
                | (header[at + 3] & 0xff) << 24;
    }

    /** A device broke adb's framing: its text is in the message, which names the device. */
    static final class DeviceProtocolException extends IOException {
        DeviceProtocolException(String message) {
            super(message);
        }
    }
}
