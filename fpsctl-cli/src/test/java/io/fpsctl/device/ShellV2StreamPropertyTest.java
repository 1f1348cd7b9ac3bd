package io.fpsctl.device;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dadb.AdbStream;
import io.fpsctl.sim.adb.ShellV2Framer;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import okio.Buffer;
import okio.BufferedSink;
import okio.BufferedSource;
import okio.Okio;

/**
 * fpsctl's reader of the shell protocol v2 ({@link ShellV2Stream}) against the simulator's writer
 * ({@link ShellV2Framer}): what the writer framed, in packets of any size, arrives in reads cut anywhere (inside a
 * header too), and comes back out whole. The expected bytes are the ones the test itself framed.
 */
class ShellV2StreamPropertyTest {

    /** Hands out {@code bytes} in reads of the sizes given in turn (then the rest), as a socket may. */
    private static final class CutInput extends InputStream {
        private final byte[] bytes;
        private final List<Integer> cuts;
        private int pos;
        private int next;

        CutInput(byte[] bytes, List<Integer> cuts) {
            this.bytes = bytes;
            this.cuts = cuts;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pos == bytes.length) {
                return -1;
            }
            int cut = next < cuts.size() ? cuts.get(next++) : Integer.MAX_VALUE;
            int n = Math.min(Math.min(len, cut), bytes.length - pos);
            System.arraycopy(bytes, pos, b, off, n);
            pos += n;
            return n;
        }
    }

    private static ShellV2Stream streamOver(byte[] wire, List<Integer> cuts) {
        BufferedSource source = Okio.buffer(Okio.source(new CutInput(wire, cuts)));
        AdbStream stream = new AdbStream() {
            @Override
            public BufferedSource getSource() {
                return source;
            }

            @Override
            public BufferedSink getSink() {
                return new Buffer();
            }

            @Override
            public void close() {
            }
        };
        return new ShellV2Stream("sim", "test", stream, () -> { });
    }

    /** Frames {@code text} as packets of {@code id}, cut at the sizes given. */
    private static void frame(ByteArrayOutputStream wire, int id, byte[] text, List<Integer> sizes) {
        int p = 0;
        for (int size : sizes) {
            int n = Math.min(size, text.length - p);
            wire.writeBytes(ShellV2Framer.packet(id, text, p, n));
            p += n;
        }
        wire.writeBytes(ShellV2Framer.packet(id, text, p, text.length - p));
    }

    @Property(tries = 400)
    void readAllReturnsWhatWasFramed(@ForAll @Size(max = 300) byte[] out,
                                     @ForAll @Size(max = 60) byte[] err,
                                     @ForAll @Size(max = 6) List<@IntRange(min = 0, max = 120) Integer> packets,
                                     @ForAll @Size(max = 30) List<@IntRange(min = 1, max = 70) Integer> cuts,
                                     @ForAll @IntRange(min = 0, max = 255) int status) {
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        frame(wire, ShellV2Framer.ID_STDOUT, out, packets);
        frame(wire, ShellV2Framer.ID_STDERR, err, List.of());
        wire.writeBytes(ShellV2Framer.exit(status));
        ShellResult r = streamOver(wire.toByteArray(), cuts).readAll();
        assertArrayEquals(out, r.stdoutBytes());
        assertArrayEquals(err, r.stderrBytes());
        assertEquals(status, r.exitCode());
    }

    /**
     * Answers one after another on one stream, as a shell kept running gives them: each ends at its mark lines, and
     * the buffers reused from one to the next leave nothing of a longer answer in a shorter one.
     */
    @Property(tries = 300)
    void readUntilReturnsEachAnswerOnItsOwn(@ForAll @Size(min = 1, max = 4) List<@Size(max = 200) String> answers,
                                            @ForAll @Size(max = 6) List<@IntRange(min = 1, max = 90) Integer> packets,
                                            @ForAll @Size(max = 40) List<@IntRange(min = 1, max = 50) Integer> cuts) {
        byte[] outEnd = "END-QXZ ".getBytes(StandardCharsets.US_ASCII);
        byte[] errEnd = "ERR-QXZ".getBytes(StandardCharsets.US_ASCII);
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        for (String a : answers) {
            String text = a.replace("END-QXZ", "end").replace("ERR-QXZ", "err");
            byte[] out = (text + "\nEND-QXZ 0\n").getBytes(StandardCharsets.UTF_8);
            frame(wire, ShellV2Framer.ID_STDOUT, out, packets);
            frame(wire, ShellV2Framer.ID_STDERR, "warning\nERR-QXZ\n".getBytes(StandardCharsets.US_ASCII), packets);
        }
        ShellV2Stream s = streamOver(wire.toByteArray(), cuts);
        for (String a : answers) {
            String text = a.replace("END-QXZ", "end").replace("ERR-QXZ", "err");
            ShellV2Stream.Received r = s.readUntil(outEnd, errEnd);
            assertEquals(text + "\nEND-QXZ 0\n",
                    new String(Arrays.copyOf(r.out(), r.outLength()), StandardCharsets.UTF_8));
            assertEquals("warning\n", new String(r.err(), StandardCharsets.US_ASCII));
        }
    }
}
