package io.fpsctl.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** An engine's coverage gaps (docs/metrics.md 11): counts, lengths and warnings worked by hand. */
class CoverageLedgerTest {
    private static final long MS = 1_000_000L;

    @Test
    void aGapIsCountedWithItsLengthAndOneWarning() {
        CoverageLedger c = new CoverageLedger();
        c.gap(1000 * MS, 1250 * MS, "the device was away");
        c.gap(2000 * MS, 1900 * MS, "backwards"); // a gap that ends before it starts has no length
        assertEquals(2, c.gaps());
        assertEquals(250.0 * MS, c.gapNs(), 1e-9);
        assertEquals(List.of("coverage gap of 250.0 ms: the device was away", "coverage gap of 0.0 ms: backwards"),
                c.warnings());
    }

    @Test
    void aRingOverflowOnlyAddsItsWarning() {
        CoverageLedger c = new CoverageLedger();
        c.overflowWarning(0, 33_333_333L, "ring overflow in w");
        assertEquals(0, c.gaps(), "its gap is counted by the track's stats");
        assertEquals(List.of("coverage gap of 33.3 ms: ring overflow in w"), c.warnings());
    }

    @Test
    void anOpenGapEndsAtTheNextFrameKeepingTheFirstStartAndReason() {
        CoverageLedger c = new CoverageLedger();
        assertFalse(c.isOpen());
        c.close(5 * MS); // nothing open: nothing counted
        assertEquals(0, c.gaps());
        c.open(100 * MS, "the device restarted");
        c.open(150 * MS, "the app restarted"); // kept: the first
        assertTrue(c.isOpen());
        c.close(400 * MS);
        assertFalse(c.isOpen());
        assertEquals(1, c.gaps());
        assertEquals(300.0 * MS, c.gapNs(), 1e-9);
        assertEquals(List.of("coverage gap of 300.0 ms: the device restarted"), c.warnings());
    }

    @Test
    void anOpenGapClosedBeforeItsStartHasNoLength() {
        CoverageLedger c = new CoverageLedger();
        c.open(100 * MS, "r");
        c.close(50 * MS);
        assertEquals(0.0, c.gapNs(), 1e-9);
        assertEquals(List.of("coverage gap of 0.0 ms: r"), c.warnings());
    }
}
