package io.fpsctl.sim.adb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * {@link ShellV2Reader} reads back what {@link ShellV2Framer} writes, however the bytes are cut into WRTE payloads
 * (a cut may fall inside a header or a packet's data).
 */
class ShellV2ReaderPropertyTest {

    private record Packet(int id, String data) {
    }

    @Property(tries = 500)
    void readsBackEveryPacketWhereverTheBytesAreCut(
            @ForAll @Size(max = 8) List<@IntRange(min = 0, max = 5) Integer> ids,
            @ForAll @Size(max = 8) List<@Size(max = 40) String> texts,
            @ForAll @Size(max = 10) List<@IntRange(min = 1, max = 17) Integer> cuts) {
        List<Packet> sent = new ArrayList<>();
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        for (int i = 0; i < Math.min(ids.size(), texts.size()); i++) {
            byte[] data = texts.get(i).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            sent.add(new Packet(ids.get(i), texts.get(i)));
            wire.writeBytes(ShellV2Framer.packet(ids.get(i), data, 0, data.length));
        }
        List<Packet> read = new ArrayList<>();
        ShellV2Reader reader = new ShellV2Reader((id, data) -> read.add(
                new Packet(id, new String(data, java.nio.charset.StandardCharsets.UTF_8))));
        byte[] all = wire.toByteArray();
        int p = 0;
        for (int cut : cuts) {
            int end = Math.min(all.length, p + cut);
            reader.add(java.util.Arrays.copyOfRange(all, p, end));
            p = end;
        }
        reader.add(java.util.Arrays.copyOfRange(all, p, all.length));
        assertEquals(sent, read);
    }
}
