package io.fpsctl.android.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.android.DumpFormatException;
import org.junit.jupiter.api.Test;

/**
 * Hand-written dumps that print netd's {@code app_uid_stats_map} (docs/metrics.md 14 rule 11), from the sources:
 * Android 14/15 {@code dumpsys netstats} (Connectivity {@code NetworkStatsService.dump}: its sections in order, the
 * {@code IndentingPrintWriter} indent of two spaces, staticlibs {@code BpfDump.dumpMap}'s title, {@code "  " +
 * header} and {@code "  " + row}); Android 13 {@code dumpsys connectivity trafficcontroller} (native
 * {@code TrafficController::dump}: netdutils {@code DumpWriter} indents of two spaces, {@code dumpBpfMap}'s blank line
 * and {@code "%s:"} of {@code "mAppUidStatsMap:"}); Android 9-12 dumpsys's {@code "Can't find service: netd"}.
 */
class AppUidStatsDumpTest {
    /** The parts of a 14 dump around the map; the history sections are cut to a line each. */
    static final String NETSTATS_14 = "Directory:\n"
            + "  /data/misc/apexdata/com.android.tethering/netstats\n"
            + "Configs:\n"
            + "  netstats_combine_subtype_enabled=false\n"
            + "Active interfaces:\n"
            + "  iface=wlan0 ident=[{type=1, ratType=COMBINED, wifiNetworkKey=\"home\", metered=false}]\n"
            + "Dev stats:\n"
            + "  Pending bytes: \n"
            + "  History since boot:\n"
            + "Xt stats:\n"
            + "  Pending bytes: 91234\n"
            + "\n"
            + "BPF map status:\n"
            + "  mCookieTagMap: OK\n"
            + "  mUidCounterSetMap: OK\n"
            + "  mAppUidStatsMap: OK\n"
            + "  mStatsMapA: OK\n"
            + "  mStatsMapB: OK\n"
            + "  mIfaceStatsMap: OK\n"
            + "\n"
            + "BPF map content:\n"
            + "  mCookieTagMap:\n"
            + "    cookie=8231 tag=0x0 uid=10123\n"
            + "  mUidCounterSetMap:\n"
            + "    uid=10123 set=1\n"
            + "  mAppUidStatsMap:\n"
            + "    uid rxBytes rxPackets txBytes txPackets\n"
            + "    0 5234 40 2345 30\n"
            + "    1000 734512 901 88123 650\n"
            + "    10123 18500000 13100 740000 5200\n"
            + "    10124 1200 8 900 7\n"
            + "  mStatsMapA:\n"
            + "    ifaceIndex ifaceName tag_hex uid_int cnt_set rxBytes rxPackets txBytes txPackets\n"
            + "    30 wlan0 0x0 10123 1 18500000 13100 740000 5200\n"
            + "  mStatsMapB:\n"
            + "    ifaceIndex ifaceName tag_hex uid_int cnt_set rxBytes rxPackets txBytes txPackets\n"
            + "  mIfaceStatsMap:\n"
            + "    ifaceIndex ifaceName rxBytes rxPackets txBytes txPackets\n"
            + "    30 wlan0 19500000 14000 830000 5900\n"
            + "\n"
            + "SkDestroyListener logs:\n";

    /** Android 13's verbose TrafficController dump, the map statuses and programs cut to a line each. */
    static final String TRAFFICCONTROLLER_13 = "  TrafficController\n"
            + "\n"
            + "    mCookieTagMap status: OK\n"
            + "    mAppUidStatsMap status: OK\n"
            + "\n"
            + "    Cgroup ingress program status: OK\n"
            + "\n"
            + "    BPF map content:\n"
            + "\n"
            + "      mCookieTagMap:\n"
            + "      cookie=8231 tag=0x0 uid=10123\n"
            + "\n"
            + "      mUidCounterSetMap:\n"
            + "      10123 1\n"
            + "\n"
            + "      mAppUidStatsMap::\n"
            + "      uid rxBytes rxPackets txBytes txPackets\n"
            + "      1000 734512 901 88123 650\n"
            + "      10123 18500000 13100 740000 5200\n"
            + "\n"
            + "      mStatsMapA:\n"
            + "      ifaceIndex ifaceName tag_hex uid_int cnt_set rxBytes rxPackets txBytes txPackets\n"
            + "      30 wlan0 0x0 10123 1 18500000 13100 740000 5200\n";

    @Test
    void android14NetstatsTheAppsRow() {
        AppUidStatsDump.Reading r = AppUidStatsDump.parse(NETSTATS_14, 10123, "dumpsys netstats");
        assertEquals(new QtaguidStats.Bytes(10123, 18_500_000L, 740_000L), r.bytes());
        assertNull(r.reason());
        // another app's row is its own, never ours; an app uid with no row sent and received nothing: a real 0
        assertEquals(1200L, AppUidStatsDump.parse(NETSTATS_14, 10124, "dumpsys netstats").bytes().rx());
        assertEquals(new QtaguidStats.Bytes(10999, 0, 0),
                AppUidStatsDump.parse(NETSTATS_14, 10999, "dumpsys netstats").bytes());
    }

    @Test
    void android13TrafficControllerTheAppsRow() {
        AppUidStatsDump.Reading r = AppUidStatsDump.parse(TRAFFICCONTROLLER_13, 10123,
                "dumpsys connectivity trafficcontroller");
        assertEquals(new QtaguidStats.Bytes(10123, 18_500_000L, 740_000L), r.bytes());
        // the StatsMapA row below (same numbers, nine fields) is not the map's
        assertEquals(new QtaguidStats.Bytes(10124, 0, 0),
                AppUidStatsDump.parse(TRAFFICCONTROLLER_13, 10124, "x").bytes());
    }

