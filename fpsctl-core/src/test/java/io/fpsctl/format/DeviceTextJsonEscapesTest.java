package io.fpsctl.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** JSON of device text: C0, DEL, C1, bidi controls and line separators as {@code \}{@code uXXXX}, decoding as given. */
class DeviceTextJsonEscapesTest {
    @Test
    void controlsAreEscapedAndDecodeBack() throws Exception {
        String text = "a\u001b[2J\u007f\u009b31m\u202eevil\u2066\u2028é→<";
        StringWriter out = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.setCharacterEscapes(DeviceTextJsonEscapes.INSTANCE);
            g.writeString(text);
        }
        // worked by hand: RFC 8259's six-character escape for each control; é, → and < are printable and stay
        assertEquals("\"a\\u001B[2J\\u007F\\u009b31m\\u202eevil\\u2066\\u2028é→<\"", out.toString());
        assertEquals(text, new ObjectMapper().readValue(out.toString(), String.class));
    }
}
