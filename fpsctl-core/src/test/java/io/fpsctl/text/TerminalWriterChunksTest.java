package io.fpsctl.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link TerminalWriter} shows a text the same however it is cut into writes ({@code write(String)}, one character
 * at a time as {@code PrintWriter.append(char)} does, {@code write(char[])}): the same as {@link TerminalText#render}
 * of the whole. Plain ASCII runs (written straight through) mixed with device controls, fpsctl's own controls and
 * surrogate pairs, cut anywhere, also inside an own control's key.
 */
class TerminalWriterChunksTest {

    @Property(tries = 1000)
    void anyCutRendersAsTheWhole(@ForAll("texts") List<String> pieces, @ForAll("cuts") List<Integer> cuts)
            throws IOException {
        String text = String.join("", pieces);
        StringWriter out = new StringWriter();
        TerminalWriter w = new TerminalWriter(out);
        int at = 0;
        int k = 0;
        while (at < text.length()) {
            int cut = cuts.isEmpty() ? 7 : cuts.get(k++ % cuts.size());
            int end = Math.min(text.length(), at + Math.max(1, cut));
            switch (cut % 3) {
                case 0 -> w.write(text.substring(at, end));
                case 1 -> {
                    for (int i = at; i < end; i++) {
                        w.write(text.charAt(i));
                    }
                }
                default -> w.write(text.toCharArray(), at, end - at);
            }
            at = end;
        }
        w.flush();
        assertEquals(TerminalText.render(text), out.toString());
    }

    @Provide
    Arbitrary<List<String>> texts() {
        Arbitrary<String> ascii = Arbitraries.strings().withCharRange(' ', '~').withChars('\n', '\t').ofMaxLength(30);
        Arbitrary<String> hostile = Arbitraries.strings().withChars("\u001b\u0007\r\u007f\u009b\u202e\u2066\ue01b"
                + "\ud83d\ude00\ud800é").ofMaxLength(4);
        Arbitrary<String> own = Arbitraries.of(TerminalText.ESC + "[1m", TerminalText.CR, "\ud83d\ude00");
        return Arbitraries.oneOf(ascii, ascii, hostile, own).list().ofMaxSize(12);
    }

    @Provide
    Arbitrary<List<Integer>> cuts() {
        return Arbitraries.integers().between(0, 40).list().ofMaxSize(8);
    }
}
