package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fpsctl.engine.SurfaceFrameRecord;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The FrameTimeline parser reads ASCII lines from their bytes, without decoding them. The truth is the same parser
 * decoding every line into a String: both must give the same SurfaceFrames and the same counts (unknown lines
 * included) on dumps made of every kind of line, in any order, with odd white space, numbers out of range and
 * non-ASCII text.
 */
class FrameTimelineBytePathPropertyTest {

    private static final List<String> KEYS = List.of("Prediction State", "Jank Type", "Present Metadata",
            "Finish Metadata", "Start Metadata", "Vsync Period", "Present delta", "Present delta % refreshrate",
            "Jank Debug Metadata", "Last expected present time", "Jank Severity Score", "Jank Severity Type",
            "Scheduled rendering rate", "Drop time", "Last latch time", "GPU Composition", "Token", "Owner Pid",
            "Layer ID", "Is Buffer?", "Present State", "Unknown Key", "Token2", "Present", "Jank Typ");
    private static final List<String> VALUES = List.of("None", "App Deadline Missed, Buffer Stuffing", "Presented",
            "Dropped", "12", "1", "0", "abc", "", "6.944444", "Valid", "ünïcode", "-5", "+7", "007", "1 2", "+", "-",
            "01", "1.0", "2147483647", "2147483648", "-2147483648", "-2147483649", "9223372036854775807",
            "9223372036854775808", "-9223372036854775808", "Buffer Stuffing, , Unknown", "Unknown Present",
            "App Deadline Missed,", "None, None");
    private static final List<String> PLAIN = List.of("Number of display frames : 3", "Display Frame 0",
            "Display Frame 1 [*]", "Layer - com.example/com.example.Main#12", "Layer - SurfaceView[x](BLAST)#3 [*]",
            "Layer - x [*] [*]", "Layer -  [*]", "Layer - [*]", "Layer - ", "Layer -", "Layer - a#1 [*]x",
            "Display Frame", "Display Frame [*] 2", "Display Frame 3: Token: 4", "Number of display frames: x",
            "Layer - näme#2", "Layer - com.example/com.example.Main#12\t[*]",
            "Start time\t\t|    End time", "Expected\t|\t 6.94\t|", "Actual  \t|\t 7.04", "-----------", "--",
            "no colon here", "", "   ", "Start timer: 3", "Actual: 4", "Ẋ: 1");
    private static final List<String> PADS = List.of("", " ", "    ", "\t", "\t\t ", "\u000b", "\r");

    @Provide
    Arbitrary<List<String>> dumps() {
        Arbitrary<String> keyLine = Arbitraries.of(KEYS).flatMap(k -> Arbitraries.of(VALUES).flatMap(v ->
                Arbitraries.of(PADS).flatMap(a -> Arbitraries.of(PADS).flatMap(b -> Arbitraries.of(" : ", ": ", ":",
                        "  :  ").map(sep -> a + k + b.replace("\r", "") + sep + v + a)))));
        Arbitrary<String> plainLine = Arbitraries.of(PLAIN).flatMap(l -> Arbitraries.of(PADS).map(p -> p + l));
        return Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(3, keyLine),
                        net.jqwik.api.Tuple.of(1, plainLine),
                        net.jqwik.api.Tuple.of(1, Arbitraries.longs().between(0, 99).map(t -> "    Token: " + t)))
                .list().ofMaxSize(80);
    }

    private record Parsed(FrameTimelineDump dump, List<SurfaceFrameRecord> records) {
    }

    private static Parsed parse(byte[] dump, boolean bytes) throws IOException {
        List<SurfaceFrameRecord> records = new ArrayList<>();
        FrameTimelineParser p = new FrameTimelineParser(records::add);
        p.readBytes = bytes;
        return new Parsed(p.parse(new ByteArrayInputStream(dump)), records);
    }

    @Property(tries = 400)
    void readingBytesChangesNothing(@ForAll("dumps") List<String> lines) throws IOException {
        byte[] bytes = String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
        assertEquals(parse(bytes, false), parse(bytes, true), String.join("\n", lines));
    }
}
