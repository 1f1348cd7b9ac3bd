package io.fpsctl.sim.adb;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Shell protocol v2 packets (docs/formats.md 1): 1-byte id, 4-byte little-endian length, data.
 */
public final class ShellV2Framer {

    public static final int HEADER_SIZE = 5;

    public static final int ID_STDIN = 0;
    public static final int ID_STDOUT = 1;
    public static final int ID_STDERR = 2;
    public static final int ID_EXIT = 3;
    public static final int ID_CLOSE_STDIN = 4;
    public static final int ID_WINDOW_SIZE_CHANGE = 5;

    private ShellV2Framer() {
    }

    /** One packet carrying {@code data[off, off+len)}. */
    public static byte[] packet(int id, byte[] data, int off, int len) {
        return ByteBuffer.allocate(HEADER_SIZE + len).order(ByteOrder.LITTLE_ENDIAN)
                .put((byte) id).putInt(len).put(data, off, len).array();
    }

    /** The exit packet: id 3 with the one-byte status (the client exits with {@code (uint8_t) data[0]}). */
    public static byte[] exit(int status) {
        return packet(ID_EXIT, new byte[] {(byte) status}, 0, 1);
    }
}
