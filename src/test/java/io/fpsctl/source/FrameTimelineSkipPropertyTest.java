package io.fpsctl.source;

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
 * The FrameTimeline parser passes lines that change nothing over without decoding them. The truth is the same parser
 * decoding every line: both must give the same SurfaceFrames and the same counts (unknown lines included) on dumps
 * made of every kind of line, in any order, with odd white space and non-ASCII text.
 */
class FrameTimelineSkipPropertyTest {

    private static final List<String> KEYS = List.of("Prediction State", "Jank Type", "Present Metadata",
            "Finish Metadata", "Start Metadata", "Vsync Period", "Present delta", "Present delta % refreshrate",
            "Jank Debug Metadata", "Last expected present time", "Jank Severity Score", "Jank Severity Type",
            "Scheduled rendering rate", "Drop time", "Last latch time", "GPU Composition", "Token", "Owner Pid",
            "Layer ID", "Is Buffer?", "Present State", "Unknown Key", "Token2", "Present", "Jank Typ");
    private static final List<String> VALUES = List.of("None", "App Deadline Missed, Buffer Stuffing", "Presented",
            "Dropped", "12", "1", "0", "abc", "", "6.944444", "Valid", "ünïcode");
    private static final List<String> PLAIN = List.of("Number of display frames : 3", "Display Frame 0",
            "Display Frame 1 [*]", "Layer - com.example/com.example.Main#12", "Layer - SurfaceView[x](BLAST)#3 [*]",
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

    private static Parsed parse(byte[] bytes, boolean skip) throws IOException {
        List<SurfaceFrameRecord> records = new ArrayList<>();
        FrameTimelineParser p = new FrameTimelineParser(records::add);
        p.skipIgnorable = skip;
        return new Parsed(p.parse(new ByteArrayInputStream(bytes)), records);
    }

    @Property(tries = 400)
    void skippingChangesNothing(@ForAll("dumps") List<String> lines) throws IOException {
        byte[] bytes = String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
        assertEquals(parse(bytes, false), parse(bytes, true), String.join("\n", lines));
    }
}
