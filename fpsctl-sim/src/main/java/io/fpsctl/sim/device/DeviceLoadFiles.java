package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.FrameColumn;
import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The GPU, battery and network files of the simulated phone (docs/metrics.md 14), per {@link GpuProfile} and Android
 * version, driven by its frames and its scenario. Each line is printed as the source fpsctl's parser cites prints it:
 * <ul>
 *   <li>kgsl {@code gpubusy}: {@code "%7d %7d\n"} of busy and total µs of the last completed accounting period
 *       ({@code kgsl_pwrctrl_gpubusy_show}); {@code gpuclk}: {@code "%d\n"} Hz ({@code kgsl_pwrctrl_gpuclk_show});
 *       Mali {@code utilization} and {@code clock}: {@code "%d\n"} (% and MHz; Exynos {@code show_utilization},
 *       {@code show_clock}). The period is one second of CLOCK_MONOTONIC (kgsl rolls its counters over after
 *       {@code UPDATE_BUSY_VAL} = 1 000 000 µs of total time); the GPU is busy from each frame's
 *       {@code SwapBuffers} to its {@code GpuCompleted} (the work RenderThread handed over; inferred). A period is
 *       shown from half a second after it ended (frames are final only once their fences signalled) and never
 *       changes after. The clock follows the previous period's load (a DVFS governor; inferred levels).</li>
 *   <li>power_supply {@code status} ({@code "%s\n"} of the status words), {@code current_now} and
 *       {@code voltage_now} ({@code "%d\n"} µA, µV; {@code power_supply_show_property}): the drain is 700 mW plus
 *       15 mW per % of GPU load (inferred), the voltage falls 0.1 mV a second from 3.9 V; the closed profile
 *       charges at 1.2 A into the battery at 4.2 V.</li>
 *   <li>{@code /proc/net/dev} ({@code net/core/net-procfs.c}: {@code dev_seq_show}'s two header lines, then
 *       {@code dev_seq_printf_stats}' {@code "%6s: %7llu %7llu %4llu %4llu %4llu %5llu %10llu %9llu %8llu %7llu %4llu
 *       %4llu %4llu %5llu %7llu %10llu\n"} rows, one format for every version: the row Android 6 to 16 phones'
 *       kernels print, from 3.4/3.10/3.18 (before 3.9 in {@code net/core/dev.c}, the same row inferred) to 6.x). The app's and the rest of the phone's traffic is on {@code wlan0}
 *       and {@code rmnet_data0}; the interfaces stacked on them repeat some of it, as on a phone with 464xlat and a
 *       VPN: {@code v4-rmnet_data0} (clat, IPv4 inside rmnet_data0's IPv6), {@code rmnet_ipa0} (rmnet_data0 again
 *       with its framing) and {@code tun0} (a VPN whose packets leave again over wlan0). fpsctl counts each byte
 *       once (ProcNetDev), so the truth is wlan0 + rmnet_data0.</li>
 *   <li>where netd counts with it, {@code /proc/net/xt_qtaguid/stats} ({@code qtaguid_stats_proc_show}: its header,
 *       then {@code "%d %s 0x%llx %u %u %llu …"} rows; a tagged row repeats part of its uid's bytes). netd's choice
 *       follows the phone's {@code ro.product.first_api_level} and {@code uname -r} ({@link AndroidVersion}): up
 *       to 8 xt_qtaguid; Android 9 is a phone launched with it on kernel 4.9, which must count traffic with eBPF
 *       (source.android.com "eBPF traffic monitoring"): the file is there but counts nothing, its header alone (the
 *       3.10+ seq_file {@code qtaguid_stats_proc_start}/{@code _show} print the header; with netd's
 *       {@code -m owner --socket-exists} rules gone no entry is made); 10+ have no file. The app's uid (10123, {@code /proc/<pid>/status}) has rows on wlan0,
 *       tun0 (through the VPN) and v4-rmnet_data0 (over clat), as Android charges them; it receives 500 000 B/s
 *       and sends 20 000 B/s in the {@code download} scenario, 2 000 and 500 otherwise; the rest of the phone
 *       3 000 and 800 (1 000 and 300 of it on mobile data); loopback 1 000 each way (inferred).</li>
 * </ul>
 */
final class DeviceLoadFiles implements FrameObserver {
    static final String KGSL_BUSY = "/sys/class/kgsl/kgsl-3d0/gpubusy";
    static final String KGSL_CLOCK = "/sys/class/kgsl/kgsl-3d0/gpuclk";
    static final String MALI_UTIL = "/sys/class/misc/mali0/device/utilization";
    static final String MALI_CLOCK = "/sys/class/misc/mali0/device/clock";
    static final String BATTERY = "/sys/class/power_supply/battery/";
    static final String NET_DEV = "/proc/net/dev";
    static final String QTAGUID = "/proc/net/xt_qtaguid/stats";
    static final int APP_UID = 10123;
    /** The VPN app whose tun0 the simulated phone has (inferred uid). */
    static final int VPN_UID = 10200;
    private static final long SECOND = 1_000_000_000L;
    private static final long SHOWN_AFTER = SECOND / 2;
    private static final long[] ADRENO_HZ = {257_000_000L, 427_000_000L, 585_000_000L};
    private static final long[] MALI_MHZ = {260, 598, 848};

    private final AndroidVersion version;
    private final GpuProfile profile;
    private final boolean download;
    /** GPU-busy spans of recent frames: {start, end} ns. */
    private final Deque<long[]> spans = new ArrayDeque<>();
    private final Map<Long, Long> busyUsByPeriod = new HashMap<>();
    /** The app's GPU-busy time of the spans already dropped from {@link #spans} (all ended long before now). */
    private long droppedGpuNs;
    /** The end of the last span added: spans are kept without overlap, as the GPU's active time is a union. */
    private long lastSpanEnd;

    DeviceLoadFiles(AndroidVersion version, GpuProfile profile, String scenario) {
        this.version = version;
        this.profile = profile;
        this.download = scenario.equals("download");
    }

    @Override
    public synchronized void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
        long from = frame.get(FrameColumn.SWAP_BUFFERS);
        long to = frame.get(FrameColumn.GPU_COMPLETED);
        from = Math.max(from, lastSpanEnd);
        if (from > 0 && to > from) {
            spans.addLast(new long[] {from, to});
            lastSpanEnd = to;
            while (spans.size() > 2_000) {
                long[] old = spans.removeFirst();
                droppedGpuNs += old[1] - old[0];
            }
        }
    }

    @Override
    public void layerFrame(String layerKey, long periodNs, LayerFrame frame) {
    }

    /** The GPU-busy µs of the period {@code p} (second p of CLOCK_MONOTONIC), fixed once first asked. */
    private synchronized long busyUs(long p) {
        if (p < 0) {
            return 0;
        }
        return busyUsByPeriod.computeIfAbsent(p, k -> {
            long a = k * SECOND;
            long b = a + SECOND;
            long ns = 0;
            for (long[] s : spans) {
                ns += Math.max(0, Math.min(b, s[1]) - Math.max(a, s[0]));
            }
            return Math.min(1_000_000L, ns / 1_000);
        });
    }

    /**
     * The app's uid's GPU active time up to {@code now}: the union of its frames' GPU spans (gpuservice's
     * {@code total_active_duration_ns}, summed by the driver's {@code gpu_work_period} events; inferred that a
     * frame's work is one span from SwapBuffers to GpuCompleted, as for the kgsl load).
     */
    synchronized long appGpuNs(long now) {
        long ns = droppedGpuNs;
        for (long[] s : spans) {
            ns += Math.max(0, Math.min(now, s[1]) - s[0]);
        }
        return ns;
    }

    /** Whether the GPU driver emits {@code power/gpu_work_period} (the closed profile's does not). */
    boolean gpuWorkTracked() {
        return profile != GpuProfile.CLOSED;
    }

    /** The period whose figures the driver shows at {@code now}. */
    private static long shownPeriod(long now) {
        return Math.floorDiv(now - SHOWN_AFTER, SECOND) - 1;
    }

    private double loadPercent(long now) {
        long p = shownPeriod(now);
        return 100.0 * busyUs(p) / 1_000_000L;
    }

    /** The DVFS level (0..2) from the load of the period before the shown one. */
    private int level(long now) {
        double before = 100.0 * busyUs(shownPeriod(now) - 1) / 1_000_000L;
        return before >= 60 ? 2 : before >= 30 ? 1 : 0;
    }

    private long voltageUv(long now) {
        return profile == GpuProfile.CLOSED ? 4_200_000L : 3_900_000L - now / SECOND * 100;
    }

    /** The drain in mW while discharging (null when charging). */
    private Double drainMw(long now) {
        return profile == GpuProfile.CLOSED ? null : 700.0 + 15.0 * loadPercent(now);
    }

    private long currentUa(long now) {
        if (profile == GpuProfile.CLOSED) {
            return 1_200_000L; // into the battery: positive, as the kernel ABI says for charging
        }
        long ua = Math.round(drainMw(now) * 1e9 / voltageUv(now));
        return profile == GpuProfile.ADRENO ? ua : -ua;
    }

    /** The app uid's bytes since boot, received and sent, as netd's app_uid_stats_map counts them (rule 11). */
    long[] appBytes(long now) {
        return new long[] {appRx(now), appTx(now)};
    }

    private long appRx(long now) {
        return (download ? 500_000L : 2_000L) * now / SECOND;
    }

    private long appTx(long now) {
        return (download ? 20_000L : 500L) * now / SECOND;
    }

    private static long othersRx(long now) {
        return 3_000L * now / SECOND;
    }

    private static long othersTx(long now) {
        return 800L * now / SECOND;
    }

    /** The part of the rest of the phone's traffic on mobile data (rmnet_data0). */
    private static long mobileRx(long now) {
        return 1_000L * now / SECOND;
    }

    private static long mobileTx(long now) {
        return 300L * now / SECOND;
    }

    private static long lo(long now) {
        return 1_000L * now / SECOND;
    }

    /** Adds this moment's files to {@code files}; the ones the shell may not read go to {@code denied} too. */
    void put(Map<String, String> files, Set<String> denied, long now) {
        double load = loadPercent(now);
        long busy = busyUs(shownPeriod(now));
        int level = level(now);
        switch (profile) {
            case ADRENO, CLOSED -> {
                files.put(KGSL_BUSY, String.format(Locale.ROOT, "%7d %7d\n", busy, 1_000_000L));
                files.put(KGSL_CLOCK, ADRENO_HZ[level] + "\n");
                if (profile == GpuProfile.CLOSED) {
                    denied.add(KGSL_BUSY);
                    denied.add(KGSL_CLOCK);
                }
            }
            case MALI -> {
                files.put(MALI_UTIL, Math.round(load) + "\n");
                files.put(MALI_CLOCK, MALI_MHZ[level] + "\n");
            }
            default -> throw new IllegalStateException();
        }
        files.put(BATTERY + "status", (profile == GpuProfile.CLOSED ? "Charging" : "Discharging") + "\n");
        files.put(BATTERY + "current_now", currentUa(now) + "\n");
        files.put(BATTERY + "voltage_now", voltageUv(now) + "\n");
        files.put(NET_DEV, netDev(now));
        if (version.major() <= 9 || qtaguidCounts()) {
            files.put(QTAGUID, qtaguid(now));
        }
    }

    /**
     * Whether xt_qtaguid counts: netd's choice on this simulated phone ({@link AndroidVersion#countsTrafficWithEbpf},
     * from its {@code ro.product.first_api_level} and {@code uname -r}); Android 9 is a phone launched with it on
     * kernel 4.9, so eBPF counts its traffic and the file it still has counts nothing.
     */
    private boolean qtaguidCounts() {
        return !version.countsTrafficWithEbpf();
    }

    private String netDev(long now) {
        StringBuilder b = new StringBuilder();
        b.append("Inter-|   Receive                                                |  Transmit\n");
        b.append(" face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo"
                + " colls carrier compressed\n");
        long wlanRx = appRx(now) + othersRx(now) - mobileRx(now);
        long wlanTx = appTx(now) + othersTx(now) - mobileTx(now);
        row(b, "lo", lo(now), lo(now));
        row(b, "dummy0", 0, 0);
        row(b, "wlan0", wlanRx, wlanTx);
        row(b, "rmnet_ipa0", mobileRx(now) + mobileRx(now) / 30, mobileTx(now) + mobileTx(now) / 30);
        row(b, "rmnet_data0", mobileRx(now), mobileTx(now));
        row(b, "v4-rmnet_data0", mobileRx(now) * 3 / 5, mobileTx(now) * 3 / 5);
        row(b, "tun0", wlanRx * 2 / 5, wlanTx * 2 / 5);
        return b.toString();
    }

    private static void row(StringBuilder b, String iface, long rx, long tx) {
        b.append(String.format(Locale.ROOT, "%6s: %7d %7d %4d %4d %4d %5d %10d %9d %8d %7d %4d %4d %4d %5d %7d %10d\n",
                iface, rx, rx / 1_200, 0, 0, 0, 0, 0, 0, tx, tx / 900, 0, 0, 0, 0, 0, 0));
    }

    private String qtaguid(long now) {
        StringBuilder b = new StringBuilder("idx iface acct_tag_hex uid_tag_int cnt_set rx_bytes rx_packets tx_bytes"
                + " tx_packets rx_tcp_bytes rx_tcp_packets rx_udp_bytes rx_udp_packets rx_other_bytes rx_other_packets"
                + " tx_tcp_bytes tx_tcp_packets tx_udp_bytes tx_udp_packets tx_other_bytes tx_other_packets\n");
        if (!qtaguidCounts()) {
            return b.toString();
        }
        long rx = appRx(now);
        long tx = appTx(now);
        // one line per counter set (0 background, 1 foreground) of each (iface, tag, uid) entry, idx counting on:
        // xt_qtaguid.c pp_sets prints IFS_MAX_COUNTER_SETS (2) lines per entry through pp_stats_line. The app's bytes
        // are charged where it sent them (frameworks/base NetworkStats.apply464xlatAdjustments: per-uid stats count
        // "the native IPv4 packet sent on the stacked interface with prefix 'v4-'"; NetworkStats.migrateTun: the app
        // on tun0, the VPN app's uid on the underlying interface): a fifth of them through the VPN on tun0, half of
        // v4-rmnet_data0's bytes over clat, the rest on wlan0 (the split is inferred). Foreground 9/10, background
        // 1/10 on wlan0; a tagged entry repeats half of the wlan0 foreground ones. The VPN app (uid 10200) is charged
        // the tunnel's bytes again on wlan0; then the system's (uid 0) on wlan0 and mobile data, and loopback.
        long tunRx = rx / 5;
        long tunTx = tx / 5;
        long clatRx = mobileRx(now) * 3 / 10;
        long clatTx = mobileTx(now) * 3 / 10;
        long wRx = rx - tunRx - clatRx;
        long wTx = tx - tunTx - clatTx;
        long[][] sets = {{lo(now), lo(now), 0, 0}, {mobileRx(now), mobileTx(now), 0, 0},
            {othersRx(now) - mobileRx(now), othersTx(now) - mobileTx(now), 0, 0},
            {wRx / 10, wTx / 10, wRx - wRx / 10, wTx - wTx / 10}, {tunRx + tunRx / 20, tunTx + tunTx / 20, 0, 0},
            {0, 0, (wRx - wRx / 10) / 2, (wTx - wTx / 10) / 2}, {0, 0, tunRx, tunTx}, {0, 0, clatRx, clatTx}};
        // within an interface in ascending tag order (the stats rb-tree's key: acct tag above, uid below)
        String[] ifaces = {"lo", "rmnet_data0", "wlan0", "wlan0", "wlan0", "wlan0", "tun0", "v4-rmnet_data0"};
        String[] tags = {"0x0", "0x0", "0x0", "0x0", "0x0", "0xffffff0100000000", "0x0", "0x0"};
        int[] uids = {0, 0, 0, APP_UID, VPN_UID, APP_UID, APP_UID, APP_UID};
        int idx = 2;
        for (int e = 0; e < sets.length; e++) {
            for (int set = 0; set < 2; set++) {
                q(b, idx++, ifaces[e], tags[e], uids[e], set, sets[e][2 * set], sets[e][2 * set + 1]);
            }
        }
        return b.toString();
    }

    private static void q(StringBuilder b, int idx, String iface, String tag, int uid, int set, long rx, long tx) {
        b.append(idx).append(' ').append(iface).append(' ').append(tag).append(' ').append(uid).append(' ')
                .append(set).append(' ').append(rx).append(' ').append(rx / 1_200).append(' ').append(tx).append(' ')
                .append(tx / 900).append(' ').append(rx).append(' ').append(rx / 1_200).append(" 0 0 0 0 ")
                .append(tx).append(' ').append(tx / 900).append(" 0 0 0 0\n");
    }

    /** The truth of a command that read {@code path} at {@code now}, or null when it is none of these files. */
    LoadTruth truth(String path, long now) {
        if (path.equals(KGSL_BUSY) || path.equals(MALI_UTIL)) {
            boolean readable = profile != GpuProfile.CLOSED;
            double mhz = profile == GpuProfile.MALI ? MALI_MHZ[level(now)] : ADRENO_HZ[level(now)] / 1e6;
            double load = profile == GpuProfile.MALI ? Math.round(loadPercent(now)) : loadPercent(now);
            return new LoadTruth(now, "gpu", readable ? load : null, readable ? mhz : null, readable, null, null,
                    null, null, null, null, null, null, null);
        }
        if (path.equals(BATTERY + "status")) {
            long ua = currentUa(now);
            long uv = voltageUv(now);
            // what |I| × V of the printed figures gives: fpsctl's drain, to the µW
            Double drain = profile == GpuProfile.CLOSED ? null : Math.abs((double) ua) * uv / 1e9;
            return new LoadTruth(now, "power", null, null, null, profile == GpuProfile.CLOSED ? "Charging"
                    : "Discharging", ua, uv, drain, null, null, null, null, null);
        }
        if (path.equals(QTAGUID)) {
            return new LoadTruth(now, "appNet", null, null, null, null, null, null, null,
                    qtaguidCounts() ? appRx(now) : null, qtaguidCounts() ? appTx(now) : null, null, null, null);
        }
        if (path.equals(NET_DEV)) {
            return new LoadTruth(now, "deviceNet", null, null, null, null, null, null, null, null, null,
                    appRx(now) + othersRx(now), appTx(now) + othersTx(now), null);
        }
        return null;
    }
}
