package io.fpsctl.sim.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The simulated GPU, battery and network files (docs/metrics.md 14) have the shapes of the sources DeviceLoadFiles
 * cites, per profile and version, and the truth records what they printed.
 */
class SimLoadFilesTest {
    private static final String K = "/sys/class/kgsl/kgsl-3d0/";
    private static final String MALI = "/sys/class/misc/mali0/device/";
    private static final String GPU = "grep -H . " + K + "gpubusy " + K + "gpuclk " + MALI + "utilization " + MALI
            + "clock";

    @Test
    void adrenoOnAndroid8() {
        SimHarness h = new SimHarness("gpu-heavy", 8, GpuProfile.ADRENO);
        h.advanceMillis(4_000);
        SimHarness.Result r = h.run(GPU);
        // kgsl_pwrctrl_gpubusy_show "%7d %7d\n"; gpuclk "%d\n" Hz; the Mali files missing
        assertTrue(Pattern.compile("\\Q" + K + "gpubusy:\\E[ \\d]{7} 1000000\n\\Q" + K + "gpuclk:\\E\\d+000000\n")
                .matcher(r.out()).matches(), r.out());
        assertEquals("grep: " + MALI + "utilization: No such file or directory\ngrep: " + MALI
                + "clock: No such file or directory\n", r.err());
        LoadTruth t = h.loads.get(h.loads.size() - 1);
        String busy = r.out().substring(r.out().indexOf(':') + 1, r.out().indexOf('\n')).strip().split("\\s+")[0];
        assertEquals(100.0 * Long.parseLong(busy) / 1_000_000, t.gpuPercent(), 1e-9);
        assertTrue(t.gpuPercent() > 85, "gpu-heavy keeps the GPU busy: " + t);
        // xt_qtaguid exists up to Android 9, with its named header first
        assertTrue(h.sh("cat /proc/net/xt_qtaguid/stats").startsWith("idx iface acct_tag_hex uid_tag_int cnt_set"
                + " rx_bytes rx_packets tx_bytes tx_packets rx_tcp_bytes"));
        // power_supply: discharging, this vendor's current positive
        String p = h.sh("grep -H . /sys/class/power_supply/battery/status /sys/class/power_supply/battery/current_now");
        assertTrue(Pattern.compile("/sys/class/power_supply/battery/status:Discharging\n"
                + "/sys/class/power_supply/battery/current_now:\\d+\n").matcher(p).matches(), p);
    }

    @Test
    void maliOnAndroid14HasNoQtaguid() {
        SimHarness h = new SimHarness("smooth", 14, GpuProfile.MALI);
        h.advanceMillis(3_000);
        SimHarness.Result r = h.run(GPU);
        assertTrue(Pattern.compile("\\Q" + MALI + "utilization:\\E\\d+\n\\Q" + MALI + "clock:\\E\\d+\n")
                .matcher(r.out()).matches(), r.out());
        assertEquals("cat: /proc/net/xt_qtaguid/stats: No such file or directory\n",
                h.run("cat /proc/net/xt_qtaguid/stats").err());
        String cur = h.sh("cat /sys/class/power_supply/battery/current_now");
        assertTrue(cur.startsWith("-"), "the kernel ABI's sign while discharging: " + cur);
        // dev_seq_show's header lines, then "%6s:" rows
        String dev = h.sh("cat /proc/net/dev");
        assertTrue(dev.startsWith("Inter-|   Receive                                                |  Transmit\n"
                + " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo"
                + " colls carrier compressed\n    lo:"), dev);
    }

    @Test
    void closedNodesAnswerPermissionDeniedAndThePhoneCharges() {
        SimHarness h = new SimHarness("smooth", 12, GpuProfile.CLOSED);
        h.advanceMillis(2_000);
        SimHarness.Result r = h.run(GPU);
        assertEquals("", r.out());
        // toybox perror_msg: "grep: <file>: <strerror>", EACCES for an SELinux denial
        assertEquals("grep: " + K + "gpubusy: Permission denied\ngrep: " + K + "gpuclk: Permission denied\n"
                + "grep: " + MALI + "utilization: No such file or directory\ngrep: " + MALI
                + "clock: No such file or directory\n", r.err());
        assertEquals("Charging\n", h.sh("cat /sys/class/power_supply/battery/status"));
        assertEquals(Boolean.FALSE, h.loads.get(h.loads.size() - 1 - 1).gpuReadable());
    }
}
