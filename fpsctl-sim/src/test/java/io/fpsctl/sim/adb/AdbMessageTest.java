package io.fpsctl.sim.adb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class AdbMessageTest {

    @Property(tries = 200)
    void encodeThenReadRoundTrips(@ForAll int command, @ForAll int arg0, @ForAll int arg1,
            @ForAll @Size(max = 5000) byte[] payload) throws IOException {
        AdbMessage m = new AdbMessage(command, arg0, arg1, payload);
        byte[] wire = m.encode();
        ByteBuffer h = ByteBuffer.wrap(wire).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(payload.length, h.getInt(12));
        // data_check: the unsigned byte sum of the payload (adb.cpp calculate_apacket_checksum), summed here
        int sum = 0;
        for (byte b : payload) {
            sum += b & 0xff;
        }
        assertEquals(sum, h.getInt(16));
        assertEquals(~command, h.getInt(20));
        assertEquals(m, AdbMessage.read(new ByteArrayInputStream(wire), 5000));
    }

    @Test
    void deviceBannerMatchesTheWorkedExampleOfFormatsD1() {
        byte[] banner = "device::ro.product.name=sim;ro.product.model=Sim;ro.product.device=sim;features=shell_v2,cmd"
                .getBytes(StandardCharsets.US_ASCII);
        byte[] wire = new AdbMessage(AdbMessage.A_CNXN, 0x01000001, 0x00100000, banner).encode();
        // docs/formats.md 5.6: 92-byte banner, byte sum 8958 (0x22fe)
        byte[] header = {0x43, 0x4e, 0x58, 0x4e, 0x01, 0x00, 0x00, 0x01, 0x00, 0x00, 0x10, 0x00,
                0x5c, 0x00, 0x00, 0x00, (byte) 0xfe, 0x22, 0x00, 0x00, (byte) 0xbc, (byte) 0xb1, (byte) 0xa7, (byte) 0xb1};
        assertArrayEquals(header, Arrays.copyOf(wire, 24));
        assertArrayEquals(banner, Arrays.copyOfRange(wire, 24, wire.length));
    }

    @Property(tries = 100)
    void truncatedMessagesAreEof(@ForAll @Size(min = 1, max = 300) byte[] payload,
            @ForAll @IntRange(min = 1, max = 1000) int cut) {
        byte[] wire = new AdbMessage(AdbMessage.A_WRTE, 1, 2, payload).encode();
        int keep = wire.length - 1 - (cut % (wire.length - 1));
        byte[] prefix = java.util.Arrays.copyOf(wire, keep);
        assertThrows(EOFException.class, () -> AdbMessage.read(new ByteArrayInputStream(prefix), 5000));
    }

    @Property(tries = 100)
    void wrongMagicIsAProtocolError(@ForAll int command, @ForAll int magic) {
        net.jqwik.api.Assume.that(magic != ~command);
        byte[] wire = AdbMessage.of(command, 0, 0).encode();
        ByteBuffer.wrap(wire).order(ByteOrder.LITTLE_ENDIAN).putInt(20, magic);
        assertThrows(AdbProtocolException.class, () -> AdbMessage.read(new ByteArrayInputStream(wire), 5000));
    }
}
