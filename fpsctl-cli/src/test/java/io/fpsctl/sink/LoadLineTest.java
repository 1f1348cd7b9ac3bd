package io.fpsctl.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.LoadUsage;
import org.junit.jupiter.api.Test;

/** The watch line of docs/metrics.md 14: within 80 columns, n/a with the reason, charging said, device text safe. */
class LoadLineTest {
    @Test
    void allFiguresFitInEightyColumns() {
        LoadUsage l = new LoadUsage(95.04, 585.0, null, false, 1594.85, null, 500_000L, 20_000L, null, 503_000L,
                20_800L, null);
        String line = LoadLine.ansi(l);
        assertEquals("gpu    95.0 % 585 MHz  power 1595 mW  app ↓488 ↑20 kB  device ↓491 ↑20 kB", line);
        assertTrue(line.length() <= LoadLine.WIDTH);
        assertEquals(" gpuPercent=95.0 gpuMhz=585.0 powerMw=1594.9 charging=false appRxKb=488.3 appTxKb=19.5"
                + " deviceRxKb=491.2 deviceTxKb=20.3 appGpuMs=-", LoadLine.plain(l));
    }

    /** The app's GPU time (rule 10) joins the gpu part when the line still fits in 80 columns, else only the plain one. */
    @Test
    void theAppsGpuTimeWhereItFits() {
        LoadUsage fits = new LoadUsage(95.04, 585.0, null, false, 1594.85, null, null, null, "eBPF", 5_000L, 800L,
                null, 812.44, null);
        assertEquals("gpu    95.0 % 585 MHz (app 812 ms)  power 1595 mW  app n/a  device ↓5 ↑1 kB",
                LoadLine.ansi(fits));
        assertTrue(LoadLine.plain(fits).endsWith(" appGpuMs=812.4"), LoadLine.plain(fits));
        LoadUsage full = new LoadUsage(95.04, 585.0, null, false, 1594.85, null, 500_000L, 20_000L, null, 503_000L,
                20_800L, null, 812.44, null);
        assertEquals("gpu    95.0 % 585 MHz  power 1595 mW  app ↓488 ↑20 kB  device ↓491 ↑20 kB", LoadLine.ansi(full));
    }

    @Test
    void unavailableSaysWhyAndChargingIsNoDrain() {
        LoadUsage l = new LoadUsage(null, null, "/sys/class/kgsl/kgsl-3d0/gpubusy: Permission denied", true, null,
                "charging", null, null, "per-app bytes need xt_qtaguid, which Android 10+ replaced", 1000L, 10L,
                null);
        assertEquals("gpu    n/a (Permission denied)  power charging  app n/a  device ↓1 ↑0 kB", LoadLine.ansi(l));
        // a reason with a terminal escape in it reaches the screen defused
        assertEquals("Permission?[2Jdenied", LoadLine.shortReason("x: Permission\u001b[2Jdenied"));
    }
}
