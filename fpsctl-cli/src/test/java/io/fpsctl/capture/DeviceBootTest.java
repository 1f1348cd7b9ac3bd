package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Reading the device's boot: golden text written by hand from the kernel's format strings (Linux
 * {@code drivers/char/random.c proc_do_uuid} "%pU" + newline; {@code fs/proc/uptime.c uptime_proc_show}
 * "%lu.%02lu %lu.%02lu\n"), and the restart rule both ways.
 */
class DeviceBootTest {
    private static final long S = 1_000_000_000L;

    @Test
    void readsTheBootIdAndTheUptime() {
        DeviceBoot.Reading r = DeviceBoot.parse("6b0c2f4e-9d1a-4c3b-8e7f-0a1b2c3d4e5f\n12345.67 98765.43\n", 7);
        assertEquals("6b0c2f4e-9d1a-4c3b-8e7f-0a1b2c3d4e5f", r.bootId());
        assertEquals(12_345 * S + 670_000_000L, r.uptimeNs()); // 12 345.67 s
        assertEquals(7, r.hostNs());
    }

    @Test
    void aFileTheShellMayNotReadLeavesTheOther() {
        // cat prints what it could read on stdout; the error for the other goes to stderr (not given here)
        DeviceBoot.Reading r = DeviceBoot.parse("88.05 120.00\n", 0);
        assertNull(r.bootId());
        assertEquals(88 * S + 50_000_000L, r.uptimeNs());
        DeviceBoot.Reading none = DeviceBoot.parse("/system/bin/sh: cat: inaccessible or not found\n", 0);
        assertTrue(none.unknown());
    }

    @Test
    void aNewBootIdIsARestartTheSameIsNot() {
        DeviceBoot.Reading a = new DeviceBoot.Reading("aaaaaaaa-0000-0000-0000-000000000000", 3_600 * S, 0);
        DeviceBoot.Reading same = new DeviceBoot.Reading("aaaaaaaa-0000-0000-0000-000000000000", 3_610 * S, 10 * S);
        DeviceBoot.Reading other = new DeviceBoot.Reading("bbbbbbbb-0000-0000-0000-000000000000", 3_700 * S, 10 * S);
        assertFalse(DeviceBoot.restarted(a, same));
        // the id decides even when the clock looks fine
        assertTrue(DeviceBoot.restarted(a, other));
    }

    @Test
    void withoutABootIdAClockThatFellBehindTheHostsIsARestart() {
        DeviceBoot.Reading a = new DeviceBoot.Reading(null, 3_600 * S, 0);
        // 10 s later on the host: the device's clock moved 10 s (same boot), 8.5 s (within the 2 s slack: same boot),
        // 7.9 s (behind by more than 2 s: it went back, a new boot), or it reads 20 s (a fresh boot)
        assertFalse(DeviceBoot.restarted(a, new DeviceBoot.Reading(null, 3_610 * S, 10 * S)));
        assertFalse(DeviceBoot.restarted(a, new DeviceBoot.Reading(null, 3_608_500_000_000L, 10 * S)));
        assertTrue(DeviceBoot.restarted(a, new DeviceBoot.Reading(null, 3_607_900_000_000L, 10 * S)));
        assertTrue(DeviceBoot.restarted(a, new DeviceBoot.Reading(null, 20 * S, 10 * S)));
        // nothing known: not a restart
        assertFalse(DeviceBoot.restarted(a, new DeviceBoot.Reading(null, -1, 10 * S)));
        assertFalse(DeviceBoot.restarted(null, a));
    }
}
