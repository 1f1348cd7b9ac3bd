package io.fpsctl.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * docs/metrics.md 10 rev 4: the jank tag of a SurfaceFrame, each row worked by hand from trace_processor's
 * {@code CalculateSurfaceFrameJankTag}, {@code SurfaceFrameJanky} and {@code DisplayFrameJanky}
 * ({@code src/trace_processor/importers/proto/frame_timeline_event_parser.cc}, google/perfetto v58.2): the bitmask
 * (Perfetto's JankType bits), whether the present type is Dropped, and the tag string trace_processor shows.
 */
class FrameTimelineJankTagTest {

    @ParameterizedTest(name = "jank_type {0}, present dropped {1} -> {2}")
    @CsvSource(delimiter = ';', value = {
        "0;     false; Unspecified",            // JANK_UNSPECIFIED, whatever the present type
        "0;     true;  Unspecified",
        "1;     false; No Jank",                // JANK_NONE
        "1;     true;  Dropped Frame",          // None, present Dropped (Android 12-13's dropped frame)
        "64;    false; Self Jank",              // App Deadline Missed
        "64;    true;  Self Jank",              // app bits come before the Dropped present type
        "4096;  false; Self Jank",              // App Resynced Jitter
        "256;   false; Self Jank",              // Unknown: always the app's (rev 3 said: only if late)
        "258;   false; Self Jank",              // Unknown + SurfaceFlinger Scheduling: Self wins
        "2;     false; Other Jank",             // SurfaceFlinger Scheduling
        "4;     false; Other Jank",             // Prediction Error
        "8;     false; Other Jank",             // Display HAL
        "16;    false; Other Jank",             // SurfaceFlinger CPU Deadline Missed
        "32;    false; Other Jank",             // SurfaceFlinger GPU Deadline Missed
        "2050;  false; Other Jank",             // Non Animating + SF Scheduling: not exactly Non Animating
        "144;   false; Other Jank",             // Buffer Stuffing + SF CPU
        "128;   false; Buffer Stuffing",        // exactly Buffer Stuffing
        "128;   true;  Buffer Stuffing",        // rule 4 comes before the Dropped present type
        "1152;  false; No Jank",                // Buffer Stuffing + Dropped Frame, presented: no rule names it
        "1152;  true;  Dropped Frame",
        "512;   false; SurfaceFlinger Stuffing",// exactly SF Stuffing: neither app nor system (rev 3: system)
        "640;   false; No Jank",                // SF Stuffing + Buffer Stuffing
        "1024;  true;  Dropped Frame",          // Android 14+: jank Dropped, present Dropped
        "1024;  false; No Jank",                // Dropped Frame bit with another present type (e.g. Unknown)
        "2048;  false; Non-perceivable Jank",   // Non Animating
        "8192;  false; Non-perceivable Jank",   // Display not ON
        "32768; false; Non-perceivable Jank",   // PowerModeChange in progress
        "2048;  true;  Dropped Frame",          // rule 6 before rule 7
        "16384; false; No Jank",                // ModeChange in progress is not in rule 7
        "10240; false; No Jank",                // Non Animating + Display not ON: not exactly one of them
    })
    void theTagOfABitmaskIsPerfettos(int bits, boolean presentDropped, String tag) {
        assertEquals(tag, FrameTimelineVerdict.jankTag(bits, presentDropped).perfettoName());
    }

    /** A dump's printed strings map to the same bits, so a dump and a trace of one SurfaceFrame get one tag. */
    @ParameterizedTest(name = "{0} / {1} -> {2}")
    @CsvSource(delimiter = ';', value = {
        "None;                                             Presented; No Jank",
        "None;                                             Dropped;   Dropped Frame",
        "Dropped Frame;                                    Dropped;   Dropped Frame",
        "Unknown jank;                                     Presented; Self Jank",
        "SurfaceFlinger Stuffing;                          Presented; SurfaceFlinger Stuffing",
        "Buffer Stuffing;                                  Dropped;   Buffer Stuffing",
        "SurfaceFlinger deadline missed (while in HWC);    Presented; Other Jank",
        "Display HAL, App Deadline Missed;                 Presented; Self Jank",
    })
    void aDumpsStringsGetTheTagOfTheirBits(String printed, String presentState, String tag) {
        FrameTimelineAttribution a = new FrameTimelineAttribution();
        List<String> types = printed.equals("None") ? List.of() : List.of(printed.split(", "));
        FrameTimelineVerdict v = a.verdictOf(new SurfaceFrameRecord(1, "TX - app#0", 1, 1, true, presentState,
                types));
        assertEquals(tag, v.blame().perfettoName());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "0;     Unspecified",
        "1;     None",
        "192;   App Deadline Missed, Buffer Stuffing",
        "2050;  SurfaceFlinger Scheduling, Non Animating",
        "1280;  Unknown Jank, Dropped Frame",
    })
    void perfettoNamesTheBitsAsTraceProcessorDoes(int bits, String name) {
        assertEquals(name, FrameTimelineJankType.perfettoName(bits));
    }

    @org.junit.jupiter.api.Test
    void bitsRoundTrip() {
        Set<FrameTimelineJankType> all = EnumSet.allOf(FrameTimelineJankType.class);
        assertEquals(all, FrameTimelineJankType.ofBits(FrameTimelineJankType.bitsOf(all)));
        assertEquals(65534, FrameTimelineJankType.bitsOf(all)); // bits 2..32768 of Perfetto's JankType, once each
    }
}
