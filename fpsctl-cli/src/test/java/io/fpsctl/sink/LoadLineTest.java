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
                + " deviceRxKb=491.2 deviceTxKb=20.3", LoadLine.plain(l));
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
