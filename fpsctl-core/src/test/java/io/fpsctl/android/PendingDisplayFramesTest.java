package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fpsctl.engine.SurfaceFrameRecord;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SurfaceFlinger adds a display frame to the FrameTimeline ring when it has composed it ({@code setSfPresent} →
 * {@code finalizeCurrentDisplayFrame}) and classifies its jank only once the present fence has signalled, at a later
 * composition ({@code flushPendingPresentFences} → {@code DisplayFrame::onPresent}). Until then {@code dumpTable}
 * prints the display frame's actual present time as {@code N/A}, and its SurfaceFrames print {@code Jank Type : None}
 * and {@code Unknown Present} whatever they turn out to be (AOSP {@code FrameTimeline.cpp}). Such SurfaceFrames must
 * not be handed on, and their display frame must not count as seen, so the next dump's final verdict is the one
 * kept. The dumps below are written by hand in that layout; each case runs on the byte and the String path.
 */
class PendingDisplayFramesTest {

    private static final String A = "com.example/com.example.MainActivity#151";
    private static final String RULE = "-".repeat(88);

    /** A display frame; {@code pending}: its present fence not yet processed (actual present N/A, nothing classified). */
    private static String displayFrame(boolean pending, String surfaceFrames) {
        return "Display Frame 0\n"
                + "Prediction State : Valid\n"
                + "Jank Type : None\n"
                + "Present Metadata : " + (pending ? "Unknown Present" : "On Time Present") + "\n"
                + "Finish Metadata: " + (pending ? "Unknown Finish" : "On Time Finish") + "\n"
                + "Start Metadata: Unknown Start\n"
                + "Vsync Period:   6.944444\n"
                + "Present delta: " + (pending ? "1234.567890" : "  0.000000") + "\n"
                + "Present delta % refreshrate:   0.567890\n"
                + "\t\t    Start time\t\t|    End time\t\t|    Present time\n"
                + "Expected\t|\t     10.00\t|\t     13.47\t|\t     20.83\n"
                + "Actual  \t|\t     10.10\t|\t     12.90\t|" + (pending ? "\t\tN/A\n" : "\t     20.83\n")
                + RULE + "\n\n"
                + surfaceFrames + "\n";
    }

    /**
     * A SurfaceFrame; {@code presentNotAvailable}: its own actual present printed {@code N/A} (its display frame is
     * pending, or it was dropped).
     */
    private static String surfaceFrame(long token, String state, String jank, boolean presentNotAvailable) {
        String in = "    ";
        return in + "Layer - " + A + (jank.equals("None") ? "" : " [*] ") + "\n"
                + in + "Token: " + token + "\n"
                + in + "Is Buffer?: 1\n"
                + in + "Owner Pid : 4242\n"
                + in + "Scheduled rendering rate: 144 fps\n"
                + in + "Layer ID : 151\n"
                + in + "Present State : " + state + "\n"
                + (state.equals("Dropped") ? in + "Drop time :   9.000000\n" : "")
                + in + "Prediction State : Valid\n"
                + in + "Jank Type : " + jank + "\n"
                + in + "Present Metadata : " + (presentNotAvailable ? "Unknown Present" : "Late Present") + "\n"
                + in + "Finish Metadata: " + (presentNotAvailable ? "Unknown Finish" : "Late Finish") + "\n"
                + in + "Last latch time:   8.000000\n"
                + in + "Present delta:   0.000000\n"
                + in + "\t\t    Start time\t\t|    End time\t\t|    Present time\n"
                + in + "Expected\t|\t      0.00\t|\t      8.33\t|\t     16.67\n"
                + in + "Actual  \t|\t      0.10\t|\t      5.56\t|" + (presentNotAvailable ? "\t\tN/A\n" : "\t     16.67\n")
                + in + RULE + "\n";
    }

    private static String presented(long token, String jank) {
        return displayFrame(false, surfaceFrame(token, "Presented", jank, false));
    }

    private static String pending(long token) {
        return displayFrame(true, surfaceFrame(token, "Presented", "None", true));
    }

    private static String dump(String... frames) {
        return "Number of display frames : " + frames.length + "\n" + String.join("", frames);
    }

    private record Parsed(FrameTimelineDump dump, List<String> read) {
    }

    private final DumpSequence dumps = new DumpSequence();

    /** {@code read}: the SurfaceFrames handed on, as "Token PresentState jank,types". */
    private Parsed next(String text, boolean bytes) throws IOException {
        DumpSequence.Parsed p = dumps.next(text, bytes);
        List<String> read = new ArrayList<>();
        for (SurfaceFrameRecord r : p.records()) {
            read.add(r.token() + " " + r.presentState() + " " + String.join(",", r.jankTypes()));
        }
        return new Parsed(p.dump(), read);
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aPendingDisplayFrameIsReadOnceItIsFinalWithItsFinalVerdict(boolean bytes) throws IOException {
        Parsed first = next(dump(presented(100, "None"), presented(101, "None"), pending(102)), bytes);
        assertEquals(List.of("100 Presented ", "101 Presented "), first.read());
        assertEquals(3, first.dump().displayFrames());
        assertEquals(2, first.dump().surfaceFrames());
        assertEquals(1, first.dump().pendingSurfaceFrames());
        assertEquals(102, first.dump().newestToken()); // in the ring all the same
        assertEquals(0, first.dump().unknownLines());

        // 102 was late after all: its final verdict is read, and 101 (read before) is skipped
        Parsed second = next(dump(presented(101, "None"), presented(102, "App Deadline Missed"), pending(103)),
                bytes);
        assertEquals(List.of("102 Presented App Deadline Missed"), second.read());
        assertEquals(1, second.dump().skippedDisplayFrames());
        assertEquals(1, second.dump().pendingSurfaceFrames());

        // two pending at once (the fence of the older one not signalled either): both read when final
        Parsed third = next(dump(presented(102, "App Deadline Missed"), presented(103, "None"), pending(104),
                pending(105)), bytes);
        assertEquals(List.of("103 Presented "), third.read());
        assertEquals(2, third.dump().pendingSurfaceFrames());
        Parsed fourth = next(dump(presented(103, "None"), presented(104, "Buffer Stuffing"), presented(105, "None")),
                bytes);
        assertEquals(List.of("104 Presented Buffer Stuffing", "105 Presented "), fourth.read());
        assertEquals(0, fourth.dump().pendingSurfaceFrames());
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aDroppedSurfaceFrameOfAFinalDisplayFrameIsReadAlthoughItsOwnPresentIsNotAvailable(boolean bytes)
            throws IOException {
        String frame = displayFrame(false, surfaceFrame(200, "Dropped", "Dropped Frame", true)
                + surfaceFrame(201, "Presented", "None", false));
        Parsed p = next(dump(frame), bytes);
        assertEquals(List.of("200 Dropped Dropped Frame", "201 Presented "), p.read());
        assertEquals(0, p.dump().pendingSurfaceFrames());
    }
}
