package io.fpsctl.android.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.android.DumpFormatException;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * {@code dumpsys meminfo}, {@code thermalservice} and {@code battery} texts written by hand from frameworks/base's
 * print statements (read in the SDK sources of API 24, 30, 31, 34 and 35): the meminfo rows are produced here
 * with ActivityThread's own format strings ({@code HEAP_COLUMN}, {@code ONE_COUNT_COLUMN}, {@code
 * TWO_COUNT_COLUMNS}, {@code THREE_COUNT_COLUMNS}) applied to values chosen by hand.
 */
class ServiceDumpsTest {

    /** ActivityThread HEAP_COLUMN, Android 7 to 10: Pss Total, Private Dirty, Private Clean, SwapPss, Heap ×3. */
    private static final String HEAP_COLUMN_7 = "%13s %8s %8s %8s %8s %8s %8s %8s";
    /** Android 11+: an Rss Total column after SwapPss Dirty. */
    private static final String HEAP_COLUMN_11 = "%13s %8s %8s %8s %8s %8s %8s %8s %8s";

    private static String row(String format, Object... values) {
        return String.format(Locale.ROOT, format, values) + "\n";
    }

    /** Android 7 (API 24) {@code dumpsys meminfo com.example.feed}, TOTAL PSS 43182 kB. */
    static String meminfoAndroid7(int pid) {
        return "Applications Memory Usage (in Kilobytes):\n"                          // AMS dump…Header
                + "Uptime: 81234567 Realtime: 81234567\n"
                + "\n** MEMINFO in pid " + pid + " [com.example.feed] **\n"            // AMS, dumpDetails
                + row(HEAP_COLUMN_7, "", "Pss", "Private", "Private", "SwapPss", "Heap", "Heap", "Heap")
                + row(HEAP_COLUMN_7, "", "Total", "Dirty", "Clean", "Dirty", "Size", "Alloc", "Free")
                + row(HEAP_COLUMN_7, "", "------", "------", "------", "------", "------", "------", "------")
                + row(HEAP_COLUMN_7, "Native Heap", 10468, 10408, 0, 0, 20480, 14462, 6017)
                + row(HEAP_COLUMN_7, "Dalvik Heap", 5434, 5388, 0, 0, 13250, 8834, 4416)
                + row(HEAP_COLUMN_7, "Gfx dev", 2484, 2484, 0, 0, "", "", "")
                + row(HEAP_COLUMN_7, "Unknown", 345, 344, 0, 0, "", "", "")
                + row(HEAP_COLUMN_7, "TOTAL", 43182, 37212, 2080, 0, 33730, 23296, 10433)
                + " \n App Summary\n"
                + row("%21s %8s", "", "Pss(KB)") + row("%21s %8s", "", "------")
                + row("%21s %8d", "Java Heap:", 6844)
                + " \n" + row("%21s %8d %21s %8d", "TOTAL:", 43182, "TOTAL SWAP PSS:", 0);
    }

    /** Android 14 (API 34), two processes of the package; ours is the second block, TOTAL PSS 88120 kB. */
    static String meminfoAndroid14(int pid) {
        String block = row(HEAP_COLUMN_11, "", "Pss", "Private", "Private", "SwapPss", "Rss", "Heap", "Heap", "Heap")
                + row(HEAP_COLUMN_11, "", "Total", "Dirty", "Clean", "Dirty", "Total", "Size", "Alloc", "Free")
                + row(HEAP_COLUMN_11, "", "------", "------", "------", "------", "------", "------", "------",
                "------");
        return "Applications Memory Usage (in Kilobytes):\nUptime: 81234567 Realtime: 81234567\n"
                + "\n** MEMINFO in pid 3999 [com.example.feed:sync] **\n" + block
                + row(HEAP_COLUMN_11, "TOTAL", 20111, 9000, 100, 0, 60000, 1, 1, 1)
                + "\n** MEMINFO in pid " + pid + " [com.example.feed] **\n" + block
                + row(HEAP_COLUMN_11, "Native Heap", 30468, 30408, 0, 12, 32000, 40960, 34462, 6498)
                + row(HEAP_COLUMN_11, "TOTAL", 88120, 70212, 6080, 512, 171004, 66210, 51296, 14914)
                + " \n App Summary\n"
                + row("%21s %8s %21s %8s", "", "Pss(KB)", "", "Rss(KB)")
                + " \n" + row("%21s %8d %21s %8d %21s %8d", "TOTAL PSS:", 88120, "TOTAL RSS:", 171004,
                "TOTAL SWAP PSS:", 512);
    }

