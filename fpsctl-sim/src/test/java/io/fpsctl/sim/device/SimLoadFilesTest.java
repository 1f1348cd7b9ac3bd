package io.fpsctl.sim.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
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
        // xt_qtaguid exists up to Android 9, with its named header first, then (pp_sets) two lines per entry, one
        // per counter set, idx counting on from 2
        String q = h.sh("cat /proc/net/xt_qtaguid/stats");
        assertTrue(q.startsWith("idx iface acct_tag_hex uid_tag_int cnt_set"
                + " rx_bytes rx_packets tx_bytes tx_packets rx_tcp_bytes"), q);
        String[] rows = q.split("\n");
        assertTrue(rows.length > 2 && rows.length % 2 == 1, q);
        for (int i = 1; i < rows.length; i++) {
            String[] f = rows[i].split(" ");
            assertEquals(String.valueOf(i + 1), f[0], rows[i]);
            assertEquals(String.valueOf((i - 1) % 2), f[4], "the counter set: " + rows[i]);
            if (i % 2 == 0) {
                String[] before = rows[i - 1].split(" ");
                assertEquals(before[1] + before[2] + before[3], f[1] + f[2] + f[3], "one entry's two sets");
            }
        }
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
        // dev_seq_show's header lines, then dev_seq_printf_stats' "%6s: %7llu %7llu %4llu …" rows
        String dev = h.sh("cat /proc/net/dev");
        assertTrue(dev.startsWith("Inter-|   Receive                                                |  Transmit\n"
                + " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo"
                + " colls carrier compressed\n    lo:"), dev);
        // each row re-printed here with the kernel's format from its own name and counters must be the row itself
        String[] lines = dev.split("\n");
        for (int i = 2; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            String[] f = lines[i].substring(colon + 1).strip().split(" +");
            Object[] args = new Object[17];
            args[0] = lines[i].substring(0, colon).strip();
            for (int k = 0; k < 16; k++) {
                args[k + 1] = Long.parseLong(f[k]);
            }
            assertEquals(String.format(Locale.ROOT, "%6s: %7d %7d %4d %4d %4d %5d %10d %9d %8d %7d %4d %4d %4d"
                    + " %5d %7d %10d", args), lines[i]);
        }
    }

    /**
     * The device's bytes are the interfaces that carry the traffic, each byte once (docs/metrics.md 14 rule 1): the
     * truth is what wlan0 and rmnet_data0 printed, summed here from the file's own rows; the stacked v4-, tun and
     * rmnet_ipa rows are there and repeat bytes.
     */
    @Test
    void deviceTruthCountsTheCarryingInterfacesOnly() {
        SimHarness h = new SimHarness("download", 12, GpuProfile.ADRENO);
        h.advanceMillis(30_000); // past 10^7 bytes on wlan0: the width the old "%6s:%8llu" format differed at
        String dev = h.sh("cat /proc/net/dev");
        long rx = 0;
        long tx = 0;
        long stackedRx = 0;
        for (String line : dev.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0 || line.startsWith(" face |")) {
                continue;
            }
            String name = line.substring(0, colon).strip();
            String[] f = line.substring(colon + 1).strip().split("\\s+");
            if (name.equals("wlan0") || name.equals("rmnet_data0")) {
                rx += Long.parseLong(f[0]);
                tx += Long.parseLong(f[8]);
            } else if (name.startsWith("v4-") || name.startsWith("tun") || name.startsWith("rmnet_ipa")) {
                stackedRx += Long.parseLong(f[0]);
            }
        }
        assertTrue(dev.contains(" wlan0: 1"), "wlan0 past 10^7 keeps its space after the colon: " + dev);
        assertTrue(stackedRx > 0, dev);
        LoadTruth t = h.loads.get(h.loads.size() - 1);
        assertEquals("deviceNet", t.part());
        assertEquals(rx, t.deviceRxBytes());
        assertEquals(tx, t.deviceTxBytes());
    }

    /**
     * The app's own bytes in the simulated Android 8 xt_qtaguid: summed here from the file's untagged rows of uid
     * 10123 on every interface but lo, they are the truth, and part of them is on tun0 and v4-rmnet_data0 (Android
     * charges an app's VPN and 464xlat bytes to it there): leaving stacked interfaces out of per-app rows loses them.
     */
    @Test
    void appTruthIncludesItsRowsOnStackedInterfaces() {
        SimHarness h = new SimHarness("download", 8, GpuProfile.ADRENO);
        h.advanceMillis(5_000);
        String q = h.sh("cat /proc/net/xt_qtaguid/stats");
        long rx = 0;
        long tx = 0;
        long stackedRx = 0;
        for (String line : q.split("\n")) {
            String[] f = line.split(" ");
            if (f.length < 8 || !f[2].equals("0x0") || !f[3].equals("10123") || f[1].equals("lo")) {
                continue;
            }
            rx += Long.parseLong(f[5]);
            tx += Long.parseLong(f[7]);
            if (f[1].startsWith("tun") || f[1].startsWith("v4-")) {
                stackedRx += Long.parseLong(f[5]);
            }
        }
        assertTrue(q.contains(" tun0 0x0 10123 1 ") && q.contains(" v4-rmnet_data0 0x0 10123 1 "), q);
        assertTrue(stackedRx > rx / 10, "a real share of the app's bytes is on stacked interfaces: " + q);
        LoadTruth t = h.loads.get(h.loads.size() - 1);
        assertEquals("appNet", t.part());
        assertEquals(rx, t.appRxBytes());
        assertEquals(tx, t.appTxBytes());
    }

    /**
     * Each simulated phone answers netd's two inputs (system/netd BpfUtils.cpp getBpfSupportLevel) as the phone it
     * is (AndroidVersion): 6 without ro.product.first_api_level, 8.1 a Pixel 2 (26, 4.4), 9 launched on 4.9.
     */
    @Test
    void phonesAnswerFirstApiLevelAndKernelRelease() {
        SimHarness six = new SimHarness("smooth", 6, GpuProfile.ADRENO);
        assertEquals("\n3.10.73-sim\n", six.sh("getprop ro.product.first_api_level ; uname -r"));
        SimHarness eight = new SimHarness("smooth", 8, GpuProfile.ADRENO);
        assertEquals("26\n4.4.88-sim\n", eight.sh("getprop ro.product.first_api_level ; uname -r"));
        SimHarness nine = new SimHarness("smooth", 9, GpuProfile.ADRENO);
        assertEquals("28\n4.9.124-sim\n", nine.sh("getprop ro.product.first_api_level ; uname -r"));
    }

    @Test
    void android9CountsWithEbpfSoXtQtaguidHoldsItsHeaderAlone() {
        SimHarness h = new SimHarness("download", 9, GpuProfile.ADRENO);
        h.advanceMillis(3_000);
        assertEquals("idx iface acct_tag_hex uid_tag_int cnt_set rx_bytes rx_packets tx_bytes tx_packets rx_tcp_bytes"
                + " rx_tcp_packets rx_udp_bytes rx_udp_packets rx_other_bytes rx_other_packets tx_tcp_bytes"
                + " tx_tcp_packets tx_udp_bytes tx_udp_packets tx_other_bytes tx_other_packets\n",
                h.sh("cat /proc/net/xt_qtaguid/stats"));
        LoadTruth t = h.loads.get(h.loads.size() - 1);
        assertEquals("appNet", t.part());
        assertEquals(null, t.appRxBytes());
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
    /**
     * dumpsys gpu --gpuwork (docs/metrics.md 14 rule 10): on 14 with the driver's tracepoint, GpuWork::dump's title,
     * header and "%u %u %llu %llu" rows in (gpu_id, uid) order, "[errors:%u]" before a row with errors and a blank line
     * after; the app's figure grows with its frames and is the truth's; the closed driver's one line; 12 prints nothing.
     */
    @Test
    void gpuWorkPerVersionAndProfile() {
        SimHarness h = new SimHarness("gpu-heavy", 14, GpuProfile.ADRENO);
        h.advanceMillis(2_000);
        String first = h.sh("dumpsys gpu --gpuwork");
        h.advanceMillis(1_000);
        String second = h.sh("dumpsys gpu --gpuwork");
        Pattern table = Pattern.compile("GPU work information\\.\ngpu_id uid total_active_duration_ns "
                + "total_inactive_duration_ns\n0 1000 \\d+ \\d+\n0 10123 (\\d+) \\d+\n"
                + "\\[errors:2\\]0 10124 \\d+ \\d+\n\n");
        java.util.regex.Matcher a = table.matcher(first);
        java.util.regex.Matcher b = table.matcher(second);
        assertTrue(a.matches(), first);
        assertTrue(b.matches(), second);
        long grew = Long.parseLong(b.group(1)) - Long.parseLong(a.group(1));
        // a GPU-heavy app keeps the GPU busy most of the second, never more than all of it
        assertTrue(grew > 500_000_000L && grew <= 1_000_000_000L, "grew " + grew);
        LoadTruth t = h.loads.get(h.loads.size() - 1);
        assertEquals("gpuWork", t.part());
        assertEquals(Long.parseLong(b.group(1)), t.appGpuNs());
        assertEquals("GPU work information is not available.\n\n",
                new SimHarness("smooth", 14, GpuProfile.CLOSED).sh("dumpsys gpu --gpuwork"));
        // before 13 doDump does not know the argument and prints its whole dump (GpuService::doDump, lineage-17.1 to
        // 19.1): the driver lines, GpuMem's snapshot on 12 only, then GpuStats' global entry; 8/9 print nothing
        String twelve = new SimHarness("smooth", 12, GpuProfile.ADRENO).sh("dumpsys gpu --gpuwork");
        assertTrue(twelve.startsWith("Stable Game Driver: unsupported\nPre-release Game Driver: unsupported\n\n"
                + "Memory snapshot for GPU 0:\nGlobal total: "), twelve);
        assertTrue(twelve.contains("\ndriverPackageName = system\n") && twelve.endsWith("glesVersion = 196610\n\n\n"),
                twelve);
        assertFalse(twelve.contains("GPU work"), twelve);
        String ten = new SimHarness("smooth", 10, GpuProfile.ADRENO).sh("dumpsys gpu --gpuwork");
        assertTrue(ten.startsWith("Stable Game Driver: unsupported\nPre-release Game Driver: unsupported\n\n"
                + "driverPackageName = system\n"), ten);
        assertEquals("", new SimHarness("smooth", 8, GpuProfile.ADRENO).sh("dumpsys gpu --gpuwork"));
    }
    /**
     * docs/metrics.md 14 rule 11: netd's app_uid_stats_map in the dump of the service that holds it, per version:
     * NetworkStatsService.dump's "BPF map content:" on 14+, native TrafficController::dump's "mAppUidStatsMap::" on
     * 13, and on 9-12 no service the shell may find (dumpsys: Can't find service). The app's row is its truth.
     */
    @Test
    void appUidStatsMapPerVersion() {
        SimHarness h = new SimHarness("download", 14, GpuProfile.ADRENO);
        h.advanceMillis(2_000);
        String a = h.sh("dumpsys netstats");
        h.advanceMillis(1_000);
        String b = h.sh("dumpsys netstats");
        Pattern row = Pattern.compile("\nBPF map content:\n(?:.*\n)*?  mAppUidStatsMap:\n"
                + "    uid rxBytes rxPackets txBytes txPackets\n    0 \\d+ \\d+ \\d+ \\d+\n    1000 \\d+ \\d+ \\d+ \\d+\n"
                + "    10123 (\\d+) \\d+ (\\d+) \\d+\n    10124 1200 8 900 7\n  mStatsMapA:\n");
        java.util.regex.Matcher ma = row.matcher(a);
        java.util.regex.Matcher mb = row.matcher(b);
        assertTrue(ma.find(), a);
        assertTrue(mb.find(), b);
        // the download scenario receives 500 000 B/s and sends 20 000 B/s
        assertEquals(500_000L, Long.parseLong(mb.group(1)) - Long.parseLong(ma.group(1)));
        assertEquals(20_000L, Long.parseLong(mb.group(2)) - Long.parseLong(ma.group(2)));
        LoadTruth t = h.loads.get(h.loads.size() - 1);
        assertEquals("appUidStats", t.part());
        assertEquals(Long.parseLong(mb.group(1)), t.appRxBytes());
        assertEquals(Long.parseLong(mb.group(2)), t.appTxBytes());
        String thirteen = new SimHarness("download", 13, GpuProfile.ADRENO)
                .sh("dumpsys connectivity trafficcontroller");
        assertTrue(thirteen.startsWith("  TrafficController\n\n    mCookieTagMap status: OK\n"), thirteen);
        assertTrue(Pattern.compile("\n\n      mAppUidStatsMap::\n      uid rxBytes rxPackets txBytes txPackets\n"
                + "      0 \\d+ \\d+ \\d+ \\d+\n      1000 \\d+ \\d+ \\d+ \\d+\n      10123 \\d+ \\d+ \\d+ \\d+\n")
                .matcher(thirteen).find(), thirteen);
        assertEquals("Can't find service: netd\n", new SimHarness("download", 12, GpuProfile.ADRENO)
                .run("dumpsys netd trafficcontroller").err());
    }
}
