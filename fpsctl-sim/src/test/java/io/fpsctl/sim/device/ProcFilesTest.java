package io.fpsctl.sim.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The simulated kernel files, against the kernel's format strings (written by hand from Linux
 * {@code drivers/char/random.c proc_do_uuid}: {@code "%pU"} plus proc_dostring's newline, and
 * {@code fs/proc/uptime.c uptime_proc_show}: {@code "%lu.%02lu %lu.%02lu\n"}).
 */
class ProcFilesTest {

    @Test
    void bootIdIsOneLowercaseUuidPerBoot() {
        SimHarness h = new SimHarness("smooth", 14, 60, 1);
        String id = h.sh("cat /proc/sys/kernel/random/boot_id");
        assertTrue(id.matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\n"), id);
        h.advanceMillis(1_000);
        assertEquals(id, h.sh("cat /proc/sys/kernel/random/boot_id"), "one id for the whole boot");
        assertEquals(h.device.bootId() + "\n", id);
        // another device with the same seed is another boot
        assertNotEquals(id, new SimHarness("smooth", 14, 60, 1).sh("cat /proc/sys/kernel/random/boot_id"));
    }

    @Test
    void uptimeIsTheDeviceClockInHundredthsThenIdle() {
        SimHarness h = new SimHarness("smooth", 14, 60, 1);
        h.advanceMillis(1_234);
        // the simulated device booted an hour before it started (ManualTimeSource): 3 600 s + 1.234 s = 3 601.234 s,
        // truncated to hundredths as the kernel's tv_nsec / (NSEC_PER_SEC / 100) is: 3601.23; idle 6 × 360 123 cs
        // = 2 160 738 cs = 21607.38
        assertEquals("3601.23 21607.38\n", h.sh("cat /proc/uptime"));
    }

    @Test
    void bothFilesInOneCatAndAMissingOneOnStderr() {
        SimHarness h = new SimHarness("smooth", 14, 60, 1);
        SimHarness.Result r = h.run("cat /proc/sys/kernel/random/boot_id /nope /proc/uptime");
        assertEquals(1, r.exit());
        assertEquals("cat: /nope: No such file or directory\n", r.err());
        assertTrue(r.out().matches("[0-9a-f-]{36}\n[0-9]+\\.[0-9]{2} [0-9]+\\.[0-9]{2}\n"), r.out());
    }
}
