package io.fpsctl.sim.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulator's resource texts against texts written by hand from the printers they imitate (not produced by
 * the simulator): BatteryService.dumpInternal, ThermalManagerService.dump, do_task_stat, task_mem.
 */
class SimResourceFilesGoldenTest {

    @Test
    void batteryDumpOfAndroid14AndOfAndroid6() {
        // API 34 dumpInternal: "Dock powered" after Wireless; temperature in tenths of °C (302 = 30.2 °C, cool phone)
        assertEquals("Current Battery Service state:\n  AC powered: false\n  USB powered: true\n"
                + "  Wireless powered: false\n  Dock powered: false\n  Max charging current: 500000\n"
                + "  Max charging voltage: 5000000\n  Charge counter: 3053000\n  status: 2\n  health: 2\n"
                + "  present: true\n  level: 87\n  scale: 100\n  voltage: 4254\n  temperature: 302\n"
                + "  technology: Li-ion\n", new SimHarness("smooth", 14, null, 1).sh("dumpsys battery"));
        // API 23 dumpInternal: no "Max charging current/voltage" nor "Charge counter" (new in API 24), status next
        String six = new SimHarness("smooth", 6, null, 1).sh("dumpsys battery");
        assertEquals("Current Battery Service state:\n  AC powered: false\n  USB powered: true\n"
                + "  Wireless powered: false\n  status: 2\n  health: 2\n  present: true\n  level: 87\n"
                + "  scale: 100\n  voltage: 4254\n  temperature: 302\n  technology: Li-ion\n", six);
    }

    @Test
    void thermalServiceOfAndroid14WhenSevere() {
        SimHarness h = new SimHarness("throttle", 14, null, 1);
        h.advanceMillis(31_000); // stage 3: SEVERE, skin 45.5 °C, cpu 88.0 °C, battery 37.3 °C
        assertEquals("IsStatusOverride: false\n"
                + "ThermalEventListeners:\n\tcallbacks: 1\n\tkilled: false\n\tbroadcasts count: -1\n"
                + "ThermalStatusListeners:\n\tcallbacks: 1\n\tkilled: false\n\tbroadcasts count: -1\n"
                + "Thermal Status: 3\n"
                + "Cached temperatures:\n"
                + "\tTemperature{mValue=45.5, mType=3, mName=skin, mStatus=3}\n"
                + "\tTemperature{mValue=37.3, mType=2, mName=battery, mStatus=0}\n"
                + "HAL Ready: true\nHAL connection:\n\tThermalHAL AIDL 1  connected: yes\n"
                + "Current temperatures from HAL:\n"
                + "\tTemperature{mValue=88.0, mType=0, mName=cpu4, mStatus=3}\n"
                + "\tTemperature{mValue=45.5, mType=3, mName=skin, mStatus=3}\n"
                + "\tTemperature{mValue=37.3, mType=2, mName=battery, mStatus=0}\n"
                + "Current cooling devices from HAL:\n\tCoolingDevice{mValue=3, mType=2, mName=cpu4}\n"
                + "Temperature static thresholds from HAL:\n", h.sh("dumpsys thermalservice"));
    }

    @Test
    void thermalServiceListsStaticThresholdsFromAndroid12() {
        // ThermalManagerService dump after "HAL Ready: true": API 30 (Android 11) ends with the cooling devices;
        // API 31 (Android 12) adds pw.println("Temperature static thresholds from HAL:") and dumpItemsLocked(...)
        // of the thresholds (none on the simulated HAL). A cool phone: status 0, so the cooling device value is 0.
        String cooling = "Current cooling devices from HAL:\n\tCoolingDevice{mValue=0, mType=2, mName=cpu4}\n";
        String eleven = new SimHarness("smooth", 11, null, 1).sh("dumpsys thermalservice");
        assertTrue(eleven.endsWith("HAL connection:\n\tThermalHAL 2.0 connected: yes\n"
                + "Current temperatures from HAL:\n"
                + "\tTemperature{mValue=48.0, mType=0, mName=cpu4, mStatus=0}\n"
                + "\tTemperature{mValue=34.5, mType=3, mName=skin, mStatus=0}\n"
                + "\tTemperature{mValue=30.2, mType=2, mName=battery, mStatus=0}\n" + cooling), eleven);
        String twelve = new SimHarness("smooth", 12, null, 1).sh("dumpsys thermalservice");
        assertTrue(twelve.endsWith(cooling + "Temperature static thresholds from HAL:\n"), twelve);
    }

