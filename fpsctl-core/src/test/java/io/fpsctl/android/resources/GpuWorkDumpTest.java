package io.fpsctl.android.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.android.DumpFormatException;
import org.junit.jupiter.api.Test;

/**
 * Hand-written {@code dumpsys gpu --gpuwork} outputs, from frameworks/native {@code GpuWork::dump} (the title and
 * header appended as one string, {@code "[errors:%u]"} before a row whose error_count is not 0, rows
 * {@code "%u %u %llu %llu\n"} sorted by (gpu_id, uid)) and {@code GpuService::doDump} (a blank line after each
 * section); the two one-line texts of an uninitialised GpuWork or invalid map.
 */
class GpuWorkDumpTest {
    static final String TABLE = "GPU work information.\n"
            + "gpu_id uid total_active_duration_ns total_inactive_duration_ns\n"
            + "0 1000 912345678 50000000\n"
            + "0 10123 2500000000 400000000\n"
            + "[errors:3]0 10124 7000000 0\n"
            + "1 10123 1500 0\n"
            + "\n";

    @Test
    void theAppsUidOverEveryGpu() throws DumpFormatException {
        GpuWorkDump.Reading r = GpuWorkDump.parse(TABLE, 10123);
        assertEquals(2_500_001_500L, r.activeNs());
        assertNull(r.reason());
        // a row with errors counts as its numbers say: it is another uid's here, and its own when asked
        assertEquals(7_000_000L, GpuWorkDump.parse(TABLE, 10124).activeNs());
        // the table lists uids: one without a row did no GPU work since the map was cleared, a real 0
        assertEquals(0L, GpuWorkDump.parse(TABLE, 10999).activeNs());
    }

    @Test
    void anUninitialisedOrEmptyTrackerIsUnavailableNeverZero() throws DumpFormatException {
        GpuWorkDump.Reading off = GpuWorkDump.parse("GPU work information is not available.\n\n", 10123);
        assertNull(off.activeNs());
        assertTrue(off.reason().startsWith("GPU work information is not available"), off.reason());
        GpuWorkDump.Reading map = GpuWorkDump.parse("GPU work map is not available.\n\n", 10123);
        assertNull(map.activeNs());
        GpuWorkDump.Reading empty = GpuWorkDump.parse("GPU work information.\n"
                + "gpu_id uid total_active_duration_ns total_inactive_duration_ns\n\n", 10123);
        assertNull(empty.activeNs());
        assertTrue(empty.reason().contains("lists no uid"), empty.reason());
        assertEquals("dumpsys gpu --gpuwork printed nothing", GpuWorkDump.parse("\n", 10123).reason());
        assertEquals("dumpsys gpu: no such service", GpuWorkDump.parse("Can't find service: gpu\n", 10123).reason());
    }

    @Test
    void beforeAndroid13ItIsNotAsked() {
        assertEquals("the app's GPU time needs Android 13 (API 33: gpuservice's GpuWork, dumpsys gpu --gpuwork), the "
                + "device is API 32", GpuWorkDump.tooOld(32));
        assertNull(GpuWorkDump.tooOld(33));
        assertFalse(ResourceProbe.of(4000, 32, false, false, true, "com.example.feed").command().contains("gpuwork"));
        assertTrue(ResourceProbe.of(4000, 33, false, false, true, "com.example.feed").command()
                .contains("dumpsys gpu --gpuwork"));
    }

    @Test
    void otherTextIsAFormatError() {
        assertThrows(DumpFormatException.class, () -> GpuWorkDump.parse("GPU work information.\n"
                + "gpu_id uid total_active_duration_ns total_inactive_duration_ns\n0 10123 12\n", 10123));
        assertThrows(DumpFormatException.class, () -> GpuWorkDump.parse("GPU work information.\n"
                + "gpu_id uid total_active_duration_ns total_inactive_duration_ns\n[errors:2 0 10123 1 2\n", 10123));
    }

    /**
     * Android 10 to 12's gpuservice does not know {@code --gpuwork}: {@code GpuService::doDump} (lineage-19.1, 12)
     * leaves {@code dumpAll} true for an argument it does not know and prints the driver lines
     * ({@code dumpGameDriverInfo}), a blank line, {@code GpuMem::dump}, a blank line, {@code GpuStats::dump} (its
     * {@code GpuStatsGlobalInfo::toString} lines, a blank line each) and a blank line. Written by hand from those.
     */
    static final String ANDROID_12_WHOLE_DUMP = "Stable Game Driver: unsupported\n"
            + "Pre-release Game Driver: unsupported\n"
            + "\n"
            + "Memory snapshot for GPU 0:\n"
            + "Global total: 187432960\n"
            + "Proc 1234 total: 25165824\n"
            + "Proc 4000 total: 62914560\n"
            + "\n"
            + "driverPackageName = system\n"
            + "driverVersionName = 0.502.0\n"
            + "driverVersionCode = 0\n"
            + "driverBuildTime = 1630000000\n"
            + "glLoadingCount = 41\n"
            + "glLoadingFailureCount = 0\n"
            + "angleLoadingCount = 0\n"
            + "angleLoadingFailureCount = 0\n"
            + "vkLoadingCount = 3\n"
            + "vkLoadingFailureCount = 0\n"
            + "vulkanVersion = 4198400\n"
            + "cpuVulkanVersion = 4198400\n"
            + "glesVersion = 196610\n"
            + "\n"
            + "\n";

