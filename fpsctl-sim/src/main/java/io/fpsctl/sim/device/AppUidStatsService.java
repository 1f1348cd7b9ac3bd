package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.TimeSource;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The services that print netd's {@code app_uid_stats_map} (docs/metrics.md 14 rule 11), each only around that map:
 * <ul>
 *   <li>Android 14+: {@code dumpsys netstats} (packages/modules/Connectivity {@code service-t/.../
 *       NetworkStatsService.java dump}, lineage-21.0/22.0): the {@code "BPF map status:"} lines
 *       ({@code BpfDump.dumpMapStatus}: {@code "<name>: OK"}), a blank line, {@code "BPF map content:"}, then under
 *       the {@code IndentingPrintWriter}'s two spaces each map as {@code BpfDump.dumpMap} prints it (title
 *       {@code "<name>:"}, {@code "  " + header}, {@code "  " + row}): mCookieTagMap, mUidCounterSetMap,
 *       mAppUidStatsMap ({@code uid rxBytes rxPackets txBytes txPackets}), mStatsMapA, mStatsMapB, mIfaceStatsMap,
 *       then a blank line and {@code "SkDestroyListener logs:"}. The sections before (Directory, Configs, interfaces,
 *       the recorders' history) are not simulated: fpsctl reads none of them.</li>
 *   <li>Android 13: {@code dumpsys connectivity trafficcontroller} (ConnectivityService {@code doDump} →
 *       {@code BpfNetMaps.dump} → {@code service/native/TrafficController.cpp dump}, lineage-20.0): netdutils
 *       {@code DumpWriter}'s two-space indents, {@code "TrafficController"}, the map statuses
 *       ({@code "%s status: OK"}), {@code "BPF map content:"}, and per map {@code dumpBpfMap}'s blank line and
 *       {@code "%s:"} (so {@code "mAppUidStatsMap::"}), its header and {@code "%u %llu %llu %llu %llu"} rows. Other
 *       connectivity arguments: nothing (not simulated).</li>
 *   <li>Android 9 to 12: netd alone prints it, and SELinux lets no shell find {@code netd_service} (system/sepolicy
 *       {@code public/shell.te}, {@code public/netd.te} neverallow): no {@code netd} service here, so
 *       {@link Dumpsys} answers {@code "Can't find service: netd"} as dumpsys does when servicemanager refuses.</li>
 * </ul>
 * Rows: root 0 and system 1000 (fixed, inferred), the app 10123 ({@link DeviceLoadFiles#appBytes}: the same bytes
 * xt_qtaguid counts for it; the app has no loopback traffic here, which the real map would count), another app 10124.
 * Packets are inferred (1 200 B a received packet, 900 a sent one). Each dump records the app's bytes
 * ({@link LoadTruth}, part {@code appUidStats}).
 */
final class AppUidStatsService implements DumpsysService {
    private static final long SECOND = 1_000_000_000L;
    private static final String HEADER = "uid rxBytes rxPackets txBytes txPackets";
    private static final String STATS_HEADER = "ifaceIndex ifaceName tag_hex uid_int cnt_set rxBytes rxPackets txBytes "
            + "txPackets";

    private final boolean netstats;
    private final DeviceLoadFiles load;
    private final TimeSource time;
    private final Consumer<LoadTruth> truth;

    private AppUidStatsService(boolean netstats, DeviceLoadFiles load, TimeSource time, Consumer<LoadTruth> truth) {
        this.netstats = netstats;
        this.load = load;
        this.time = time;
        this.truth = truth;
    }

    /** Puts the service that prints the map on {@code version}, if the shell can dump one. */
    static void register(Map<String, DumpsysService> services, AndroidVersion version, DeviceLoadFiles load,
                         TimeSource time, Consumer<LoadTruth> truth) {
        if (version.sdk() >= 34) {
            services.put("netstats", new AppUidStatsService(true, load, time, truth));
        } else if (version.sdk() == 33) {
            services.put("connectivity", new AppUidStatsService(false, load, time, truth));
        }
    }

    @Override
    public String dump(List<String> args) {
        if (!netstats && !args.contains("trafficcontroller")) {
            return "";
        }
        long now = time.nanoTime();
        long[] app = load.appBytes(now);
        long s = now / SECOND;
        long[][] rows = {
            {0, 5_234 + 40 * s, 40 + s / 25, 2_345 + 30 * s, 30 + s / 25},
            {1_000, 734_512 + 1_500 * s, 901 + s, 88_123 + 400 * s, 650 + s / 2},
            {DeviceLoadFiles.APP_UID, app[0], app[0] / 1_200, app[1], app[1] / 900},
            {10_124, 1_200, 8, 900, 7},
        };
        StringBuilder b = new StringBuilder();
        if (netstats) {
            b.append("BPF map status:\n");
            for (String m : new String[] {"mCookieTagMap", "mUidCounterSetMap", "mAppUidStatsMap", "mStatsMapA",
                "mStatsMapB", "mIfaceStatsMap"}) {
                b.append("  ").append(m).append(": OK\n");
            }
            b.append("\nBPF map content:\n");
            b.append("  mCookieTagMap:\n    cookie=8231 tag=0x0 uid=").append(DeviceLoadFiles.APP_UID).append('\n');
            b.append("  mUidCounterSetMap:\n    uid=").append(DeviceLoadFiles.APP_UID).append(" set=1\n");
            b.append("  mAppUidStatsMap:\n    ").append(HEADER).append('\n');
            for (long[] r : rows) {
                b.append("    ").append(r[0]).append(' ').append(r[1]).append(' ').append(r[2]).append(' ')
                        .append(r[3]).append(' ').append(r[4]).append('\n');
            }
            b.append("  mStatsMapA:\n    ").append(STATS_HEADER).append('\n');
            b.append("    30 wlan0 0x0 ").append(DeviceLoadFiles.APP_UID).append(" 1 ").append(app[0]).append(' ')
                    .append(app[0] / 1_200).append(' ').append(app[1]).append(' ').append(app[1] / 900).append('\n');
            b.append("  mStatsMapB:\n    ").append(STATS_HEADER).append('\n');
            b.append("  mIfaceStatsMap:\n    ifaceIndex ifaceName rxBytes rxPackets txBytes txPackets\n");
            b.append("\nSkDestroyListener logs:\n");
        } else {
            b.append("  TrafficController\n\n");
            for (String m : new String[] {"mCookieTagMap", "mUidCounterSetMap", "mAppUidStatsMap", "mStatsMapA",
                "mStatsMapB", "mIfaceIndexNameMap", "mIfaceStatsMap", "mConfigurationMap", "mUidOwnerMap"}) {
                b.append("    ").append(m).append(" status: OK\n");
            }
            b.append("\n    BPF map content:\n");
            b.append("\n      mCookieTagMap:\n      cookie=8231 tag=0x0 uid=").append(DeviceLoadFiles.APP_UID)
                    .append('\n');
            b.append("\n      mUidCounterSetMap:\n      ").append(DeviceLoadFiles.APP_UID).append(" 1\n");
            b.append("\n      mAppUidStatsMap::\n      ").append(HEADER).append('\n');
            for (long[] r : rows) {
                b.append("      ").append(r[0]).append(' ').append(r[1]).append(' ').append(r[2]).append(' ')
                        .append(r[3]).append(' ').append(r[4]).append('\n');
            }
            b.append("\n      mStatsMapA:\n      ").append(STATS_HEADER).append('\n');
            b.append("\n      mStatsMapB:\n      ").append(STATS_HEADER).append('\n');
        }
        truth.accept(new LoadTruth(now, "appUidStats", null, null, null, null, null, null, null, app[0], app[1], null,
                null, null));
        return b.toString();
    }
}
