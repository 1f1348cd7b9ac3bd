package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** {@link Utf8Input}: what encoding it decides on, and that the text comes out whole. */
class Utf8InputTest {

    private static byte[] read(byte[] in) throws IOException {
        try (InputStream s = Utf8Input.of(new ByteArrayInputStream(in))) {
            return s.readAllBytes();
        }
    }

    private static byte[] marked(int b0, int b1, byte[] text) {
        byte[] out = new byte[text.length + 2];
        out[0] = (byte) b0;
        out[1] = (byte) b1;
        System.arraycopy(text, 0, out, 2, text.length);
        return out;
    }

    @Test
    void utf8PassesAsItIs() throws IOException {
        byte[] text = "16666667\n0\t1000000000\t0\nWindow: com.ex/ü\n".getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(text, read(text));
        assertArrayEquals(new byte[0], read(new byte[0]));
        assertArrayEquals(new byte[] {'1'}, read(new byte[] {'1'}));
    }

    @Test
    void utf16WithAndWithoutAMarkAndAUtf8MarkComeOutAsUtf8() throws IOException {
        String text = "---PROFILEDATA---\r\nFlags,IntendedVsync\r\n";
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(utf8, read(marked(0xFF, 0xFE, text.getBytes(StandardCharsets.UTF_16LE))));
        assertArrayEquals(utf8, read(marked(0xFE, 0xFF, text.getBytes(StandardCharsets.UTF_16BE))));
        assertArrayEquals(utf8, read(text.getBytes(StandardCharsets.UTF_16LE)));
        assertArrayEquals(utf8, read(text.getBytes(StandardCharsets.UTF_16BE)));
        byte[] bom8 = new byte[utf8.length + 3];
        bom8[0] = (byte) 0xEF;
        bom8[1] = (byte) 0xBB;
        bom8[2] = (byte) 0xBF;
        System.arraycopy(utf8, 0, bom8, 3, utf8.length);
        assertArrayEquals(utf8, read(bom8));
    }

    @Test
    void aCharacterOfTwoHalvesAcrossTheDecodingBufferStaysWhole() throws IOException {
        // the decoder reads 8192 characters at a time: the emoji's high half is character 8192, its low half 8193
        String text = "a".repeat(8191) + "\uD83D\uDE00" + "b";
        assertEquals(text, new String(read(marked(0xFF, 0xFE, text.getBytes(StandardCharsets.UTF_16LE))),
                StandardCharsets.UTF_8));
    }

    @Test
    void fewNulBytesAreNoUtf16() {
        assertNull(Utf8Input.withoutMark("16666667\n0\t0\t0\n".getBytes(StandardCharsets.UTF_8)));
        assertNull(Utf8Input.withoutMark(new byte[] {0, 0, 0, 0, 0, 0}), "all NUL: neither lane is text");
        assertEquals(StandardCharsets.UTF_16LE, Utf8Input.withoutMark("16666667\n".getBytes(StandardCharsets.UTF_16LE)));
    }
}