    @Test
    void beforeAndroid13TheWholeGpuDumpIsUnavailableNotAnError() throws DumpFormatException {
        GpuWorkDump.Reading r = GpuWorkDump.parse(ANDROID_12_WHOLE_DUMP, 10123);
        assertNull(r.activeNs());
        assertTrue(r.reason().startsWith("dumpsys gpu --gpuwork printed no GPU work table (first line \"Stable Game "
                + "Driver: unsupported\")"), r.reason());
        assertTrue(r.reason().contains("Android 13"), r.reason());
        // Android 10 (lineage-17.1 doDump: only --gpustats is known) prints the driver lines and GpuStats only
        assertNull(GpuWorkDump.parse("Stable Game Driver: unsupported\nPre-release Game Driver: unsupported\n\n"
                + "driverPackageName = system\n\n\n", 10123).activeNs());
    }

    /**
     * A device whose API level is unknown is asked (the batch takes it as the newest): on a 12 phone the part holds the
     * whole gpu dump, and only the app's GPU time is unavailable; CPU, memory and network stay.
     */
    @Test
    void anUnknownApiLevelOnAnOldPhoneKeepsEveryOtherFigure() throws DumpFormatException {
        String m = ResourceProbe.MARKER + " ";
        ResourceProbe probe = ResourceProbe.of(4000, Integer.MAX_VALUE, false, false, true, "com.example.feed");
        assertTrue(probe.command().contains("dumpsys gpu --gpuwork"), probe.command());
        String base = m + "uptime\n600.00 4000.00\n" + m + "process\n"
                + "4000 (om.example.feed) S 601 601 0 0 -1 1077952832 41235 0 612 0 12 3 0 0 10 -10"
                + " 52 0 81234 15203987456 35612 18446744073709551615 1 1 0 0 0 0 4612 1 1073775868 0 0 0 17 4 0 0"
                + " 0 0 0 0 0 0 0 0 0 0 0\n"
                + m + "net_rule\n31\n4.19.157-perf\n"
                + m + "app_net\nUid:\t10123\t10123\t10123\t10123\n"
                + "cat: /proc/net/xt_qtaguid/stats: No such file or directory\n"
                + m + "device_net\n" + DeviceLoadPartsTest.NET_DEV;
        ResourceSample s = probe.parse(base + m + "gpu_work\n" + ANDROID_12_WHOLE_DUMP);
        assertNull(s.gpuWork().activeNs());
        assertTrue(s.missing().contains("app gpu time: " + s.gpuWork().reason()), s.missing()::toString);
        assertTrue(s.uptimeSeconds() == 600.0, () -> "uptime " + s.uptimeSeconds());
        assertTrue(s.process() != null, "the app's process is still read");
        assertTrue(s.deviceNet() != null, "the device's bytes are still read");
        // a table row of the wrong shape, too, costs the app's GPU time only
        ResourceSample bad = probe.parse(base + m + "gpu_work\nGPU work information.\n"
                + "gpu_id uid total_active_duration_ns total_inactive_duration_ns\n0 10123 12\n\n");
        assertNull(bad.gpuWork().activeNs());
        assertTrue(bad.gpuWork().reason().contains("not 4 numbers"), bad.gpuWork()::reason);
        assertTrue(bad.deviceNet() != null && bad.process() != null, "the other figures stay");
    }

    /** In the batch: the uid comes from the app network part's Uid: line; a missing figure is said in missing. */
    @Test
    void inTheBatch() throws DumpFormatException {
        String m = ResourceProbe.MARKER + " ";
        ResourceProbe probe = ResourceProbe.of(4000, 34, false, false, true, "com.example.feed");
        String base = m + "uptime\n600.00 4000.00\n" + m + "net_rule\n34\n6.1.25-android14\n"
                + m + "app_net\nUid:\t10123\t10123\t10123\t10123\n"
                + "cat: /proc/net/xt_qtaguid/stats: No such file or directory\n"
                + m + "device_net\n" + DeviceLoadPartsTest.NET_DEV;
        ResourceSample s = probe.parse(base + m + "gpu_work\n" + TABLE);
        assertEquals(2_500_001_500L, s.gpuWork().activeNs());
        ResourceSample off = probe.parse(base + m + "gpu_work\nGPU work information is not available.\n\n");
        assertNull(off.gpuWork().activeNs());
        assertTrue(off.missing().contains("app gpu time: " + off.gpuWork().reason()), off.missing()::toString);
        ResourceSample old = ResourceProbe.of(4000, 31, false, false, true, "com.example.feed").parse(base);
        assertTrue(old.gpuWork().reason().contains("needs Android 13"), old.gpuWork()::toString);
    }
}
