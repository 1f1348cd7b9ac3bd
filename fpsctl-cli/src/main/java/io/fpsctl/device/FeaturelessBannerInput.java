package io.fpsctl.device;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * What a device sends straight to fpsctl, with one repair for dadb: dadb 2.0.0 refuses a CNXN banner without a
 * {@code features=} key ("Failed to parse features from connection string"), and Android 6's adbd sends exactly
 * that: {@code device::ro.product.name=…;ro.product.model=…;ro.product.device=…;} and a NUL (system/core
 * {@code adb/adb.cpp fill_connect_data}, android-6.0.1_r1; the feature list came with android-7.0.0_r1's
 * {@code get_connection_string}). Until the device's CNXN has passed, messages are read whole (24-byte header,
 * payload of {@code data_length} bytes, docs/formats.md 5.6); that CNXN's banner gets an empty {@code features=}
 * (which is what the device means: none) with its header's length and checksum redone. Everything else, and
 * everything after, passes through unchanged.
 */
final class FeaturelessBannerInput extends FilterInputStream {

    private static final int A_CNXN = 0x4e584e43;
    private static final int HEADER = 24;
    /** Far above any banner (adbd's is at most MAX_PAYLOAD_V1, 4 KiB); guards against a peer that is not adbd. */
    private static final int MAX_HANDSHAKE_PAYLOAD = 1 << 20;

    /** Bytes read ahead during the handshake, handed on before anything else. */
    private byte[] pending = new byte[0];
    private int pendingPos;
    private boolean connected;

    FeaturelessBannerInput(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (pendingPos == pending.length && !connected) {
            if (!readMessage()) {
                return -1;
            }
        }
        if (pendingPos < pending.length) {
            int n = Math.min(len, pending.length - pendingPos);
            System.arraycopy(pending, pendingPos, b, off, n);
            pendingPos += n;
            return n;
        }
        return in.read(b, off, len);
    }

    @Override
    public int available() throws IOException {
        return pending.length - pendingPos + (connected ? in.available() : 0);
    }

    /** Reads one whole handshake message into {@link #pending}, the CNXN repaired; false at end of stream. */
    private boolean readMessage() throws IOException {
        byte[] header = in.readNBytes(HEADER);
        if (header.length == 0) {
            return false;
        }
        if (header.length < HEADER) {
            throw new EOFException("the device closed the connection inside a message header");
        }
        ByteBuffer h = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
        int command = h.getInt(0);
        int length = h.getInt(12);
        if (length < 0 || length > MAX_HANDSHAKE_PAYLOAD) {
            pending = header; // not adbd: let dadb report it
            pendingPos = 0;
            connected = true;
            return true;
        }
        byte[] payload = in.readNBytes(length);
        if (payload.length < length) {
            throw new EOFException("the device closed the connection inside a message");
        }
        if (command == A_CNXN) {
            connected = true;
            payload = withFeatures(payload);
            h.putInt(12, payload.length);
            h.putInt(16, checksum(payload));
        }
        ByteArrayOutputStream whole = new ByteArrayOutputStream(HEADER + payload.length);
        whole.writeBytes(header);
        whole.writeBytes(payload);
        pending = whole.toByteArray();
        pendingPos = 0;
        return true;
    }

    /**
     * The banner with {@code features=} (empty) added when it has none as a key; unchanged otherwise. adbd 7+ puts
     * {@code features=…} last, after a {@code ;}, with nothing after it (adb.cpp {@code get_connection_string}:
     * the properties, then {@code features=}, joined with {@code ;}); Android 6 ends every property with {@code ;}
     * ({@code fill_connect_data}). So only a last piece that starts with {@code features=} and ends the text is the
     * device's key; {@code features=} anywhere in a value (a model named {@code features=}, or
     * {@code x;features=shell_v2,cmd}, which a {@code ;}-splitter such as dadb's {@code parseConnectionString} takes
     * for a key) is not. The added key comes last, and dadb keeps the last value of a key, so a planted one loses.
     */
    static byte[] withFeatures(byte[] banner) {
        String text = new String(banner, StandardCharsets.UTF_8);
        int stop = text.length();
        while (stop > 0 && text.charAt(stop - 1) == '\0') {
            stop--;
        }
        int keys = text.indexOf("::");
        int piece = Math.max(text.lastIndexOf(';', stop - 1), keys < 0 ? -1 : keys + 1) + 1;
        if (stop > 0 && text.charAt(stop - 1) != ';' && text.startsWith("features=", piece)) {
            return banner;
        }
        int end = text.length();
        while (end > 0 && (text.charAt(end - 1) == '\0' || text.charAt(end - 1) == ';')) {
            end--;
        }
        return (text.substring(0, end) + ";features=").getBytes(StandardCharsets.UTF_8);
    }

    private static int checksum(byte[] payload) {
        int sum = 0;
        for (byte b : payload) {
            sum += b & 0xff;
        }
        return sum;
    }
}
