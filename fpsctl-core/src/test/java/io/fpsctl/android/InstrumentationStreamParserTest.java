package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.fpsctl.android.InstrumentationStreamParser.Event;
import io.fpsctl.android.InstrumentationStreamParser.Kind;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InstrumentationStreamParserTest {

    private static List<Event> parse(String text) throws IOException {
        InstrumentationStreamParser p = new InstrumentationStreamParser(
                new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        List<Event> out = new ArrayList<>();
        Event e;
        while ((e = p.next()) != null) {
            out.add(e);
        }
        return out;
    }

    @Test
    void agentBatchesWithValuesSpanningLinesAndSortedKeys() throws IOException {
        List<Event> events = parse("INSTRUMENTATION_STATUS: fpsctl=H|34|com.example.feed|4242|looper\n"
                + "F|w|1|2|3|4|0|0|0|0|0|0|0|0|0|0|0|0|0|0|0\n"
                + "M|1|120|target|a <- b\n"
                + "INSTRUMENTATION_STATUS: v=1\n"
                + "INSTRUMENTATION_STATUS_CODE: 1\n"
                + "INSTRUMENTATION_STATUS: fpsctl=E|scroll: no\r\n"
                + "INSTRUMENTATION_STATUS: v=1\r\n"
                + "INSTRUMENTATION_STATUS_CODE: 1\r\n"
                + "INSTRUMENTATION_RESULT: stream=fpsctl agent stopped\n"
                + "INSTRUMENTATION_CODE: -1\n");
        assertEquals(3, events.size());
        Event first = events.get(0);
        assertEquals(Kind.STATUS, first.kind());
        assertEquals(1, first.code());
        assertEquals(List.of("fpsctl", "v"), new ArrayList<>(first.bundle().keySet()));
        assertEquals("H|34|com.example.feed|4242|looper\nF|w|1|2|3|4|0|0|0|0|0|0|0|0|0|0|0|0|0|0|0\n"
                + "M|1|120|target|a <- b", first.bundle().get("fpsctl"));
        assertEquals("1", first.bundle().get("v"));
        assertEquals("E|scroll: no", events.get(1).bundle().get("fpsctl"));
        assertEquals(new Event(Kind.RESULT, Map.of("stream", "fpsctl agent stopped"), -1, null), events.get(2));
    }

    @Test
    void startFailureIsAStatusBundleThenAmsFailureLines() throws IOException {
        List<Event> events = parse("INSTRUMENTATION_STATUS: Error=Unable to find instrumentation info for: "
                + "ComponentInfo{io.fpsctl.agent/io.fpsctl.agent.FpsctlAgent}\n"
                + "INSTRUMENTATION_STATUS: id=ActivityManagerService\n"
                + "INSTRUMENTATION_STATUS_CODE: -1\n"
                + "INSTRUMENTATION_FAILED: io.fpsctl.agent/.FpsctlAgent\n"
                + "some stray text\n");
        assertEquals(3, events.size());
        assertEquals(-1, events.get(0).code());
        assertEquals("ActivityManagerService", events.get(0).bundle().get("id"));
        assertEquals(Kind.FAILED, events.get(1).kind());
        assertEquals("INSTRUMENTATION_FAILED: io.fpsctl.agent/.FpsctlAgent", events.get(1).text());
        assertEquals(new Event(Kind.TEXT, Map.of(), null, "some stray text"), events.get(2));
    }

    @Test
    void aStreamCutShortYieldsWhatArrivedWithoutACode() throws IOException {
        List<Event> events = parse("INSTRUMENTATION_STATUS: fpsctl=F|x\nM|y");
        assertEquals(1, events.size());
        assertNull(events.get(0).code());
        assertEquals("F|x\nM|y", events.get(0).bundle().get("fpsctl"));
        assertEquals(List.of(), parse(""));
    }

    @Test
    void emptyValuesAndValuesWithEqualsSigns() throws IOException {
        Event e = parse("INSTRUMENTATION_STATUS: stream=\n\nOK (1 test)\nINSTRUMENTATION_STATUS: k=a=b\n"
                + "INSTRUMENTATION_STATUS_CODE: 0\n").get(0);
        assertEquals("\n\nOK (1 test)", e.bundle().get("stream"));
        assertEquals("a=b", e.bundle().get("k"));
        assertEquals(0, e.code());
    }
}
