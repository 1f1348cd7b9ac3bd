package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Where a FrameTimeline parse is among the display frames: sequences of calls as the parser makes them. */
class DisplayFramePositionTest {

    @Test
    void withoutSeenDisplayFramesNothingIsSkipped() {
        DisplayFramePosition p = new DisplayFramePosition();
        p.nextDump();
        p.displayFrame();
        assertFalse(p.tokenRead("app", 10));
        assertFalse(p.skipping());
    }

    @Test
    void aDisplayFrameTheLastDumpShowedIsSkippedFromItsFirstToken() {
        SeenDisplayFrames seen = new SeenDisplayFrames();
        DisplayFramePosition p = new DisplayFramePosition();
        p.skippingSeen(seen);
        // dump 1: display frames keyed by tokens 10 and 11
        p.nextDump();
        p.displayFrame();
        assertFalse(p.tokenRead("app", 10));
        assertFalse(p.tokenRead("app", 99), "only the first Token of a display frame is its key");
        p.surfaceFrameEnded();
        p.displayFrame();
        assertFalse(p.tokenRead("app", 11));
        // dump 2 shows 11 again, then 12
        p.nextDump();
        p.displayFrame();
        assertTrue(p.tokenRead("app", 11));
        assertTrue(p.skipping());
        p.skipEnded();
        p.displayFrame();
        assertFalse(p.tokenRead("app", 12));
        assertArrayEquals(new long[] {11, 12}, seen.firstTokens());
    }

    @Test
    void aPendingDisplayFrameIsReadAgainByTheNextDump() {
        SeenDisplayFrames seen = new SeenDisplayFrames();
        DisplayFramePosition p = new DisplayFramePosition();
        p.skippingSeen(seen);
        p.nextDump();
        p.displayFrame();
        p.actuals(true); // Actual present N/A
        assertTrue(p.pending());
        assertFalse(p.tokenRead("app", 20));
        assertArrayEquals(new long[] {20}, seen.firstTokens(), "its Token is in the ring all the same");
        p.nextDump();
        p.displayFrame();
        assertFalse(p.pending(), "a new display frame starts final until its Actual line says otherwise");
        assertFalse(p.tokenRead("app", 20), "not remembered as seen: read again");
    }

    @Test
    void anActualLineAfterTheFirstSurfaceFrameEndedIsNotTheDisplayFramesOwn() {
        DisplayFramePosition p = new DisplayFramePosition();
        p.displayFrame();
        p.surfaceFrameEnded();
        p.actuals(true); // a SurfaceFrame's table, not the display frame's
        assertFalse(p.pending());
    }
}