    @Test
    void meminfoTotalPssOfOurPidAcrossVersions() throws DumpFormatException {
        assertEquals(43182L, MeminfoDump.totalPssKb(meminfoAndroid7(4000), 4000));
        assertEquals(88120L, MeminfoDump.totalPssKb(meminfoAndroid14(4000), 4000));
        // Only the App Summary (e.g. dumpsys meminfo -s): Android 11+ "TOTAL PSS:".
        String summaryOnly = "\n** MEMINFO in pid 4000 [com.example.feed] **\n App Summary\n"
                + row("%21s %8d %21s %8d %21s %8d", "TOTAL PSS:", 777, "TOTAL RSS:", 999, "TOTAL SWAP PSS:", 0);
        assertEquals(777L, MeminfoDump.totalPssKb(summaryOnly, 4000));
    }

    /**
     * Android 6 (API 23): AMS dumpApplicationMemoryUsageHeader "Applications Memory Usage (kB):"; ActivityThread
     * HEAP_COLUMN "%13s %8s %8s %8s %8s %8s %8s %8s" with a "Swapped" column; App Summary ONE_COUNT_COLUMN_HEADER
     * "%21s %8s", then TWO_COUNT_COLUMNS "TOTAL:" + getSummaryTotalPss(), "TOTAL SWAP (KB):" + getSummaryTotalSwap().
     */
    @Test
    void meminfoOfAndroid6() throws DumpFormatException {
        String text = "Applications Memory Usage (kB):\nUptime: 81234567 Realtime: 81234567\n"
                + "\n** MEMINFO in pid 4000 [com.example.feed] **\n"
                + row(HEAP_COLUMN_7, "", "Pss", "Private", "Private", "Swapped", "Heap", "Heap", "Heap")
                + row(HEAP_COLUMN_7, "", "Total", "Dirty", "Clean", "Dirty", "Size", "Alloc", "Free")
                + row(HEAP_COLUMN_7, "", "------", "------", "------", "------", "------", "------", "------")
                + row(HEAP_COLUMN_7, "Native Heap", 9120, 9076, 0, 0, 18432, 12001, 6430)
                + row(HEAP_COLUMN_7, "TOTAL", 31415, 27000, 1800, 0, 30000, 20000, 10000)
                + " \n App Summary\n" + row("%21s %8s", "", "Pss(KB)") + row("%21s %8s", "", "------")
                + " \n" + row("%21s %8d %21s %8d", "TOTAL:", 31415, "TOTAL SWAP (KB):", 0);
        assertEquals(31415L, MeminfoDump.totalPssKb(text, 4000));
        // the App Summary alone (dumpsys meminfo -s): its "TOTAL:" carries the same number
        String summary = text.substring(0, text.indexOf("   ")) + text.substring(text.indexOf(" \n App Summary"));
        assertEquals(31415L, MeminfoDump.totalPssKb(summary, 4000));
    }

    @Test
    void meminfoWithoutOurProcessIsAbsentAndABlockWithoutTotalIsAnError() throws DumpFormatException {
        // ActivityManagerService dumpApplicationMemoryUsage: pw.println("No process found for: " + proc)
        // (the line alone: the header is printed only once a process matched, API 23 to 35)
        String none = "No process found for: com.example.feed\n";
        assertNull(MeminfoDump.totalPssKb(none, 4000));
        assertEquals("No process found for: com.example.feed", MeminfoDump.absence(none, 4000));
        assertNull(MeminfoDump.totalPssKb(meminfoAndroid7(4000), 5000));
        assertThrows(DumpFormatException.class, () -> MeminfoDump.totalPssKb(
                "\n** MEMINFO in pid 4000 [com.example.feed] **\n garbage\n", 4000));
    }

