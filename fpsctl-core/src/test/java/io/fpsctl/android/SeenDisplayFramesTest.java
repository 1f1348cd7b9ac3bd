package io.fpsctl.android;

import static io.fpsctl.android.FrameTimelineParserTest.displayFrame;
import static io.fpsctl.android.FrameTimelineParserTest.surfaceFrame;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fpsctl.engine.SurfaceFrameRecord;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Consecutive FrameTimeline dumps parsed with {@link FrameTimelineParser#skippingSeen}: which display frames are
 * skipped, and which SurfaceFrames are handed on, worked out by hand for each pair of dumps. Every case runs on the
 * byte path and on the String path.
 */
class SeenDisplayFramesTest {

    private static final String A = "com.example/com.example.MainActivity#151";
    private static final String BAR = "StatusBar#77";

    /** One display frame holding SurfaceFrames given as layer, Token, layer, Token, … (a null Token: no Token line). */
    private static String frame(Object... layersAndTokens) {
        StringBuilder sb = new StringBuilder(displayFrame(0, "None", false));
        for (int i = 0; i < layersAndTokens.length; i += 2) {
            String layer = (String) layersAndTokens[i];
            Long token = (Long) layersAndTokens[i + 1];
            String sf = surfaceFrame(layer, token == null ? 0 : token, 4242, true, "Presented", "None");
            if (token == null) {
                sf = sf.replace("    Token: 0\n", "");
            }
            sb.append(sf).append('\n');
        }
        return sb.toString();
    }

    private static String dump(String... frames) {
        return "Number of display frames : " + frames.length + "\n" + String.join("", frames);
    }

    private record Parsed(FrameTimelineDump dump, List<String> read) {
    }

    private final DumpSequence dumps = new DumpSequence();
    private final SeenDisplayFrames seen = dumps.seen;

    /** Parses the next dump of the sequence; {@code read} lists the SurfaceFrames handed on as "layer token". */
    private Parsed next(String text, boolean bytes) throws IOException {
        DumpSequence.Parsed p = dumps.next(text, bytes);
        List<String> read = new ArrayList<>();
        for (SurfaceFrameRecord r : p.records()) {
            read.add((r.layer().equals(A) ? "A" : "BAR") + " " + r.token());
        }
        return new Parsed(p.dump(), read);
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void theDisplayFramesThePreviousDumpShowedAreSkipped(boolean bytes) throws IOException {
        Parsed first = next(dump(frame(A, 100L), frame(A, 101L), frame(A, 102L)), bytes);
        assertEquals(List.of("A 100", "A 101", "A 102"), first.read());
        assertEquals(0, first.dump().skippedDisplayFrames());

        Parsed second = next(dump(frame(A, 101L), frame(A, 102L), frame(A, 103L), frame(A, 104L)), bytes);
        assertEquals(List.of("A 103", "A 104"), second.read());
        assertEquals(2, second.dump().skippedDisplayFrames());
        assertEquals(4, second.dump().displayFrames());
        assertEquals(2, second.dump().surfaceFrames());
        assertEquals(101, second.dump().oldestToken()); // a skipped display frame's first Token counts
        assertEquals(104, second.dump().newestToken());
        assertEquals(0, second.dump().unknownLines());
        assertEquals(List.of(101L, 102L, 103L, 104L), boxed(seen.firstTokens()));

        // display frames the second dump skipped are remembered too: the third skips 102 to 104
        Parsed third = next(dump(frame(A, 102L), frame(A, 103L), frame(A, 104L), frame(A, 105L)), bytes);
        assertEquals(List.of("A 105"), third.read());
        assertEquals(3, third.dump().skippedDisplayFrames());
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aDisplayFrameIsKnownByItsFirstSurfaceFrameOnly(boolean bytes) throws IOException {
        next(dump(frame(A, 100L), frame(A, 101L), frame(A, 102L)), bytes);
        // the second display frame starts with the status bar's SurfaceFrame for Token 101: the app's for 101 was
        // shown first before, the status bar's was not, so the run of known display frames ends there
        Parsed p = next(dump(frame(A, 101L), frame(BAR, 101L, A, 102L), frame(A, 103L)), bytes);
        assertEquals(List.of("BAR 101", "A 102", "A 103"), p.read());
        assertEquals(1, p.dump().skippedDisplayFrames());
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void theRunEndsAfterThePreviousDumpsNewestDisplayFrame(boolean bytes) throws IOException {
        next(dump(frame(A, 100L), frame(A, 101L)), bytes);
        // 101 was the newest display frame: the display frame after it is new although it repeats 100's first
        // SurfaceFrame (an app that queued two buffers for one vsync)
        Parsed p = next(dump(frame(A, 101L), frame(A, 100L, BAR, 102L)), bytes);
        assertEquals(List.of("A 100", "BAR 102"), p.read());
        assertEquals(1, p.dump().skippedDisplayFrames());
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aDisplayFrameWithoutSurfaceFramesIsReadAndDoesNotEndTheRun(boolean bytes) throws IOException {
        next(dump(frame(A, 100L), frame(), frame(A, 101L)), bytes);
        Parsed p = next(dump(frame(A, 100L), frame(), frame(A, 101L), frame(A, 102L)), bytes);
        assertEquals(List.of("A 102"), p.read());
        assertEquals(2, p.dump().skippedDisplayFrames());
        assertEquals(4, p.dump().displayFrames());
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aFirstSurfaceFrameWithoutTokenLeavesItsDisplayFrameWithoutKey(boolean bytes) throws IOException {
        Parsed first = next(dump(frame(A, null, BAR, 5L)), bytes);
        assertEquals(List.of("BAR 5"), first.read());
        Parsed again = next(dump(frame(A, null, BAR, 5L)), bytes);
        assertEquals(List.of("BAR 5"), again.read()); // read again (the attribution drops it as seen)
        assertEquals(0, again.dump().skippedDisplayFrames());
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aDumpWithNothingInCommonSkipsNothing(boolean bytes) throws IOException {
        next(dump(frame(A, 100L), frame(A, 101L)), bytes);
        Parsed p = next(dump(frame(A, 200L), frame(A, 101L)), bytes);
        assertEquals(List.of("A 200", "A 101"), p.read());
        assertEquals(0, p.dump().skippedDisplayFrames());
    }

    private static List<Long> boxed(long[] values) {
        List<Long> out = new ArrayList<>();
        for (long v : values) {
            out.add(v);
        }
        return out;
    }
}