    @Test
    void aWalkRestartedByADeleteKeepsTheNewestRow() {
        String text = "BPF map content:\n  mAppUidStatsMap:\n    uid rxBytes rxPackets txBytes txPackets\n"
                + "    10123 100 1 50 1\n"
                + "  Entry is deleted while dumping, iterating from first entry\n"
                + "    10123 180 2 90 2\n"
                + "  mStatsMapA:\n";
        assertEquals(new QtaguidStats.Bytes(10123, 180, 90), AppUidStatsDump.parse(text, 10123, "x").bytes());
    }

    @Test
    void unreadableIsUnavailableNeverZero() {
        String head = "BPF map content:\n  mAppUidStatsMap:\n    uid rxBytes rxPackets txBytes txPackets\n";
        AppUidStatsDump.Reading none = AppUidStatsDump.parse(head + "    0 10 1 10 1\n    1000 5 1 5 1\n"
                + "  mStatsMapA:\n", 10123, "dumpsys netstats");
        assertNull(none.bytes());
        assertEquals("dumpsys netstats: mAppUidStatsMap lists no app uid (nothing counted)", none.reason());
        AppUidStatsDump.Reading err = AppUidStatsDump.parse(head + "    10123 10 1 10 1\n"
                + "  Map dump end with error: Operation not permitted\n", 10123, "dumpsys netstats");
        assertNull(err.bytes());
        assertEquals("dumpsys netstats: Map dump end with error: Operation not permitted", err.reason());
        // the map not open: dumpAppUidStatsMapLocked prints nothing
        AppUidStatsDump.Reading noMap = AppUidStatsDump.parse("BPF map status:\n  mAppUidStatsMap: NULL(map is not "
                + "pinned to /sys/fs/bpf/netd_shared/map_netd_app_uid_stats_map: No such file or directory)\n"
                + "BPF map content:\n  mCookieTagMap:\n", 10123, "dumpsys netstats");
        assertNull(noMap.bytes());
        assertTrue(noMap.reason().contains("printed no mAppUidStatsMap"), noMap.reason());
        AppUidStatsDump.Reading gone = AppUidStatsDump.parse("Can't find service: netd\n", 10123,
                "dumpsys netd trafficcontroller");
        assertEquals("dumpsys netd trafficcontroller: no such service", gone.reason());
        // frameworks/base DumpUtils.checkDumpPermission's text, for a shell without DUMP
        assertTrue(AppUidStatsDump.parse("Permission Denial: can't dump NetworkStats from from pid=4242, uid=2000 "
                + "due to missing android.permission.DUMP permission\n", 10123, "dumpsys netstats").reason()
                .startsWith("dumpsys netstats: Permission Denial"));
    }

    @Test
    void perVersionCommand() {
        assertNull(AppUidStatsDump.command(32));
        assertEquals("dumpsys connectivity trafficcontroller", AppUidStatsDump.command(33));
        assertEquals("dumpsys netstats", AppUidStatsDump.command(34));
        assertEquals("dumpsys netstats", AppUidStatsDump.command(36));
        assertTrue(ResourceProbe.of(4000, 34, false, false, true, "com.example.feed").command()
                .contains("echo " + ResourceProbe.MARKER + " app_uid_stats ; dumpsys netstats 2>&1"));
        assertTrue(!ResourceProbe.of(4000, 32, false, false, true, "com.example.feed").command()
                .contains("trafficcontroller"));
    }

    /** In the batch: the uid is the app network part's Uid: line; netd's rule says eBPF. */
    @Test
    void inTheBatch() throws DumpFormatException {
        String m = ResourceProbe.MARKER + " ";
        String base = m + "uptime\n600.00 4000.00\n" + m + "net_rule\n34\n6.1.25-android14\n"
                + m + "app_net\nUid:\t10123\t10123\t10123\t10123\n"
                + "cat: /proc/net/xt_qtaguid/stats: No such file or directory\n"
                + m + "device_net\n" + DeviceLoadPartsTest.NET_DEV;
        ResourceSample s = ResourceProbe.of(4000, 34, false, false, true, "com.example.feed")
                .parse(base + m + "app_uid_stats\n" + NETSTATS_14);
        assertEquals(new QtaguidStats.Bytes(10123, 18_500_000L, 740_000L), s.appNet());
        assertNull(s.netReason());
        ResourceSample t = ResourceProbe.of(4000, 33, false, false, true, "com.example.feed")
                .parse(base.replace("34\n6.1", "33\n5.10") + m + "app_uid_stats\n" + TRAFFICCONTROLLER_13);
        assertEquals(18_500_000L, t.appNet().rx());
        ResourceSample none = ResourceProbe.of(4000, 34, false, false, true, "com.example.feed")
                .parse(base + m + "app_uid_stats\nBPF map content:\n");
        assertNull(none.appNet());
        assertTrue(none.missing().contains("app network: " + none.netReason()), none.missing()::toString);
        // Android 12 on eBPF: not asked, and the reason says why
        ResourceSample twelve = ResourceProbe.of(4000, 31, false, false, true, "com.example.feed")
                .parse(base.replace("34\n6.1", "31\n5.4"));
        assertNull(twelve.appNet());
        assertTrue(twelve.netReason().contains("eBPF maps the shell cannot read"), twelve::netReason);
    }
}
