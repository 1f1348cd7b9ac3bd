package io.fpsctl.android.resources;

/**
 * The app's bytes on an eBPF phone (docs/metrics.md 14 rule 11): netd's BPF program counts every uid's received and
 * sent bytes in the map {@code app_uid_stats_map} (packages/modules/Connectivity {@code bpf_progs/netd.c}
 * {@code bpf_traffic_account} → {@code update_app_uid_stats_map}, keyed by the socket's uid, or the uid a socket was
 * tagged for; loopback included, clat's own packets not), live since boot, and the services that hold the map print
 * it in their dump as {@code mAppUidStatsMap}, header {@code uid rxBytes rxPackets txBytes txPackets}:
 * <ul>
 *   <li>Android 14 and later: {@code dumpsys netstats} (no argument). Connectivity {@code service-t/.../
 *       NetworkStatsService.java dump} prints, after {@code "BPF map content:"} and one indent of two spaces,
 *       {@code dumpAppUidStatsMapLocked} → staticlibs {@code BpfDump.dumpMap}: {@code "mAppUidStatsMap:"}, then
 *       {@code "  " + header}, then {@code "  " + uid + " " + rxBytes + " " + rxPackets + " " + txBytes + " " +
 *       txPackets} per entry (read in lineage-21.0 = 14, 22.0 = 15, and bluestacks/packages-modules-Connectivity-a16 at
 *       0256dbaa = 16: the same text); a concurrent delete prints
 *       {@code "Entry is deleted while dumping, iterating from first entry"} and the walk starts again (so an entry
 *       can be printed twice: the last row of the uid is the newest), an error {@code "Map dump end with error: %s"}.
 *       The map is read at dump time: no poll, no write to disk (unlike {@code --poll}).</li>
 *   <li>Android 13: {@code dumpsys connectivity trafficcontroller} (ConnectivityService {@code doDump} →
 *       {@code dumpTrafficController(verbose)} → {@code BpfNetMaps.dump} → native {@code TrafficController::dump},
 *       {@code service/native/TrafficController.cpp}, lineage-20.0): {@code dumpBpfMap("mAppUidStatsMap:", …)}
 *       prints a blank line and {@code "%s:"}, so the title is {@code "mAppUidStatsMap::"}, then the header, then
 *       {@code "%u %llu %llu %llu %llu"} rows, under three levels of netdutils {@code DumpWriter} indent;
 *       {@code "mAppUidStatsMap print end with error: %s"} on an error.</li>
 *   <li>Android 9 to 12: only netd holds it ({@code dumpsys netd trafficcontroller}, system/netd
 *       {@code TrafficController::dump}, the same text as 13), and the shell cannot reach netd: system/sepolicy
 *       {@code public/shell.te} lets the shell find every service but {@code netd_service} (lineage-16.0 to 19.1), and
 *       {@code public/netd.te} forbids any other domain than system_server, dumpstate, the network stack, netd and
 *       netutils_wrapper to find it (a {@code neverallow}: no vendor can open it), so dumpsys prints
 *       {@code "Can't find service: netd"}. Not asked there ({@link #SHELL_CANNOT}).</li>
 * </ul>
 * A map that lists some app uid (≥ 10000) but not ours is a real 0 (the app sent and received nothing since boot);
 * one that lists no app at all, or no map, is unavailable, never 0.
 */
public final class AppUidStatsDump {
    /** Android 13: the map is in the connectivity module's native TrafficController. */
    public static final int FIRST_SDK = 33;
    /** Android 14: NetworkStatsService prints it. */
    static final int NETSTATS_SDK = 34;
    static final String HEADER = "uid rxBytes rxPackets txBytes txPackets";
    public static final String SHELL_CANNOT = "per-app bytes on an eBPF phone before Android 13 are in netd's dump "
            + "only (dumpsys netd trafficcontroller), and SELinux lets no shell find netd (system/sepolicy shell.te, "
            + "netd.te neverallow): dumpsys prints Can't find service: netd";

    private AppUidStatsDump() {
    }

    /** The command that prints the map on API {@code sdk} (13+), or null before. */
    static String command(int sdk) {
        if (sdk < FIRST_SDK) {
            return null;
        }
        return sdk >= NETSTATS_SDK ? "dumpsys netstats" : "dumpsys connectivity trafficcontroller";
    }

    /**
     * The uid's bytes, or why they are unknown.
     *
     * @param bytes  its counters since boot, null when unknown
     * @param reason why {@code bytes} is null, else null
     */
    public record Reading(QtaguidStats.Bytes bytes, String reason) {
    }

    /** Reads {@code text}, the dump of {@link #command}, for {@code uid}. Never throws: odd text is a reason. */
    public static Reading parse(String text, int uid, String command) {
        String[] lines = text.split("\n");
        int title = -1;
        for (int i = 0; i < lines.length; i++) {
            String s = lines[i].strip();
            if (s.equals("mAppUidStatsMap:") || s.equals("mAppUidStatsMap::")) {
                title = i;
                break;
            }
            ReadError e = ReadError.of(lines[i]);
            if (e != null) {
                return new Reading(null, command + ": " + e.reason());
            }
            if (s.startsWith("Permission Denial")) {
                return new Reading(null, command + ": " + clip(s));
            }
        }
        if (title < 0) {
            return new Reading(null, command + " printed no mAppUidStatsMap (the map is not open: see its "
                    + "\"mAppUidStatsMap\" status line)");
        }
        if (title + 1 >= lines.length || !lines[title + 1].strip().equals(HEADER)) {
            return new Reading(null, command + ": mAppUidStatsMap without its header");
        }
        QtaguidStats.Bytes mine = null;
        boolean anyApp = false;
        String error = null;
        for (int i = title + 2; i < lines.length; i++) {
            String s = lines[i].strip();
            if (s.startsWith("Entry is deleted while dumping")) {
                continue; // the walk starts again: later rows are newer
            }
            if (s.startsWith("Map dump end with error") || s.startsWith("mAppUidStatsMap print end with error")) {
                error = clip(s);
                break;
            }
            String[] f = s.split(" ");
            if (f.length != 5) {
                break; // a blank line or the next map's title: the map ended
            }
            long rowUid;
            long rx;
            long tx;
            try {
                rowUid = Long.parseLong(f[0]);
                rx = Long.parseUnsignedLong(f[1]);
                Long.parseUnsignedLong(f[2]);
                tx = Long.parseUnsignedLong(f[3]);
                Long.parseUnsignedLong(f[4]);
            } catch (NumberFormatException e) {
                break; // not a row of it
            }
            if (rx < 0 || tx < 0) {
                return new Reading(null, command + ": bytes past 2^63 in \"" + clip(s) + "\"");
            }
            anyApp |= rowUid >= QtaguidStats.FIRST_APP_UID;
            if (rowUid == uid) {
                mine = new QtaguidStats.Bytes(uid, rx, tx);
            }
        }
        if (error != null) {
            return new Reading(null, command + ": " + error);
        }
        if (mine != null) {
            return new Reading(mine, null);
        }
        if (!anyApp) {
            return new Reading(null, command + ": mAppUidStatsMap lists no app uid (nothing counted)");
        }
        return new Reading(new QtaguidStats.Bytes(uid, 0, 0), null);
    }

    private static String clip(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "…" : s;
    }
}
