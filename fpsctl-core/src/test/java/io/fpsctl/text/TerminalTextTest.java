package io.fpsctl.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.testing.HostileText;
import java.io.IOException;
import java.io.StringWriter;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The terminal rule (docs/outputs-and-signals.md, "Text from a device on the terminal"), expected values by hand. */
class TerminalTextTest {

    private static final String HOSTILE = HostileText.HOSTILE;

    @Test
    void deviceEscapesAreShownVisibly() {
        assertEquals("\\e]0;PWNED\\x07\\e[2J\\e[31mRED\\e]8;;http://evil.example/\\x07CLICKME\\e]8;;\\x07\\x0d"
                + "FAKEOVERWRITE", TerminalText.render(HOSTILE));
    }

    @Test
    void c1BidiSeparatorsDelAndUnpairedSurrogatesAreShownAsCodePoints() {
        assertEquals("a\\u009bb\\u0085\\u202ecba\\u2066\\u2069\\u2028\\u007f\\ud800x\\udc00",
                TerminalText.render("a\u009bb\u0085\u202ecba\u2066\u2069\u2028\u007f\ud800x\udc00"));
        assertEquals("ok 😀 é\ttab\n", TerminalText.render("ok 😀 é\ttab\n"), "text, a pair, tab and line feed pass");
    }

    @Test
    void onlyFpsctlsOwnControlsPassRaw() {
        assertEquals("\u001b[31mred\u001b[0m\r", TerminalText.render(TerminalText.ESC + "[31mred" + TerminalText.ESC
                + "[0m" + TerminalText.CR));
        // the mark without the key, or with a wrong key, is text
        String forged = TerminalText.MARK + "\ue100\ue100\ue100\ue100\ue100\ue100\ue100\ue100\u001b[2J";
        String shown = TerminalText.render(forged);
        assertTrue(shown.startsWith("\\ue01b") && shown.endsWith("\\e[2J"), shown);
    }

    @Test
    void escapeShowsEvenFpsctlsOwnControls() {
        assertEquals("\\ue01b", TerminalText.escape(TerminalText.ESC).substring(0, 6));
        assertTrue(!TerminalText.escape(TerminalText.ESC + HOSTILE).contains("\u001b"));
    }

    /** An own control or a surrogate pair cut between two writes still comes out whole. */
    @Test
    void aWriterJoinsControlsAndPairsCutBetweenWrites() throws IOException {
        String text = "x" + TerminalText.ESC + "[1my😀z" + TerminalText.CR;
        for (int cut = 0; cut <= text.length(); cut++) {
            StringWriter out = new StringWriter();
            TerminalWriter w = new TerminalWriter(out);
            w.write(text.substring(0, cut));
            w.write(text.substring(cut));
            w.close();
            assertEquals("x\u001b[1my😀z\r", out.toString(), "cut at " + cut);
        }
    }

    /**
     * On a legacy 8-bit standard output a printable character that encodes to a byte in 0x80–0x9F (a C1 control to
     * a terminal that reads 8-bit controls) is shown as &#92;uNNNN; bytes 0x9B and 0x85 arriving from a device
     * and decoded as ISO-8859-1 are C1 controls themselves and shown so on any encoding. Expected values by hand from
     * the windows-1252 table (U+203A → 0x9B, U+2026 → 0x85, U+00E9 → 0xE9).
     */
    @Test
    void aLegacyEightBitOutputGetsNoC1Byte() throws IOException {
        String fromDevice = new String(new byte[] {'a', (byte) 0x9b, '3', '1', 'm', (byte) 0x85},
                java.nio.charset.StandardCharsets.ISO_8859_1);
        for (String cs : new String[] {"windows-1252", "UTF-8"}) {
            StringWriter out = new StringWriter();
            try (TerminalWriter w = new TerminalWriter(out, java.nio.charset.Charset.forName(cs))) {
                w.write("x\u203ay\u2026\u00e9|" + fromDevice);
            }
            String expected = cs.equals("UTF-8") ? "x\u203ay\u2026\u00e9|" : "x\\u203ay\\u2026\u00e9|";
            assertEquals(expected + "a\\u009b31m\\u0085", out.toString(), cs);
        }
    }

