package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** When the source could not be read, and what is missing: worked by hand from the poll times. */
class UnreadableSourceTest {

    @Test
    void aSourceThatAlwaysReadsMissesNothing() {
        UnreadableSource u = new UnreadableSource();
        u.startAt(0);
        assertEquals(-1, u.read(0));
        assertEquals(-1, u.read(500));
        assertEquals(-1, u.sinceNs());
        assertNull(u.why());
    }

    @Test
    void unreadableFromTheStartMissesTheRunUpToItsFirstRead() {
        UnreadableSource u = new UnreadableSource();
        u.startAt(100);
        assertEquals("no framestats: frames that cannot be read back later count as a coverage gap",
                u.unreadable("no framestats"));
        assertEquals(100, u.sinceNs(), "from the start of the run");
        assertNull(u.unreadable("another reason"), "said once per run");
        assertEquals(100, u.read(900), "its first read is a history read: 100 .. 900 is missing");
        assertEquals(-1, u.sinceNs());
        assertEquals("no framestats", u.why(), "the first reason is kept for the partial reason");
    }

    @Test
    void unreadableAfterAReadMissesFromThatReadOnAndLeavesItToTheOverflowRuleWhenItReadsAgain() {
        UnreadableSource u = new UnreadableSource();
        u.startAt(0);
        u.read(0);
        u.read(500);
        u.unreadable("garbled");
        u.unreadable("garbled");
        assertEquals(500, u.sinceNs(), "from the last poll that read");
        assertEquals(-1, u.read(1500), "read again: the engine's overflow rule counts what the buffers lost");
        u.unreadable("garbled");
        assertEquals(1500, u.sinceNs());
    }
}