    @Test
    void meminfoOfNoProcessIsOneLineAndAndroid11TotalRowRepeatsThePss() {
        // ActivityManagerService dumpApplicationMemoryUsage, procs == null: println("No process found for: " + proc)
        // and return, before dumpApplicationMemoryUsageHeader (API 23 and 34 alike)
        assertEquals("No process found for: com.other.app\n",
                new SimHarness("smooth", 14, null, 1).sh("dumpsys meminfo com.other.app"));
        assertEquals("No process found for: com.other.app\n",
                new SimHarness("smooth", 6, null, 1).sh("dumpsys meminfo com.other.app"));
        // ActivityThread.dumpMemInfoTable HEAP_COLUMN "TOTAL" row: API 30 passes getTotalPss() in the Rss Total
        // column (5th number), API 31 getTotalRss(). 2 s after start: RSS 142 336 + 16 × 2 = 142 368 kB, PSS 5/8 of
        // it = 88 980 kB (KernelFiles.rssKb / pssKb).
        assertEquals("TOTAL 88980 80082 4449 0 88980",
                totalRow(new SimHarness("smooth", 11, null, 1)));
        assertEquals("TOTAL 88980 80082 4449 0 142368",
                totalRow(new SimHarness("smooth", 12, null, 1)));
    }

    private static String totalRow(SimHarness h) {
        h.advanceMillis(2_000);
        for (String line : h.sh("dumpsys meminfo " + SimHarness.PKG).split("\n")) {
            String[] f = line.strip().split(" +");
            if (f[0].equals("TOTAL")) {
                return String.join(" ", java.util.Arrays.copyOf(f, 6));
            }
        }
        throw new AssertionError("no TOTAL row");
    }

    @Test
    void statLinesHave52FieldsAndStatusHasTaskMemsVmRss() {
        SimHarness h = new SimHarness("smooth", 14, null, 1);
        h.advanceMillis(2_000);
        int pid = h.device.pid().orElseThrow();
        String stat = h.sh("cat /proc/" + pid + "/stat");
        String tail = stat.substring(stat.lastIndexOf(')') + 2).strip();
        assertEquals(50, tail.split(" ").length, "fields 3..52 after the comm: " + stat);
        assertTrue(stat.startsWith(pid + " (om.example.feed) S 560 "), stat);
        // task_mem: "VmRSS:\t" + %8lu + " kB": 142 336 + 16 × 2 s = 142 368 kB (KernelFiles.rssKb, 2 s after start)
        assertEquals("VmRSS:\t  142368 kB\n", h.sh("grep VmRSS /proc/" + pid + "/status"));
        assertTrue(h.sh("cat /proc/stat").startsWith("cpu  "), "show_stat: \"cpu \" then \" %llu\"");
        SimHarness.Result missing = h.run("cat /proc/" + pid + "/task/99999/stat");
        assertEquals("cat: /proc/" + pid + "/task/99999/stat: No such file or directory\n", missing.err());
        // mksh leaves an unmatched glob as typed
        assertEquals("cat: /proc/1/task/*/stat: No such file or directory\n", h.run("cat /proc/1/task/*/stat").err());
    }

    @Test
    void truthWriterRecordsEachReadAsJson(@TempDir Path dir) throws Exception {
        ManualTimeSource time = new ManualTimeSource();
        TruthWriter truth = TruthWriter.open(dir.resolve("t.txt"), AndroidVersion.of(14));
        SimulatedAndroid d = SimulatedAndroid.create(Scenarios.byName("jank"),
                SimOptions.defaults().withAndroid(14), time, truth);
        time.advanceMillis(1_000);
        int pid = d.pid().orElseThrow();
        java.io.ByteArrayOutputStream sink = new java.io.ByteArrayOutputStream();
        d.run("cat /proc/" + pid + "/task/*/stat", sink, sink);
        d.run("cat /proc/uptime", sink, sink); // not an app stat file: no truth line
        truth.close();
        List<String> lines = Files.readAllLines(truth.resourcesFile());
        assertEquals(1, lines.size());
        assertTrue(lines.get(0).startsWith("{\"uptimeNs\":3601000000000,\"pid\":" + pid + ",\"threads\":[{\"tid\":"
                + pid + ",\"name\":\"om.example.feed\","), lines.get(0));
        assertTrue(lines.get(0).contains("\"thermalStatus\":0"), lines.get(0));
    }
}
