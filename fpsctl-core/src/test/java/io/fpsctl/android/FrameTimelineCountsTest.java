package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The counts of one FrameTimeline dump, worked by hand. */
class FrameTimelineCountsTest {

    @Test
    void countsWhatItIsTold() {
        FrameTimelineCounts t = new FrameTimelineCounts();
        t.header(64);
        t.displayFrame(false);
        t.displayFrame(true);
        t.surfaceFrame();
        t.surfaceFrame();
        t.pendingSurfaceFrame();
        t.skippedDisplayFrame();
        t.unknownLine();
        t.token(1200);
        t.token(900);
        t.token(-1); // a transaction without a vsync id: no position
        t.token(1500);
        assertEquals(new FrameTimelineDump(true, 64, 2, 1, 2, 900, 1500, 1, 1, 1), t.dump());
    }

    @Test
    void aJankDumpHasNoHeaderAndNoTokenSpanWhenEmpty() {
        assertEquals(new FrameTimelineDump(false, -1, 0, 0, 0, -1, -1, 0, 0, 0), new FrameTimelineCounts().dump());
    }
}
