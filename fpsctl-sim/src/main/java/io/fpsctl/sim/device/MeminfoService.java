package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.TimeSource;

import java.util.List;
import java.util.Locale;

/**
 * {@code dumpsys meminfo <package|pid>}: frameworks/base ActivityManagerService {@code dumpApplicationMemoryUsage}
 * prints {@code "Applications Memory Usage (in Kilobytes):"}, {@code "Uptime: <ms> Realtime: <ms>"} (its
 * {@code dumpApplicationMemoryUsageHeader}), then for the matching process {@code "\n** MEMINFO in pid <pid> [<name>]
 * **"} and ActivityThread {@code dumpMemInfoTable}: the {@code HEAP_COLUMN} table ({@code "%13s %8s …"}: Pss Total,
 * Private Dirty, Private Clean, Swapped/SwapPss Dirty, Rss Total (Android 11+), Heap Size/Alloc/Free), one row per
 * non-empty category, {@code Unknown}, {@code TOTAL}; then {@code " App Summary"} ({@code ONE_COUNT_COLUMN
 * "%21s %8d"}; Android 11+ {@code TWO_COUNT_COLUMNS} with Rss) ending in {@code "TOTAL:"} + {@code "TOTAL SWAP
 * PSS:"} (Android 7–10) or {@code "TOTAL PSS:"}, {@code "TOTAL RSS:"}, {@code "TOTAL SWAP PSS:"} (11+). Read in the
 * SDK sources of API 23, 24, 28, 30, 31, 34, 35; Android 6 prints "(kB)" in the header, "Swapped" for the fourth
 * column and an App Summary ending in {@code "TOTAL:"} + {@code "TOTAL SWAP (KB):"} (API 23 ActivityThread and
 * ActivityManagerService; also a real Marshmallow dump quoted in KazuCocoa/droid-monitor issue #12). No process:
 * {@code "No process found for: " + arg} alone, without the header. The Objects/SQL/Asset sections that follow are left out (inferred:
 * nothing reads them). The category split of the PSS is invented (inferred).
 */
final class MeminfoService implements DumpsysService {

    private static final String HEAP_7 = "%13s %8s %8s %8s %8s %8s %8s %8s";
    private static final String HEAP_11 = "%13s %8s %8s %8s %8s %8s %8s %8s %8s";
    /** Category, share of the PSS in thousandths (the rest is Unknown). */
    private static final Object[][] ROWS = {{"Native Heap", 300}, {"Dalvik Heap", 140}, {"Dalvik Other", 20},
            {"Stack", 10}, {"Gfx dev", 80}, {"Other dev", 1}, {".so mmap", 50}, {".apk mmap", 10}, {".dex mmap", 60},
            {".oat mmap", 30}, {".art mmap", 40}, {"Other mmap", 10}, {"EGL mtrack", 120}, {"GL mtrack", 90}};

    private final AndroidVersion version;
    private final AppLifecycle app;
    private final TimeSource time;

    MeminfoService(AndroidVersion version, AppLifecycle app, TimeSource time) {
        this.version = version;
        this.app = app;
        this.time = time;
    }

