package io.fpsctl.android.resources;

import io.fpsctl.android.DumpFormatException;
import java.util.Locale;

/**
 * {@code /proc/net/dev}: the whole device's bytes per interface (kernel {@code net/core/net-procfs.c}: two header
 * lines from {@code dev_seq_show}, {@code "Inter-|   Receive …|  Transmit"} and
 * {@code " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls
 * carrier compressed"}, then one line per interface from {@code dev_seq_printf_stats}: 16 counters, the 1st received
 * bytes and the 9th transmitted bytes). The kernels Android phones ship, from 3.4, 3.10 and 3.18 (Android 6 shipped
 * on all three) to 6.x, print {@code "%6s: %7llu %7llu %4llu …"}: the name right-aligned in 6 columns, a colon and
 * a space (before 3.9 the code is in {@code net/core/dev.c}, {@code net-procfs.c} came with 3.9; the 3.4 row is
 * inferred to be the same, as the 64-bit {@code %7llu} row predates it, and was not read in a 3.4 tree). Older kernels (2.6.0's {@code net/core/dev.c}) printed {@code "%6s:%8lu %7lu …"}, with
 * no space, so a
 * long counter touched the colon ({@code "wlan0:10060000"}); a widened {@code "%9s: %16llu …"} went into 5.15-rc1
 * and was reverted in 5.15-rc6 (commit 1f922d9e "Revert net: procfs: add seq_puts() statement for dev_mcast": it
 * broke ifstat) before any release. Both the old and the current rows are read: the name is what precedes the
 * colon (an interface name cannot hold one: {@code dev_valid_name} refuses ':'), the counters what follows it.
 * Only the reading process's network namespace is listed; the shell's is the device's.
 * <p>
 * <b>Each byte counted once</b> (docs/metrics.md 14 rule 1): the device's figure adds the interfaces that carry a
 * network's traffic and leaves out those whose bytes another listed interface carries again:
 * <ul>
 *   <li>{@code lo}: the device talking to itself, not traffic;</li>
 *   <li>{@code v4-*}: clatd's IPv4 interface stacked on an IPv6-only network's interface (464xlat,
 *       {@code CLATD_INTERFACE_PREFIX = "v4-"} in AOSP {@code NetworkStats}): each packet is counted by the v4-
 *       device's counters and again, translated to IPv6, by the base interface's driver (clatd sends through the
 *       base interface; the BPF clat redirects at tc, ahead of the driver);</li>
 *   <li>{@code tun*} and {@code ipsec*}: VPN tunnels (VpnService's tun, IKEv2's {@code ipsec<N>} from
 *       {@code IpSecService} with {@code INetd.IPSEC_INTERFACE_PREFIX}); what goes through them leaves again,
 *       encrypted, over the underlying network's interface ({@code NetworkStats.migrateTun} moves the tunnel's
 *       bytes onto the underlying interface for the same reason; netd {@code BandwidthController} returns early
 *       for {@code -o ipsec+}/{@code -i ipsec+} to "prevent IPSec double counting"). The prefix also takes
 *       {@code tunl0}, the kernel's IPIP fallback device, normally 0; a local-only "VPN" filter that answers some
 *       packets itself would lose those bytes (an edge case);</li>
 *   <li>{@code rmnet_ipa*} and {@code rmnet_mhi*}, only when the same read lists an {@code rmnet_data*} row:
 *       Qualcomm's modem transport devices under the {@code rmnet_data*} channels that carry the IP traffic (the
 *       ones a mobile network's LinkProperties name); they repeat those channels' bytes with their framing. This
 *       is inferred (from how rmnet muxes its channels over one transport device; no AOSP or CAF source says it
 *       either way), hence the condition: a phone whose IP interface is the transport itself (raw IP on
 *       {@code rmnet_ipa0}, no {@code rmnet_data*} on top) keeps it, so the only copy is never dropped;</li>
 *   <li>{@code ifb*}: the kernel's intermediate functional block, a copy of traffic redirected for shaping
 *       (inferred from {@code drivers/net/ifb.c}: it counts what it was handed and re-injects it).</li>
 * </ul>
 * Traffic the phone forwards (tethering, hotspot) is still seen on two interfaces, in and out; so is, probably,
 * Qualcomm's reverse rmnet {@code r_rmnet_data*} (Wi-Fi calling: modem traffic that leaves again over
 * {@code wlan0}; inferred, not left out).
 */
public final class ProcNetDev {
    static final String COMMAND = "cat /proc/net/dev";

    private ProcNetDev() {
    }

    /** Received and sent bytes of the interfaces counted (see the class comment). */
    public record Bytes(long rx, long tx) {
    }

    /**
     * True for an interface whose bytes another one carries again, or that is not traffic (class comment);
     * {@code withRmnetData} says whether the same read lists an {@code rmnet_data*} row, without which the modem's
     * transport device is the only copy and is kept.
     */
    public static boolean leftOut(String iface, boolean withRmnetData) {
        String i = iface.toLowerCase(Locale.ROOT);
        return i.equals("lo") || i.startsWith("v4-") || i.startsWith("tun") || i.startsWith("ipsec")
                || (withRmnetData && (i.startsWith("rmnet_ipa") || i.startsWith("rmnet_mhi"))) || i.startsWith("ifb");
    }

    private static boolean rmnetData(String iface) {
        return iface.toLowerCase(Locale.ROOT).startsWith("rmnet_data");
    }

    public static Bytes parse(String text) throws DumpFormatException {
        long rx = 0;
        long tx = 0;
        boolean any = false;
        String[] lines = text.split("\n");
        boolean withRmnetData = false;
        for (String line : lines) {
            int colon = line.indexOf(':');
            withRmnetData |= colon > 0 && rmnetData(line.substring(0, colon).strip());
        }
        for (String line : lines) {
            if (line.isBlank() || line.startsWith("Inter-|") || line.startsWith(" face |")) {
                continue;
            }
            int colon = line.indexOf(':');
            if (colon < 0) {
                throw new DumpFormatException("/proc/net/dev: not \"<iface>: <counters>\": " + line);
            }
            String iface = line.substring(0, colon).strip();
            String[] f = line.substring(colon + 1).strip().split("\\s+");
            if (iface.isEmpty() || f.length < 16) {
                throw new DumpFormatException("/proc/net/dev: " + (iface.isEmpty() ? "a line without a name" : iface)
                        + " has " + f.length + " counters, not 16");
            }
            any = true;
            if (leftOut(iface, withRmnetData)) {
                continue;
            }
            try {
                rx += Long.parseLong(f[0]);
                tx += Long.parseLong(f[8]);
            } catch (NumberFormatException e) {
                throw new DumpFormatException("/proc/net/dev: " + iface + " holds a value that is not a number");
            }
        }
        if (!any) {
            throw new DumpFormatException("/proc/net/dev lists no interface");
        }
        return new Bytes(rx, tx);
    }
}
