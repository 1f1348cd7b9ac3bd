package io.fpsctl.format;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * JSON's escaping for text from a device: RFC 8259 section 7 makes a writer escape only C0, {@code "} and
 * {@code \}, so Jackson writes DEL, C1 controls (U+009B is a one-character CSI on a terminal that reads C1), the bidi
 * overrides and isolates, and the line and paragraph separators raw; {@code cat summary.json} would then hand them
 * to the terminal. These get {@code \}{@code uXXXX} too: the file stays valid JSON and decodes to the same string
 * (docs/outputs-and-signals.md, "Text from a device on the terminal").
 */
public final class DeviceTextJsonEscapes extends CharacterEscapes {
    /** Shared: the escapes hold no state. */
    public static final DeviceTextJsonEscapes INSTANCE = new DeviceTextJsonEscapes();

    private final int[] ascii;

    private DeviceTextJsonEscapes() {
        ascii = standardAsciiEscapesForJSON();
        ascii[0x7f] = ESCAPE_STANDARD;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
        return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
        boolean escape = (ch >= 0x80 && ch <= 0x9f) || (ch >= 0x202a && ch <= 0x202e) || (ch >= 0x2066 && ch <= 0x2069)
                || ch == 0x2028 || ch == 0x2029 || ch == 0x200e || ch == 0x200f || ch == 0x061c;
        return escape ? new SerializedString(String.format("\\u%04x", ch)) : null;
    }
}