    /**
     * The 8-bit guard is for charsets a terminal decodes with 0x80–0x9F as C1 controls, never for multi-byte or OEM
     * ones where those bytes are parts of ordinary letters. By hand from the code tables: in MS932 あ is 0x82 0xA0 and
     * 日 is 0x93 0xFA (lead bytes in 0x80–0x9F); in IBM850 é is 0x82, ü 0x81, Ö 0x99; in KOI8-R U+2500 (─) is 0x80;
     * in ISO-8859-1 only the C1 controls themselves encode there.
     */
    @Test
    void theEightBitGuardLeavesMultiByteAndOemTextAlone() throws IOException {
        String japanese = "\u3042\u3044\u3046\u30ab\u30bf\u30ab\u30ca\u65e5\u672c\u8a9e";
        String latin = "C:\\Users\\J\u00e9r\u00f4me \u00fc\u00e4\u00c7\u00d6\u00dc";
        for (String cs : new String[] {"MS932", "Shift_JIS", "EUC-JP", "GBK", "IBM437", "IBM850", "UTF-8"}) {
            String text = cs.startsWith("IBM") ? latin : japanese;
            assertEquals(text, written(cs, text), cs);
        }
        assertEquals("a\\u009b31m \u00e9\u00fc", written("ISO-8859-1", "a\u009b31m \u00e9\u00fc"));
        assertEquals("\\u2500\u0436", written("KOI8-R", "\u2500\u0436"));
        assertEquals("\\u203a\u0431", written("windows-1251", "\u203a\u0431"));
    }

    private static String written(String charset, String text) throws IOException {
        StringWriter out = new StringWriter();
        try (TerminalWriter w = new TerminalWriter(out, java.nio.charset.Charset.forName(charset))) {
            w.write(text);
        }
        return out.toString();
    }

    /** Whatever a device sends, nothing but line feed and tab leaves the writer as a control character. */
    @Property(tries = 500)
    void noControlCharacterLeavesRaw(@ForAll("hostile") String device, @ForAll("cuts") int cut) throws IOException {
        StringWriter out = new StringWriter();
        TerminalWriter w = new TerminalWriter(out);
        String text = "[" + device + "]";
        int at = Math.min(cut, text.length());
        w.write(text.substring(0, at));
        w.write(text.substring(at));
        w.close();
        HostileText.assertNoRawControl(out.toString());
    }

    @Provide
    Arbitrary<String> hostile() {
        return Arbitraries.oneOf(
                Arbitraries.strings().withCharRange('\u0000', '\u00a0'),
                Arbitraries.strings().withChars("\u001b[]\u0007\r\n\u009b\u202a\u202b\u202c\u202d\u202e\u2066"
                        + "\u2067\u2068\u2069<=\ue01b\ue100\ud800\udc00"),
                Arbitraries.strings().all());
    }

    @Provide
    Arbitrary<Integer> cuts() {
        return Arbitraries.integers().between(0, 40);
    }

    @Test
    void jsonHoldingADeviceDelIsStillJsonOnTheTerminal() throws Exception {
        // Jackson escapes C0 controls itself but writes DEL raw: the terminal rule must show it as JSON reads it
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        String written = json.writeValueAsString(java.util.Map.of("window", "a\u007fb\u001bc"));
        String shown = TerminalText.render(written);
        assertEquals(-1, shown.indexOf('\u007f'), shown);
        assertEquals("a\u007fb\u001bc", json.readTree(shown).get("window").asText());
    }

    @Test
    void aFlushWritesOutWhatWasHeldBack() throws Exception {
        java.io.StringWriter out = new java.io.StringWriter();
        TerminalWriter w = new TerminalWriter(out);
        w.write("ok \ud83d"); // a surrogate pair cut between two writes is held back…
        w.flush(); // …but not past a flush: the JVM exits without closing standard output
        assertEquals("ok \\ud83d", out.toString());
    }
}
