package io.fpsctl.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link VsyncSegments}: the spanFps sums of docs/metrics.md 4 on IntendedVsync order, worked out by hand. */
class VsyncSegmentsTest {
    private static final long S = 1_000_000_000L;
    private static final long MS = 1_000_000L;

    private long frames;
    private long ns;

    private void insert(VsyncSegments v, long time) {
        v.insert(time);
        frames += v.addedFrames();
        ns += v.addedNs();
    }

    @Test
    void framesArrivingOutOfOrderAddUpAsIfSorted() {
        VsyncSegments v = new VsyncSegments(S); // idle gap 1 s
        insert(v, 0);
        insert(v, 2 * S);            // 2 s after 0: a second segment → (0, 0)
        assertEquals(0, frames);
        insert(v, 900 * MS);         // 0 → 0.9 s joins the first segment; 0.9 → 2 s = 1.1 s stays a cut → (1, 0.9 s)
        assertEquals(1, v.addedFrames());
        assertEquals(900 * MS, v.addedNs());
        insert(v, 1_500 * MS);       // 0.9 → 1.5 (0.6 s) and 1.5 → 2 (0.5 s) join both segments → (2, 1.1 s)
        assertEquals(2, v.addedFrames());
        assertEquals(1_100 * MS, v.addedNs());
        insert(v, 1_200 * MS);       // inside a segment: the 0.6 s gap becomes 0.3 + 0.3 → (1, 0)
        assertEquals(1, v.addedFrames());
        assertEquals(0, v.addedNs());
        // sorted: 0, 0.9, 1.2, 1.5, 2 s — one segment of 5 frames spanning 2 s: 4 frames, 2 s
        assertEquals(4, frames);
        assertEquals(2 * S, ns);
        insert(v, 1_200 * MS);       // the same vsync again (another frame of that vsync): a gap of 0 → (1, 0)
        assertEquals(5, frames);
        assertEquals(2 * S, ns);
    }

    @Test
    void timesAnHourBehindTheNewestAreDroppedButTheLastOneStillCountsAsAPredecessor() {
        long hour = VsyncSegments.HORIZON_NS;
        VsyncSegments v = new VsyncSegments(S);
        insert(v, 0);
        insert(v, 100 * MS);                 // (1, 0.1 s)
        insert(v, hour + 200 * MS);          // a new segment; 0 and 0.1 s are now more than an hour behind
        assertEquals(1, frames);
        insert(v, hour - 500 * MS);          // between the dropped 0.1 s and hour + 0.2 s: 0.7 s to its successor
        assertEquals(1, v.addedFrames());
        assertEquals(700 * MS, v.addedNs());
        insert(v, 150 * MS);                 // 150 ms is above the last dropped time (0.1 s): its predecessor
        assertEquals(1, v.addedFrames());    // 0.1 → 0.15 s = 50 ms; its successor is an hour away
        assertEquals(50 * MS, v.addedNs());
        insert(v, 50 * MS);                  // older than the last dropped time: nothing known, adds nothing
        assertEquals(0, v.addedFrames());
        assertEquals(0, v.addedNs());
    }
}
