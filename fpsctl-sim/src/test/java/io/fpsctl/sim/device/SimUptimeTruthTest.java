package io.fpsctl.sim.device;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Each read of {@code /proc/uptime} hands a truth line of part {@code uptime} (LoadTruth) holding the moment it was
 * read, of which the file printed the hundredths, truncated (Linux fs/proc/uptime.c uptime_proc_show): a test's
 * reference dates a reader's batch by it as the reader did, however long the batch's other reads came after it.
 */
class SimUptimeTruthTest {

    @Test
    void aReadOfProcUptimeIsInTheTruthWithTheMomentItPrinted() {
        SimHarness h = new SimHarness("download", 14, GpuProfile.ADRENO);
        h.advanceMillis(12_345);
        String printed = h.sh("cat /proc/uptime");
        LoadTruth t = h.loads.get(h.loads.size() - 1);
        assertEquals("uptime", t.part());
        long ns = t.uptimeNs();
        assertEquals(h.time.nanoTime(), ns, "the device's clock when it was read");
        // worked by hand: the file's first figure is the truth's moment in seconds with two decimals, truncated
        String want = (ns / 1_000_000_000L) + "." + String.format(java.util.Locale.ROOT, "%02d",
                ns % 1_000_000_000L / 10_000_000L);
        assertEquals(want, printed.split(" ")[0], printed);
        assertEquals(null, t.gpuPercent());
        assertEquals(null, t.deviceRxBytes());
    }
}
