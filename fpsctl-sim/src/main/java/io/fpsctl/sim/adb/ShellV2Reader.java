package io.fpsctl.sim.adb;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Reads the shell protocol v2 packets the host sends (docs/formats.md 1; {@link ShellV2Framer} writes them): the
 * host's bytes come in WRTE messages whose boundaries need not fall between packets, so they are collected until a
 * whole packet is there.
 */
final class ShellV2Reader {

    /** What to do with each whole packet. */
    @FunctionalInterface
    interface PacketHandler {
        void packet(int id, byte[] data);
    }

    private final PacketHandler handler;
    private byte[] held = new byte[0];

    ShellV2Reader(PacketHandler handler) {
        this.handler = handler;
    }

    /** Takes the next bytes of the stream; hands on every packet they complete. */
    void add(byte[] bytes) {
        ByteArrayOutputStream joined = new ByteArrayOutputStream(held.length + bytes.length);
        joined.writeBytes(held);
        joined.writeBytes(bytes);
        byte[] all = joined.toByteArray();
        int p = 0;
        while (all.length - p >= ShellV2Framer.HEADER_SIZE) {
            int id = all[p] & 0xff;
            long length = Integer.toUnsignedLong(ByteBuffer.wrap(all, p + 1, 4).order(ByteOrder.LITTLE_ENDIAN).getInt());
            if (all.length - p - ShellV2Framer.HEADER_SIZE < length) {
                break;
            }
            int from = p + ShellV2Framer.HEADER_SIZE;
            handler.packet(id, Arrays.copyOfRange(all, from, from + (int) length));
            p = from + (int) length;
        }
        held = Arrays.copyOfRange(all, p, all.length);
    }
}