    /**
     * ThermalManagerService.dump (API 30–34): IsStatusOverride, the two RemoteCallbackList dumps, "Thermal Status: "
     * + mStatus, "Cached temperatures:", "HAL Ready: ", the HAL wrapper's line, "Current temperatures from HAL:",
     * "Current cooling devices from HAL:"; items with a tab prefix and Temperature/CoolingDevice.toString().
     */
    static final String THERMAL_SEVERE = "IsStatusOverride: false\n"
            + "ThermalEventListeners:\n\tcallbacks: 1\n\tkilled: false\n\tbroadcasts count: -1\n"
            + "ThermalStatusListeners:\n\tcallbacks: 2\n\tkilled: false\n\tbroadcasts count: -1\n"
            + "Thermal Status: 3\n"
            + "Cached temperatures:\n"
            + "\tTemperature{mValue=44.1, mType=3, mName=skin, mStatus=3}\n"
            + "\tTemperature{mValue=31.2, mType=2, mName=battery, mStatus=0}\n"
            + "HAL Ready: true\n"
            + "HAL connection:\n\tThermalHAL 2.0 connected: yes\n"
            + "Current temperatures from HAL:\n"
            + "\tTemperature{mValue=71.5, mType=0, mName=cpu4, mStatus=3}\n"
            + "\tTemperature{mValue=80.25, mType=1, mName=gpu0, mStatus=0}\n"     // GPU: not a CPU/SKIN reading
            + "\tTemperature{mValue=NaN, mType=3, mName=skin2, mStatus=0}\n"
            + "\tTemperature{mValue=44.1, mType=3, mName=skin, mStatus=3}\n"
            + "Current cooling devices from HAL:\n\tCoolingDevice{mValue=3, mType=2, mName=cpu4}\n";

    @Test
    void thermalStatusAndHottestCpuOrSkin() throws DumpFormatException {
        ThermalServiceDump.Reading r = ThermalServiceDump.parse(THERMAL_SEVERE);
        assertEquals(3, r.status());
        assertEquals(71.5, r.maxCpuOrSkinC(), 1e-9);
        // HAL not ready: no temperatures at all, the status alone.
        ThermalServiceDump.Reading bare = ThermalServiceDump.parse(
                "IsStatusOverride: false\nThermal Status: 0\nCached temperatures:\nHAL Ready: false\n");
        assertEquals(0, bare.status());
        assertNull(bare.maxCpuOrSkinC());
        assertThrows(DumpFormatException.class, () -> ThermalServiceDump.parse("Permission Denial: can't dump\n"));
    }

    @Test
    void staleCachedTemperaturesYieldToTheCurrentOnes() throws DumpFormatException {
        // "Cached temperatures" hold what the HAL last pushed (mTemperatureMap, updated by its callback only);
        // "Current temperatures from HAL" are read at dump time. A hot cached CPU must not hide a cool current one.
        String text = "Thermal Status: 0\nCached temperatures:\n\tTemperature{mValue=99.0, mType=0, mName=cpu7, mStatus=0}\n"
                + "HAL Ready: true\nHAL connection:\n\tThermalHAL 2.0 connected: yes\n"
                + "Current temperatures from HAL:\n\tTemperature{mValue=41.5, mType=0, mName=cpu7, mStatus=0}\n"
                + "\tTemperature{mValue=60.0, mType=1, mName=gpu0, mStatus=0}\n"
                + "Current cooling devices from HAL:\n\tCoolingDevice{mValue=0, mType=2, mName=cpu7}\n";
        assertEquals(41.5, ThermalServiceDump.parse(text).maxCpuOrSkinC(), 1e-9);
        // HAL not ready: no current section, the cached values are all there is.
        String cachedOnly = "Thermal Status: 1\nCached temperatures:\n\tTemperature{mValue=38.5, mType=3, mName=skin, "
                + "mStatus=1}\nHAL Ready: false\n";
        assertEquals(38.5, ThermalServiceDump.parse(cachedOnly).maxCpuOrSkinC(), 1e-9);
    }

    /** BatteryService.dumpInternal: "Current Battery Service state:" then two-space-indented fields. */
    static final String BATTERY = "Current Battery Service state:\n  AC powered: false\n  USB powered: true\n"
            + "  Wireless powered: false\n  Max charging current: 500000\n  Max charging voltage: 5000000\n"
            + "  Charge counter: 3053000\n  status: 2\n  health: 2\n  present: true\n  level: 87\n  scale: 100\n"
            + "  voltage: 4254\n  temperature: 312\n  technology: Li-ion\n";

    @Test
    void batteryTemperatureIsInTenthsOfADegree() throws DumpFormatException {
        assertEquals(31.2, BatteryDump.temperatureC(BATTERY), 1e-9);
        assertEquals(-5.0, BatteryDump.temperatureC("  temperature: -50\n"), 1e-9);
        DumpFormatException e = assertThrows(DumpFormatException.class, () -> BatteryDump.temperatureC("level: 3\n"));
        assertTrue(e.getMessage().contains("temperature"));
    }
}
