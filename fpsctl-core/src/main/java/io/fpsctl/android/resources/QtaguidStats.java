package io.fpsctl.android.resources;

import io.fpsctl.android.DumpFormatException;
import java.util.HashMap;
import java.util.Map;

/**
 * The app's own bytes from {@code /proc/net/xt_qtaguid/stats} (Android 9 and older): the kernel's
 * {@code net/netfilter/xt_qtaguid.c} prints a header naming its columns ({@code idx iface acct_tag_hex uid_tag_int
 * cnt_set rx_bytes rx_packets tx_bytes tx_packets rx_tcp_bytes …}) then one line per (interface, tag, uid, counter
 * set). A line whose {@code acct_tag_hex} is {@code 0x0} counts all of a uid's traffic on that interface in that
 * set; a tagged line ({@code acct_tag_hex} ≠ 0) counts a part of the same bytes again, so only untagged lines are
 * added (the reading NetworkStatsFactory made of it in frameworks/base before Android 10). Both counter sets
 * (0 background, 1 foreground) are added; {@code lo} is left out as in {@link ProcNetDev}. Columns are found by
 * name. The uid comes from {@code /proc/<pid>/status}'s {@code Uid:} line (kernel {@code fs/proc/array.c
 * task_state}: {@code "Uid:\t%d\t%d\t%d\t%d\n"}, real first), read by the same part just before the stats.
 * <p>
 * <b>eBPF accounting</b> (docs/metrics.md 14 rule 1): source.android.com "eBPF traffic monitoring" says phones
 * "running on kernel 4.9 or above and originally shipped with the P release MUST use eBPF-based network traffic
 * monitoring accounting instead of xt_qtaguid". netd makes that choice with {@code getBpfSupportLevel()}
 * ({@code ro.product.first_api_level} ≥ 28 and kernel ≥ 4.9; {@link TrafficAccounting}), which the caller applies
 * first: a phone launched with 8 and upgraded to 10 or 11, or one on a kernel below 4.9, keeps xt_qtaguid. The eBPF
 * maps ({@code /sys/fs/bpf/traffic_*_map} on 9, {@code /sys/fs/bpf/map_netd_*} from 10) are closed to the shell.
 * On an eBPF phone the file may still exist but count nothing: netd no longer installs the
 * {@code -m owner --socket-exists} rules through which xt_qtaguid counts (netd {@code BandwidthController
 * getBasicAccountingCommands}: the {@code bw_raw_PREROUTING}/{@code bw_mangle_POSTROUTING} chains match
 * {@code -m bpf} instead). When netd's rule cannot be read (no kernel release) the file alone decides: one without a
 * single row for an app uid (≥ 10000, {@code AID_APP_START} in {@code android_filesystem_config.h}) is taken as
 * "not counting" ({@link #notCounting}), so the app's figure is unavailable, never a 0 that only means nobody
 * counted; the same check guards a phone netd's rule puts on xt_qtaguid.
 */
public final class QtaguidStats {
    private QtaguidStats() {
    }

    static String command(int pid) {
        return "grep ^Uid: /proc/" + pid + "/status 2>&1 ; cat /proc/net/xt_qtaguid/stats";
    }

    /**
     * Why the part has no figure: the first error a tool printed in it ({@code grep: /proc/N/status: …} when the
     * app is gone, {@code cat: /proc/net/xt_qtaguid/stats: …} when the kernel has no qtaguid or the shell may not
     * read it), or that the file printed nothing at all (3.4-era {@code qtaguid_stats_proc_read} returns at once
     * with {@code module_passive} set; the 3.10+ seq_file version still prints the header); null when both reads
     * worked.
     */
    public static String unreadable(String text) {
        boolean content = false;
        for (String line : text.split("\n")) {
            ReadError e = ReadError.of(line);
            if (e != null) {
                return e.path() + ": " + e.reason();
            }
            content |= !line.isBlank() && !line.startsWith("Uid:");
        }
        return content ? null : "/proc/net/xt_qtaguid/stats: empty (not even its header)";
    }

    /** The first app uid ({@code AID_APP_START}). */
    static final int FIRST_APP_UID = 10_000;

    /**
     * Why the file's figures mean nothing although it could be read: it holds no row for any app uid (header only,
     * or only the system's), which is how a phone that accounts traffic with eBPF leaves it (class comment); null
     * when some app's traffic is counted in it, so that the app's own 0 is a real 0.
     */
    public static String notCounting(String text) {
        Map<String, Integer> col = null;
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("Uid:") || ReadError.of(line) != null) {
                continue;
            }
            String[] f = line.strip().split("\\s+");
            if (col == null) {
                col = new HashMap<>();
                for (int i = 0; i < f.length; i++) {
                    col.put(f[i], i);
                }
                continue;
            }
            Integer at = col.get("uid_tag_int");
            if (at != null && at < f.length) {
                try {
                    if (Long.parseLong(f[at]) >= FIRST_APP_UID) {
                        return null;
                    }
                } catch (NumberFormatException e) {
                    return null; // parse says what is wrong with the line
                }
            }
        }
        // what was seen, not a cause: the caller adds what netd's rule says
        return "xt_qtaguid counts no app's traffic (no row for any app uid, 10000 or more)";
    }

    /** The app's received and sent bytes. */
    public record Bytes(int uid, long rx, long tx) {
    }

    /**
     * The part's text: the {@code Uid:} line, then the stats file. Null when there is no {@code Uid:} line (the
     * app's process was gone: its grep printed an error instead).
     */
    public static Bytes parse(String text) throws DumpFormatException {
        Integer uid = null;
        Map<String, Integer> col = null;
        long rx = 0;
        long tx = 0;
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            if (line.startsWith("Uid:")) {
                String[] f = line.substring(4).strip().split("\\s+");
                try {
                    uid = Integer.parseInt(f[0]);
                } catch (NumberFormatException e) {
                    throw new DumpFormatException("/proc/<pid>/status: Uid is not a number: " + line);
                }
                continue;
            }
            String[] f = line.strip().split("\\s+");
            if (col == null) {
                col = new HashMap<>();
                for (int i = 0; i < f.length; i++) {
                    col.put(f[i], i);
                }
                for (String need : new String[] {"iface", "acct_tag_hex", "uid_tag_int", "rx_bytes", "tx_bytes"}) {
                    if (!col.containsKey(need)) {
                        throw new DumpFormatException("xt_qtaguid/stats: header has no " + need + ": " + line);
                    }
                }
                continue;
            }
            if (uid == null) {
                return null; // the grep's error line came first: the process is gone
            }
            if (f.length < col.size()) {
                throw new DumpFormatException("xt_qtaguid/stats: short line: " + line);
            }
            try {
                // "0x%llx" of the accounting tag: "0x0" untagged (a system tag can exceed a signed long)
                if (!f[col.get("acct_tag_hex")].equals("0x0") || f[col.get("iface")].equals("lo")
                        || Integer.parseInt(f[col.get("uid_tag_int")]) != uid) {
                    continue;
                }
                rx += Long.parseLong(f[col.get("rx_bytes")]);
                tx += Long.parseLong(f[col.get("tx_bytes")]);
            } catch (NumberFormatException e) {
                throw new DumpFormatException("xt_qtaguid/stats: a value is not a number: " + line);
            }
        }
        if (uid == null) {
            return null;
        }
        if (col == null) {
            throw new DumpFormatException("xt_qtaguid/stats: no header line");
        }
        return new Bytes(uid, rx, tx);
    }
}