    @Override
    public String dump(List<String> args) {
        long now = time.nanoTime();
        String arg = args.stream().filter(a -> !a.startsWith("-")).findFirst().orElse(null);
        // "(kB)" on Android 6 (a Marshmallow dump in KazuCocoa/droid-monitor issue #12), "(in Kilobytes)" from API 24
        AppProcess p = app.process();
        if (arg == null || p == null || !(arg.equals(app.packageName()) || arg.equals(Integer.toString(p.pid())))) {
            // dumpApplicationMemoryUsage with procs == null and no native process of that name: this line alone,
            // before any header (API 23: "No process found for: " + args[opti]; API 34: + proc, "N/A" without arg)
            return "No process found for: " + (arg == null ? "N/A" : arg) + "\n";
        }
        StringBuilder b = new StringBuilder(version.major() >= 7 ? "Applications Memory Usage (in Kilobytes):\n"
                : "Applications Memory Usage (kB):\n");
        b.append("Uptime: ").append(now / 1_000_000L).append(" Realtime: ").append(now / 1_000_000L).append('\n');
        long up = now - p.startedAt();
        long pss = KernelFiles.pssKb(up);
        long rss = KernelFiles.rssKb(up);
        boolean rssColumn = version.major() >= 11;
        String f = rssColumn ? HEAP_11 : HEAP_7;
        String swap = version.major() >= 7 ? "SwapPss" : "Swapped";
        b.append("\n** MEMINFO in pid ").append(p.pid()).append(" [").append(app.packageName()).append("] **\n");
        if (rssColumn) {
            row(b, f, "", "Pss", "Private", "Private", swap, "Rss", "Heap", "Heap", "Heap");
            row(b, f, "", "Total", "Dirty", "Clean", "Dirty", "Total", "Size", "Alloc", "Free");
            row(b, f, "", "------", "------", "------", "------", "------", "------", "------", "------");
        } else {
            row(b, f, "", "Pss", "Private", "Private", swap, "Heap", "Heap", "Heap");
            row(b, f, "", "Total", "Dirty", "Clean", "Dirty", "Size", "Alloc", "Free");
            row(b, f, "", "------", "------", "------", "------", "------", "------", "------");
        }
        long used = 0;
        for (Object[] r : ROWS) {
            long v = pss * (Integer) r[1] / 1000;
            used += v;
            boolean heap = r[0].equals("Native Heap") || r[0].equals("Dalvik Heap");
            Object size = heap ? v * 2 : "";
            Object alloc = heap ? v * 3 / 2 : "";
            Object free = heap ? v / 2 : "";
            if (rssColumn) {
                row(b, f, r[0], v, v * 9 / 10, v / 20, 0, v * 8 / 5, size, alloc, free);
            } else {
                row(b, f, r[0], v, v * 9 / 10, v / 20, 0, size, alloc, free);
            }
        }
        long unknown = pss - used;
        if (rssColumn) {
            row(b, f, "Unknown", unknown, unknown, 0, 0, unknown, "", "", "");
            // API 30 (Android 11) passes memInfo.getTotalPss() as the TOTAL row's Rss Total; API 31+ getTotalRss()
            long rssTotal = version.major() == 11 ? pss : rss;
            row(b, f, "TOTAL", pss, pss * 9 / 10, pss / 20, 0, rssTotal, pss * 22 / 25, pss * 33 / 50, pss * 11 / 50);
        } else {
            row(b, f, "Unknown", unknown, unknown, 0, 0, "", "", "");
            row(b, f, "TOTAL", pss, pss * 9 / 10, pss / 20, 0, pss * 22 / 25, pss * 33 / 50, pss * 11 / 50);
        }
        b.append(" \n App Summary\n");
        if (rssColumn) {
            row(b, "%21s %8s %21s %8s", "", "Pss(KB)", "", "Rss(KB)");
            row(b, "%21s %8s %21s %8s", "", "------", "", "------");
            row(b, "%21s %8d %21s %8d", "Java Heap:", pss * 18 / 100, "", rss * 18 / 100);
            row(b, "%21s %8d %21s %8d", "Native Heap:", pss * 30 / 100, "", rss * 30 / 100);
            b.append(" \n");
            row(b, "%21s %8d %21s %8d %21s %8d", "TOTAL PSS:", pss, "TOTAL RSS:", rss, "TOTAL SWAP PSS:", 0L);
        } else {
            row(b, "%21s %8s", "", "Pss(KB)");
            row(b, "%21s %8s", "", "------");
            row(b, "%21s %8d", "Java Heap:", pss * 18 / 100);
            row(b, "%21s %8d", "Native Heap:", pss * 30 / 100);
            b.append(" \n");
            // Android 6 has no SwapPss (hasSwappedOutPss is new in 7): API 23 prints "TOTAL SWAP (KB):"
            row(b, "%21s %8d %21s %8d", "TOTAL:", pss, version.major() >= 7 ? "TOTAL SWAP PSS:" : "TOTAL SWAP (KB):", 0L);
        }
        return b.toString();
    }

    private static void row(StringBuilder b, String format, Object... values) {
        b.append(String.format(Locale.ROOT, format, values)).append('\n');
    }
}
