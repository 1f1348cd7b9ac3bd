package io.fpsctl.android.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.android.DumpFormatException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hand-written outputs of the GPU, power and network reads (docs/metrics.md 14), each written from the source that
 * prints it (cited in the parser's comment): kgsl's {@code "%7d %7d\n"} and {@code "%d\n"}, the Exynos Mali
 * attributes' {@code "%d\n"}, power_supply's {@code "%d\n"} and status words, {@code /proc/net/dev}'s
 * {@code "%6s: %7llu %7llu %4llu %4llu %4llu %5llu %10llu %9llu %8llu %7llu %4llu %4llu %4llu %5llu %7llu %10llu"}
 * rows under its two header lines (net-procfs.c {@code dev_seq_printf_stats}, 3.4 to 6.x), xt_qtaguid's named
 * header and rows; {@code grep -H}
 * prefixes {@code <path>:} and toybox prints {@code grep: <path>: <strerror>} for a file it cannot open.
 */
class DeviceLoadPartsTest {
    private static final String K = "/sys/class/kgsl/kgsl-3d0/";
    private static final String MALI = "/sys/class/misc/mali0/device/";
    private static final String BAT = "/sys/class/power_supply/battery/";
    private static final String NO_MALI = "grep: " + MALI + "utilization: No such file or directory\n"
            + "grep: " + MALI + "clock: No such file or directory\n";
    private static final String NO_KGSL = "grep: " + K + "gpubusy: No such file or directory\n"
            + "grep: " + K + "gpuclk: No such file or directory\n";

    static final String NET_DEV = "Inter-|   Receive                                                |  Transmit\n"
            + " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls"
            + " carrier compressed\n"
            + "    lo:  123456     789    0    0    0     0          0         0   123456     789    0    0    0     0"
            + "       0          0\n"
            + " wlan0: 98765432   70000    0    2    0     0          0       100  4567890   30000    0    0    0     0"
            + "       0          0\n"
            + "rmnet_data0:    1000      10    0    0    0     0          0         0     2000      12    0    0    0"
            + "     0       0          0\n";

    static final String QTAGUID_HEADER = "idx iface acct_tag_hex uid_tag_int cnt_set rx_bytes rx_packets tx_bytes"
            + " tx_packets rx_tcp_bytes rx_tcp_packets rx_udp_bytes rx_udp_packets rx_other_bytes rx_other_packets"
            + " tx_tcp_bytes tx_tcp_packets tx_udp_bytes tx_udp_packets tx_other_bytes tx_other_packets\n";

    private static String q(int idx, String iface, String tag, int uid, int set, long rx, long tx) {
        return idx + " " + iface + " " + tag + " " + uid + " " + set + " " + rx + " 10 " + tx + " 8 " + rx
                + " 10 0 0 0 0 " + tx + " 8 0 0 0 0\n";
    }

    @Test
    void adrenoBusyAndClock() throws DumpFormatException {
        GpuSysfs.Reading r = GpuSysfs.parse(K + "gpubusy: 412345 1000000\n" + K + "gpuclk:585000000\n" + NO_MALI);
        assertEquals("kgsl", r.driver());
        assertEquals(41.2345, r.loadPercent(), 1e-9);
        assertEquals(585.0, r.mhz(), 1e-9);
        assertNull(r.reason());
        // bus off: kgsl resets both to 0: an idle GPU, not an unknown one
        GpuSysfs.Reading idle = GpuSysfs.parse(K + "gpubusy:      0       0\n" + K + "gpuclk:257000000\n");
        assertEquals(0.0, idle.loadPercent());
    }

    @Test
    void maliUtilisationAndClock() throws DumpFormatException {
        GpuSysfs.Reading r = GpuSysfs.parse(NO_KGSL + MALI + "utilization:87\n" + MALI + "clock:702\n");
        assertEquals("mali", r.driver());
        assertEquals(87.0, r.loadPercent());
        assertEquals(702.0, r.mhz());
        GpuSysfs.Reading off = GpuSysfs.parse(NO_KGSL + MALI + "utilization:-1\n" + MALI + "clock:0\n");
        assertNull(off.loadPercent());
        assertNull(off.mhz());
        assertTrue(off.reason().contains("-1"), off.reason());
        // newer Exynos drivers print kHz (gpex_clock_get_clock_slow): 848 000 kHz is 848 MHz, not 848 000 MHz
        assertEquals(848.0, GpuSysfs.parse(NO_KGSL + MALI + "utilization:40\n" + MALI + "clock:848000\n").mhz());
    }

    @Test
    void aFuelGaugeThatPrintsMilliampsIsReadAsMilliamps() throws DumpFormatException {
        // Samsung phones print mA in current_now (home-assistant/android #2846): 450 mA at 3.85 V is 1732.5 mW
        PowerSupply.Reading ma = PowerSupply.parse(BAT + "status:Discharging\n" + BAT + "current_now:-450\n"
                + BAT + "voltage_now:3850000\n");
        assertEquals(1732.5, ma.drainMw(), 1e-9);
        assertEquals(-1, ma.dischargeSign());
    }

    @Test
    void closedNodesSayPermissionDeniedAndNoNodeSaysSo() throws DumpFormatException {
        GpuSysfs.Reading r = GpuSysfs.parse("grep: " + K + "gpubusy: Permission denied\n"
                + "grep: " + K + "gpuclk: Permission denied\n" + NO_MALI);
        assertNull(r.driver());
        assertNull(r.loadPercent());
        assertNull(r.mhz());
        assertEquals(K + "gpubusy: Permission denied", r.reason());
        assertEquals("no kgsl or Mali GPU node on this device", GpuSysfs.parse(NO_KGSL + NO_MALI).reason());
        assertThrows(DumpFormatException.class, () -> GpuSysfs.parse(K + "gpubusy:900 100\n"));
        assertThrows(DumpFormatException.class, () -> GpuSysfs.parse(K + "gpuclk:fast\n"));
    }

    @Test
    void batteryDrainFromStatusNotFromTheSign() throws DumpFormatException {
        // kernel ABI convention: negative while discharging
        PowerSupply.Reading abi = PowerSupply.parse(BAT + "status:Discharging\n" + BAT + "current_now:-412000\n"
                + BAT + "voltage_now:3871000\n");
        assertEquals(412000.0 * 3871000 / 1e9, abi.drainMw(), 1e-9); // 1594.852 mW
        assertEquals(-1, abi.dischargeSign());
        // a vendor gauge that reports discharge as positive: the same drain
        PowerSupply.Reading vendor = PowerSupply.parse(BAT + "status:Discharging\n" + BAT + "current_now:412000\n"
                + BAT + "voltage_now:3871000\n");
        assertEquals(1594.852, vendor.drainMw(), 1e-9);
        assertEquals(1, vendor.dischargeSign());
        // on USB: charging, no drain (never a negative one)
        PowerSupply.Reading usb = PowerSupply.parse(BAT + "status:Charging\n" + BAT + "current_now:1500000\n"
                + BAT + "voltage_now:4200000\n");
        assertTrue(usb.externalPower());
        assertNull(usb.drainMw());
        assertTrue(PowerSupply.parse(BAT + "status:Not charging\n" + BAT + "current_now:0\n"
                + BAT + "voltage_now:4350000\n").externalPower());
        PowerSupply.Reading denied = PowerSupply.parse(BAT + "status:Discharging\n"
                + "grep: " + BAT + "current_now: Permission denied\n" + BAT + "voltage_now:3871000\n");
        assertNull(denied.drainMw());
        assertEquals(BAT + "current_now: Permission denied", denied.reason());
    }

    @Test
    void procNetDevAddsEveryInterfaceButLoopback() throws DumpFormatException {
        assertEquals(new ProcNetDev.Bytes(98765432L + 1000, 4567890L + 2000), ProcNetDev.parse(NET_DEV));
        assertThrows(DumpFormatException.class, () -> ProcNetDev.parse(" wlan0: 1 2 3\n"));
    }

    /**
     * A phone on mobile data with 464xlat and a VPN, rows written by hand from {@code dev_seq_printf_stats}' format:
     * wlan0 and rmnet_data0 carry the traffic; v4-rmnet_data0 (clat) repeats part of rmnet_data0, rmnet_ipa0 is
     * rmnet_data0 again with its framing, tun0 (VPN) and ipsec1 repeat part of wlan0, ifb0 a shaped copy, lo is the
     * phone talking to itself: only wlan0 + rmnet_data0 count (docs/metrics.md 14 rule 1).
     */
    @Test
    void procNetDevCountsEachByteOnceLeavingStackedInterfacesOut() throws DumpFormatException {
        String text = NET_DEV.substring(0, NET_DEV.indexOf("    lo:"))
                + "    lo:  123456     789    0    0    0     0          0         0   123456     789    0    0    0     0"
                + "       0          0\n"
                + " wlan0: 5000000    4000    0    0    0     0          0        12   600000    3000    0    0    0     0"
                + "       0          0\n"
                + "  tun0: 3000000    2500    0    0    0     0          0         0   400000    2100    0    0    0     0"
                + "       0          0\n"
                + "ipsec1:   10000      10    0    0    0     0          0         0    10000      10    0    0    0     0"
                + "       0          0\n"
                + "rmnet_ipa0: 2100000    1600    0    0    0     0          0         0   310000    1300    0    0    0"
                + "     0       0          0\n"
                + "rmnet_data0: 2000000    1500    0    0    0     0          0         0   300000    1200    0    0"
                + "    0     0       0          0\n"
                + "v4-rmnet_data0: 1500000    1100    0    0    0     0          0         0   200000     900    0    0"
                + "    0     0       0          0\n"
                + "  ifb0:   50000      40    0    0    0     0          0         0    50000      40    0    0    0     0"
                + "       0          0\n";
        assertEquals(new ProcNetDev.Bytes(5_000_000L + 2_000_000L, 600_000L + 300_000L), ProcNetDev.parse(text));
        assertTrue(ProcNetDev.leftOut("v4-wlan0", false) && ProcNetDev.leftOut("tun1", false)
                && ProcNetDev.leftOut("rmnet_mhi0", true));
        assertFalse(ProcNetDev.leftOut("wlan0", true) || ProcNetDev.leftOut("rmnet_data3", true)
                || ProcNetDev.leftOut("ccmni0", true) || ProcNetDev.leftOut("rmnet_mhi0", false));
    }

    /**
     * The modem's transport device is left out only beside an {@code rmnet_data*} row (an inferred rule: it must
     * never drop the only copy): a phone whose IP interface is {@code rmnet_ipa0} itself (raw IP, nothing muxed on
     * top) counts it; with {@code rmnet_data0} listed it is the same bytes again.
     */
    @Test
    void modemTransportIsCountedWhenItIsTheOnlyCopy() throws DumpFormatException {
        String head = NET_DEV.substring(0, NET_DEV.indexOf("    lo:"));
        String ipa = "rmnet_ipa0: 2100000    1600    0    0    0     0          0         0   310000    1300    0    0    0"
                + "     0       0          0\n";
        String mhi = "rmnet_mhi0:   40000      30    0    0    0     0          0         0     5000      20    0    0    0"
                + "     0       0          0\n";
        String wlan = " wlan0: 5000000    4000    0    0    0     0          0        12   600000    3000    0    0    0     0"
                + "       0          0\n";
        assertEquals(new ProcNetDev.Bytes(5_000_000L + 2_100_000L + 40_000L, 600_000L + 310_000L + 5_000L),
                ProcNetDev.parse(head + ipa + wlan + mhi));
        String data = "rmnet_data0: 2000000    1500    0    0    0     0          0         0   300000    1200    0    0"
                + "    0     0       0          0\n";
        assertEquals(new ProcNetDev.Bytes(5_000_000L + 2_000_000L, 600_000L + 300_000L),
                ProcNetDev.parse(head + ipa + wlan + mhi + data));
    }

    /**
     * Old kernels' {@code "%6s:%8lu %7lu …"} (2.6.0 {@code net/core/dev.c}): once a counter has 8 digits it touches
     * the colon; such a row is read the same.
     */
    @Test
    void procNetDevReadsTheOldRowWithNoSpaceAfterTheColon() throws DumpFormatException {
        String text = NET_DEV.substring(0, NET_DEV.indexOf("    lo:"))
                + " wlan0:10060000    8383    0    0    0     0          0         0   250000     277    0    0    0     0"
                + "       0          0\n"
                + "rmnet0:     512       4    0    0    0     0          0         0      256       2    0    0    0     0"
                + "       0          0\n";
        assertEquals(new ProcNetDev.Bytes(10_060_000L + 512, 250_000L + 256), ProcNetDev.parse(text));
        assertThrows(DumpFormatException.class, () -> ProcNetDev.parse(":  1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n"));
    }

    /**
     * netd's rule (system/netd {@code BpfUtils.cpp getBpfSupportLevel}): API level from
     * {@code ro.product.first_api_level}, else {@code ro.build.version.sdk}; below 28 xt_qtaguid whatever the kernel;
     * from 28 eBPF on a 4.9+ kernel, xt_qtaguid below. Cases written by hand from that code.
     */
    @Test
    void trafficAccountingFollowsNetdsRule() {
        // launched with 9 on 4.9: eBPF
        assertTrue(TrafficAccounting.of("28\n4.9.124-g1a2b3c\n", 28).ebpf());
        // a Pixel 2 upgraded to 11: launched with 8.0 (26) on 4.4: xt_qtaguid on Android 11
        TrafficAccounting.Choice pixel2 = TrafficAccounting.of("26\n4.4.223-g5e1f\n", 30);
        assertFalse(pixel2.ebpf());
        assertEquals("first API level 26, kernel 4.4.223-g5e1f", pixel2.seen());
        // launched with 9 on 4.4: xt_qtaguid; launched with 8.1 on 4.9: xt_qtaguid
        assertFalse(TrafficAccounting.of("28\n4.4.153\n", 28).ebpf());
        assertFalse(TrafficAccounting.of("27\n4.9.65\n", 29).ebpf());
        // first_api_level unset (getprop's empty line): the sdk decides
        assertTrue(TrafficAccounting.of("\n4.14.117\n", 29).ebpf());
        assertFalse(TrafficAccounting.of("\n3.18.31\n", 25).ebpf());
        assertEquals("no first API level, API level 25, kernel 3.18.31",
                TrafficAccounting.of("\n3.18.31\n", 25).seen());
        // 5.x and later: eBPF; 4.10 is above 4.9 (compared as numbers, not text)
        assertTrue(TrafficAccounting.of("33\n5.10.107\n", 33).ebpf());
        assertTrue(TrafficAccounting.of("29\n4.10.0\n", 29).ebpf());
        // below 28 netd never looks at the kernel: known without it
        assertFalse(TrafficAccounting.of("27\n/system/bin/sh: uname: inaccessible or not found\n", 27).ebpf());
        // from 28 without a kernel release: unknown
        assertNull(TrafficAccounting.of("28\n/system/bin/sh: uname: inaccessible or not found\n", 28));
        assertEquals("uname -r printed \"/system/bin/sh: uname: inaccessible or not found\"",
                TrafficAccounting.unreadKernel("28\n/system/bin/sh: uname: inaccessible or not found\n"));
    }

    @Test
    void qtaguidThatCountsNoAppIsNotCountingNotZero() throws DumpFormatException {
        String uid = "Uid:\t10123\t10123\t10123\t10123\n";
        // the header alone: the 3.10+ seq_file version prints it from qtaguid_stats_proc_start/_show when no entry
        // was made (no -m owner --socket-exists rules, as on an eBPF-era Android 9 phone)
        String headerOnly = uid + QTAGUID_HEADER;
        assertEquals(new QtaguidStats.Bytes(10123, 0, 0), QtaguidStats.parse(headerOnly));
        assertEquals("xt_qtaguid counts no app's traffic (no row for any app uid, 10000 or more)",
                QtaguidStats.notCounting(headerOnly));
        // only the system's rows (uid 0, 1000), both counter sets per entry as pp_sets prints them: no app counted
        String systemOnly = headerOnly + q(2, "wlan0", "0x0", 0, 0, 5000, 6000) + q(3, "wlan0", "0x0", 0, 1, 0, 0)
                + q(4, "wlan0", "0x0", 1000, 0, 10, 20) + q(5, "wlan0", "0x0", 1000, 1, 0, 0);
        assertTrue(QtaguidStats.notCounting(systemOnly).startsWith("xt_qtaguid counts no app's traffic"));
        // another app is counted: this app's 0 is a real 0
        String other = q(6, "wlan0", "0x0", 10124, 0, 0, 0) + q(7, "wlan0", "0x0", 10124, 1, 77777, 7777);
        assertNull(QtaguidStats.notCounting(systemOnly + other));
        // 3.4-era qtaguid_stats_proc_read with module_passive prints nothing at all: unavailable, not an error
        assertEquals("/proc/net/xt_qtaguid/stats: empty (not even its header)", QtaguidStats.unreadable(uid));

        String m = ResourceProbe.MARKER + " ";
        ResourceProbe probe = ResourceProbe.of(4000, 28, false, false, true, "com.example.feed");
        // netd's rule cannot be read (no uname): the file alone decides, and the reason says what was seen
        String noUname = m + "net_rule\n28\n/system/bin/sh: uname: inaccessible or not found\n";
        ResourceSample s = probe.parse(m + "uptime\n600.00 4000.00\n" + noUname + m + "app_net\n" + systemOnly
                + m + "device_net\n" + NET_DEV);
        assertNull(s.appNet());
        assertEquals("xt_qtaguid counts no app's traffic (no row for any app uid, 10000 or more) (netd's choice "
                + "unknown: uname -r printed \"/system/bin/sh: uname: inaccessible or not found\")", s.netReason());
        assertTrue(s.missing().contains("app network: " + s.netReason()), s.missing()::toString);
        ResourceSample counted = probe.parse(m + "uptime\n600.00 4000.00\n" + noUname + m + "app_net\n" + systemOnly
                + other + m + "device_net\n" + NET_DEV);
        assertEquals(new QtaguidStats.Bytes(10123, 0, 0), counted.appNet());
        assertNull(counted.netReason());
        // netd's rule says eBPF (launched with 9 on 4.9): unavailable whatever the file holds, saying why
        ResourceSample ebpf = probe.parse(m + "uptime\n600.00 4000.00\n" + m + "net_rule\n28\n4.9.124-g1\n"
                + m + "app_net\n" + systemOnly + other + m + "device_net\n" + NET_DEV);
        assertNull(ebpf.appNet());
        assertEquals("per-app bytes need xt_qtaguid; this phone counts them with eBPF maps the shell cannot read "
                + "(netd getBpfSupportLevel: first API level 28, kernel 4.9.124-g1)", ebpf.netReason());
        // netd's rule says xt_qtaguid but the file counts no app: unavailable, both said
        ResourceSample quiet = probe.parse(m + "uptime\n600.00 4000.00\n" + m + "net_rule\n28\n4.4.153\n"
                + m + "app_net\n" + systemOnly + m + "device_net\n" + NET_DEV);
        assertEquals("xt_qtaguid counts no app's traffic (no row for any app uid, 10000 or more) although netd "
                + "would count with it (first API level 28, kernel 4.4.153)", quiet.netReason());
    }

    /**
     * An Android 11 phone launched with 8.0 on kernel 4.4 (a Pixel 2 on its last update) keeps xt_qtaguid: the app's
     * bytes are read from the file, not declared unavailable for its version.
     */
    @Test
    void upgradedAndroid11PhoneKeepsXtQtaguid() throws DumpFormatException {
        String m = ResourceProbe.MARKER + " ";
        ResourceProbe probe = ResourceProbe.of(4000, 30, false, false, true, "com.example.feed");
        assertTrue(probe.command().contains("cat /proc/net/xt_qtaguid/stats"), probe.command());
        ResourceSample s = probe.parse(m + "uptime\n600.00 4000.00\n" + m + "net_rule\n26\n4.4.223-g5e1f\n"
                + m + "app_net\nUid:\t10123\t10123\t10123\t10123\n" + QTAGUID_HEADER
                + q(2, "wlan0", "0x0", 10123, 0, 300, 40) + q(3, "wlan0", "0x0", 10123, 1, 9000, 700)
                + m + "device_net\n" + NET_DEV);
        assertEquals(new QtaguidStats.Bytes(10123, 9300, 740), s.appNet());
        assertNull(s.netReason());
    }

    /**
     * netd's rule is read by the run's first batch only: the next probes leave out {@code getprop} and {@code uname}
     * and decide with the text the first one printed (first API level and kernel do not change while the phone runs).
     */
    @Test
    void netdRuleIsReadOncePerRun() throws DumpFormatException {
        String m = ResourceProbe.MARKER + " ";
        ResourceProbe first = ResourceProbe.of(4000, 30, false, false, true, "com.example.feed");
        assertTrue(first.command().contains(TrafficAccounting.COMMAND), first.command());
        String out = m + "uptime\n600.00 4000.00\n" + m + "net_rule\n28\n4.9.124-g1\n"
                + m + "app_net\nUid:\t10123\t10123\t10123\t10123\n" + m + "device_net\n" + NET_DEV;
        String rule = first.netRuleText(out);
        assertEquals("28\n4.9.124-g1\n", rule);
        ResourceProbe next = ResourceProbe.of(4000, 30, false, false, true, "com.example.feed", rule);
        assertFalse(next.command().contains("getprop"), next.command());
        assertFalse(next.command().contains("uname"), next.command());
        ResourceSample s = next.parse(m + "uptime\n601.00 4001.00\n"
                + m + "app_net\nUid:\t10123\t10123\t10123\t10123\n" + m + "device_net\n" + NET_DEV);
        assertEquals("per-app bytes need xt_qtaguid; this phone counts them with eBPF maps the shell cannot read "
                + "(netd getBpfSupportLevel: first API level 28, kernel 4.9.124-g1)", s.netReason());
        assertEquals(rule, next.netRuleText("anything"));
        // a batch whose rule printed nothing hands nothing on: the next one reads it again
        assertNull(first.netRuleText(m + "uptime\n600.00 4000.00\n" + m + "net_rule\n\n"));
    }

    /**
     * Per-app rows are NOT filtered like /proc/net/dev: Android charges an app's VPN bytes to it on {@code tun0} and
     * its 464xlat bytes on {@code v4-*} (NetworkStats.migrateTun, apply464xlatAdjustments), so they are its own.
     */
    @Test
    void qtaguidCountsTheAppOnStackedInterfaces() throws DumpFormatException {
        String text = "Uid:\t10123\t10123\t10123\t10123\n" + QTAGUID_HEADER
                + q(2, "wlan0", "0x0", 10123, 0, 0, 0) + q(3, "wlan0", "0x0", 10123, 1, 6000, 600)
                + q(4, "wlan0", "0x0", 10200, 0, 0, 0) + q(5, "wlan0", "0x0", 10200, 1, 2100, 220)
                + q(6, "tun0", "0x0", 10123, 0, 0, 0) + q(7, "tun0", "0x0", 10123, 1, 2000, 200)
                + q(8, "v4-rmnet_data0", "0x0", 10123, 0, 0, 0) + q(9, "v4-rmnet_data0", "0x0", 10123, 1, 500, 50);
        assertEquals(new QtaguidStats.Bytes(10123, 6000 + 2000 + 500, 600 + 200 + 50), QtaguidStats.parse(text));
    }

    @Test
    void qtaguidCountsTheAppsUntaggedRowsOnly() throws DumpFormatException {
        String text = "Uid:\t10123\t10123\t10123\t10123\n" + QTAGUID_HEADER
                + q(2, "wlan0", "0x0", 0, 0, 5000, 6000)
                + q(3, "wlan0", "0x0", 10123, 0, 1000, 200)
                + q(4, "wlan0", "0x0", 10123, 1, 800000, 30000)
                + q(5, "wlan0", "0xffffff0100000000", 10123, 1, 700000, 20000) // tagged: counted again above
                + q(6, "rmnet_data0", "0x0", 10123, 1, 4000, 300)
                + q(7, "lo", "0x0", 10123, 1, 999, 999)
                + q(8, "wlan0", "0x0", 10124, 1, 77777, 7777);
        assertEquals(new QtaguidStats.Bytes(10123, 1000 + 800000 + 4000, 200 + 30000 + 300), QtaguidStats.parse(text));
        assertNull(QtaguidStats.unreadable(text));
        assertEquals("/proc/net/xt_qtaguid/stats: No such file or directory", QtaguidStats.unreadable(
                "Uid:\t10123\t10123\t10123\t10123\ncat: /proc/net/xt_qtaguid/stats: No such file or directory\n"));
    }

    @Test
    void batchReadsThemOnlyWhenAskedWithNetdsRuleBeforeQtaguid() {
        assertFalse(ResourceProbe.of(4000, 26, false, false, "com.example.feed").command().contains("kgsl"));
        String eight = ResourceProbe.of(4000, 26, false, false, true, "com.example.feed").command();
        assertTrue(eight.endsWith(" ; echo @@fpsctl-resource@@ gpu ; grep -H . " + K + "gpubusy " + K + "gpuclk "
                + MALI + "utilization " + MALI + "clock 2>&1"
                + " ; echo @@fpsctl-resource@@ power ; grep -H . " + BAT + "status " + BAT + "current_now "
                + BAT + "voltage_now 2>&1"
                + " ; echo @@fpsctl-resource@@ net_rule ; getprop ro.product.first_api_level 2>&1 ; uname -r 2>&1"
                + " ; echo @@fpsctl-resource@@ app_net ; grep ^Uid: /proc/4000/status 2>&1 ; "
                + "cat /proc/net/xt_qtaguid/stats 2>&1"
                + " ; echo @@fpsctl-resource@@ device_net ; cat /proc/net/dev 2>&1"), eight);
    }

    @Test
    void android14ClosedGpuChargingNoAppBytes() throws DumpFormatException {
        String m = ResourceProbe.MARKER + " ";
        String out = m + "uptime\n600.00 4000.00\n"
                + m + "process\n" + "4000 (om.example.feed) S 601 601 0 0 -1 1077952832 41235 0 612 0 12 3 0 0 10 -10"
                + " 52 0 81234 15203987456 35612 18446744073709551615 1 1 0 0 0 0 4612 1 1073775868 0 0 0 17 4 0 0"
                + " 0 0 0 0 0 0 0 0 0 0 0\n"
                + m + "threads\n"
                + m + "cpus\ncpu  1000 20 300 8000 100 10 5 0 0 0\n"
                + m + "frequencies\n"
                + m + "rss\nVmRSS:\t   91020 kB\n"
                + m + "gpu\ngrep: " + K + "gpubusy: Permission denied\ngrep: " + K + "gpuclk: Permission denied\n"
                + NO_MALI
                + m + "power\n" + BAT + "status:Charging\n" + BAT + "current_now:1500000\n" + BAT + "voltage_now:4200000\n"
                + m + "net_rule\n34\n5.15.110-android14\n"
                + m + "app_net\nUid:\t10123\t10123\t10123\t10123\ncat: /proc/net/xt_qtaguid/stats: No such file or "
                + "directory\n"
                + m + "device_net\n" + NET_DEV
                // docs/metrics.md 14 rule 11: netstats' dump without the map (BpfDump.dumpMapStatus: not pinned)
                + m + "app_uid_stats\nBPF map status:\n  mAppUidStatsMap: NULL(map is not pinned to "
                + "/sys/fs/bpf/netd_shared/map_netd_app_uid_stats_map: No such file or directory)\n\n"
                + "BPF map content:\n  mCookieTagMap:\n";
        ResourceSample s = ResourceProbe.of(4000, 34, false, false, true, "com.example.feed").parse(out);
        assertNull(s.gpu().loadPercent());
        assertEquals(K + "gpubusy: Permission denied", s.gpu().reason());
        assertTrue(s.power().externalPower());
        assertNull(s.appNet());
        assertEquals("dumpsys netstats printed no mAppUidStatsMap (the map is not open: see its \"mAppUidStatsMap\" "
                + "status line)", s.netReason());
        assertEquals(new ProcNetDev.Bytes(98766432L, 4569890L), s.deviceNet());
        assertTrue(s.missing().contains("gpu: " + K + "gpubusy: Permission denied"), s.missing().toString());
        assertTrue(s.missing().contains("app network: " + s.netReason()), s.missing().toString());
    }
}
