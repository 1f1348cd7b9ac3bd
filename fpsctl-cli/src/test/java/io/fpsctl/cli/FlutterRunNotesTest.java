package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineRun;
import io.fpsctl.engine.FlutterFrame;
import io.fpsctl.engine.FlutterStats;
import io.fpsctl.engine.Summary;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/metrics.md 16 rules 3 and 9: an unknown refresh rate is never silently 60 Hz, and the per-frame pairing is
 * said to be inferred, in the summary's warnings.
 */
class FlutterRunNotesTest {

    private static FlutterStats.Result oneFrame() {
        FlutterStats s = new FlutterStats();
        s.add(new FlutterFrame(1, 0, 3_000, 1_000, 2_000, 0));
        return s.result(16_667);
    }

    @Test
    void aKnownRateGivesItsPeriodAndOnlyThePairingNote() {
        Summary at60 = EngineRun.smooth60();
        assertEquals(16_667, FlutterRun.budgetUs(at60)); // 1e6 / 60 rounded
        List<String> notes = FlutterRun.notes(at60, oneFrame());
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).startsWith("flutter: pairing inferred: "), notes.get(0));
    }

    @Test
    void anUnknownRateIsSaid() {
        Summary unknown = EngineRun.empty();
        assertNull(unknown.refreshHz(), "the ready-made empty capture has no refresh rate");
        assertEquals(16_667, FlutterRun.budgetUs(unknown));
        List<String> notes = FlutterRun.notes(unknown, oneFrame());
        assertEquals("flutter: refresh rate unavailable: budgetMs 16.667 and the over-budget shares assume 60 Hz",
                notes.get(0));
        assertEquals(2, notes.size());
    }

    @Test
    void withoutTimingsThereIsNothingToNote() {
        assertEquals(List.of(), FlutterRun.notes(EngineRun.empty(), null));
    }
}
