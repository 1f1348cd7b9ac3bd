package io.fpsctl.android.resources;

import io.fpsctl.android.DumpFormatException;

/**
 * {@code /proc/net/dev}: the whole device's bytes per interface (kernel {@code net/core/net-procfs.c}: two header
 * lines from {@code dev_seq_show}, {@code "Inter-|   Receive …|  Transmit"} and
 * {@code " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls
 * carrier compressed"}, then one line per interface from {@code dev_seq_printf_stats}: the name right-aligned in 6
 * columns and a colon ({@code "%6s:"}), then 16 counters, the 1st received bytes and the 9th transmitted bytes).
 * Only the reading process's network namespace is listed; the shell's is the device's. Loopback ({@code lo}) is
 * left out: it is the device talking to itself, not traffic (docs/metrics.md 14 rule 6).
 */
public final class ProcNetDev {
    static final String COMMAND = "cat /proc/net/dev";

    private ProcNetDev() {
    }

    /** Received and sent bytes, all interfaces but {@code lo} added up. */
    public record Bytes(long rx, long tx) {
    }

    public static Bytes parse(String text) throws DumpFormatException {
        long rx = 0;
        long tx = 0;
        boolean any = false;
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (line.isBlank() || line.startsWith("Inter-|") || line.startsWith(" face |") || colon < 0) {
                if (!line.isBlank() && !line.startsWith("Inter-|") && !line.startsWith(" face |")) {
                    throw new DumpFormatException("/proc/net/dev: not \"<iface>: <counters>\": " + line);
                }
                continue;
            }
            String iface = line.substring(0, colon).strip();
            String[] f = line.substring(colon + 1).strip().split("\\s+");
            if (f.length < 16) {
                throw new DumpFormatException("/proc/net/dev: " + iface + " has " + f.length + " counters, not 16");
            }
            any = true;
            if (iface.equals("lo")) {
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
