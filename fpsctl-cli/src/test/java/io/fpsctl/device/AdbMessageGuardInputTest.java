package io.fpsctl.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/**
 * The guard under a direct connection's socket, with numbers from adb's own header (packages/modules/adb adb.h,
 * earlier system/core adb/adb.h: {@code amessage} = command, arg0, arg1, data_length, data_check, magic, each a
 * little-endian u32; {@code MAX_PAYLOAD} = 1024 * 1024 from android-9.0.0_r1; {@code A_CLSE} 0x45534c43,
 * {@code A_WRTE} 0x45545257, {@code A_OKAY} 0x59414b4f). Expected values by hand.
 */
class AdbMessageGuardInputTest {
    private static final int A_WRTE = 0x45545257;
    private static final int A_CLSE = 0x45534c43;
    private static final int A_OKAY = 0x59414b4f;
    private static final int ONE_MIB = 1024 * 1024;
    private static final String DEVICE = "127.0.0.1:5555";

    private static byte[] header(int command, int length, int check, int magic) {
        return ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN).putInt(command).putInt(7).putInt(3)
                .putInt(length).putInt(check).putInt(magic).array();
    }

    private static byte[] message(int command, byte[] payload, int check) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(header(command, payload.length, check, ~command));
        b.writeBytes(payload);
        return b.toByteArray();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            b.writeBytes(p);
        }
        return b.toByteArray();
    }

    /** Everything through the guard, read in chunks of {@code chunk} bytes (1: byte by byte with read()). */
    private static byte[] through(byte[] bytes, int chunk) throws IOException {
        InputStream in = new AdbMessageGuardInput(new ByteArrayInputStream(bytes), DEVICE);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (chunk == 1) {
            for (int b; (b = in.read()) >= 0; ) {
                out.write(b);
            }
        } else {
            byte[] buf = new byte[chunk];
            for (int n; (n = in.read(buf, 0, buf.length)) >= 0; ) {
                out.write(buf, 0, n);
            }
        }
        return out.toByteArray();
    }

    @Test
    void aPayloadOfExactlyOneMebibytePassesAndTheNextHeaderIsStillChecked() throws IOException {
        byte[] big = message(A_WRTE, new byte[ONE_MIB], 0);
        byte[] bytes = concat(big, message(A_OKAY, new byte[0], 0));
        for (int chunk : new int[] {65536, 24, 7}) {
            assertArrayEquals(bytes, through(bytes, chunk), "chunks of " + chunk);
        }
        // the header after the 1 MiB payload is read as a header: a bad magic there is caught
        byte[] broken = concat(big, header(A_OKAY, 0, 0, 0x12345678));
        IOException e = assertThrows(IOException.class, () -> through(broken, 4096));
        assertTrue(e.getMessage().contains("not adb") && e.getMessage().contains(DEVICE), e.getMessage());
    }

    @Test
    void oneByteMoreThanOneMebibyteIsRefusedBeforeItsPayload() {
        byte[] bytes = header(A_WRTE, ONE_MIB + 1, 0, ~A_WRTE); // no payload follows: the header alone is refused
        for (int chunk : new int[] {1, 5, 24}) {
            IOException e = assertThrows(IOException.class, () -> through(bytes, chunk));
            assertEquals(DEVICE + " sent an adb message of 1048577 bytes (adb sends at most 1048576): not an adb "
                    + "device, or a broken one", e.getMessage());
        }
        IOException negative = assertThrows(IOException.class,
                () -> through(header(A_WRTE, 0x80000000, 0, ~A_WRTE), 24));
        assertTrue(negative.getMessage().contains("of 2147483648 bytes"), negative.getMessage());
    }

    /**
     * What the guard does not judge passes byte for byte: a wrong data_check (adbd leaves it 0 only when the version
     * both sides agreed on, the lower of the two CNXN versions, is 0x01000001 or later: transport.cpp send_packet,
     * adb.h A_VERSION_SKIP_CHECKSUM; with dadb's 0x01000000 it is filled in), a CLSE, NUL and invalid UTF-8 in a
     * payload; whether they make sense is the protocol reader's business.
     */
    @Test
    void badChecksumsClseAndNulBytesPassUnchanged() throws IOException {
        byte[] payload = {0, 0, (byte) 0xc3, (byte) 0x28, 'x', 0, (byte) 0xff};
        byte[] bytes = concat(message(A_WRTE, payload, 0xdeadbeef), message(A_CLSE, new byte[0], 0x7fffffff),
                message(A_WRTE, new byte[] {0}, 0));
        assertArrayEquals(bytes, through(bytes, 1));
        assertArrayEquals(bytes, through(bytes, 3));
    }

    @Test
    void skipCountsTheBytesItPassesOver() throws IOException {
        byte[] bytes = concat(message(A_WRTE, new byte[100], 0), header(A_OKAY, ONE_MIB + 1, 0, ~A_OKAY));
        InputStream in = new AdbMessageGuardInput(new ByteArrayInputStream(bytes), DEVICE);
        long skipped = 0;
        // skipping the first message whole: its header is checked, its payload passed over
        while (skipped < 124) {
            skipped += in.skip(124 - skipped);
        }
        assertEquals(124, skipped);
        IOException e = assertThrows(IOException.class, () -> in.skip(24)); // the oversize header is still seen
        assertTrue(e.getMessage().contains("1048577"), e.getMessage());
    }
}
