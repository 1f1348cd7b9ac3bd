package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.LayerFrame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The commands other tools (SoloX, mobileperf, flashlight, Chromium's perf scripts) send a phone, per Android
 * version. Expected text is written here from the platform sources (toybox/toolbox ps.c, WindowManager and
 * ActivityManager dump code, SurfaceFlinger.cpp and cmds/service), and identities are cross-checked against
 * what the device shows elsewhere (the SurfaceFlinger layer names, the pid), never taken from the formatters.
 */
class PeerToolCommandsTest {

    private static final String PKG = SimHarness.PKG;
    private static final String TITLE = PKG + "/" + PKG + ".MainActivity";

    private static SimHarness device(int android, String scenario, int hz) {
        SimHarness h = new SimHarness(scenario, android, hz, 7);
        h.advanceMillis(500);
        return h;
    }

    private static String pad(String s, int width) {
        return width < 0 ? s + " ".repeat(Math.max(0, -width - s.length()))
                : " ".repeat(Math.max(0, width - s.length())) + s;
    }

    // ---- ps ---------------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(ints = {8, 9, 10})
    void toyboxPsOnOreoToQ(int v) {
        SimHarness h = device(v, "smooth", 60);
        int pid = h.device.pid().orElseThrow();
        assertTrue(pid >= 10_000 && pid < 100_000, "five-digit pid for this seed: " + pid);
        // toybox -o USER,PID,PPID,VSIZE,RSS,WCHAN:10,ADDR:10,S,NAME with widths -12,5,5,7,6,-10,10,-1,-27;
        // the header pads every title, the last one too
        String header = "USER           PID  PPID     VSZ    RSS WCHAN            ADDR S NAME" + " ".repeat(23);
        // VSZ is one wider than 7 and WCHAN four wider than 10: ADDR (10 wide) gives back those 5
        String appRow = "u0_a123      " + pid + "   560 14857836 123456 SyS_epoll_wait     0 S " + PKG;
        for (String cmd : List.of("ps -A", "ps", "ps -e")) {
            SimHarness.Result r = h.run(cmd);
            assertEquals(0, r.exit(), cmd);
            List<String> lines = List.of(r.out().split("\n"));
            assertEquals(header, lines.get(0), cmd);
            assertTrue(lines.contains(appRow), cmd + ":\n" + r.out());
            assertTrue(lines.contains("root             1     0   12844   3120 SyS_epoll_wait      0 S init"), cmd);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {11, 14, 16})
    void toyboxPsWidensPidsFromAndroid11(int v) {
        SimHarness h = device(v, "smooth", 60);
        int pid = h.device.pid().orElseThrow();
        String out = h.sh("ps -A");
        // toybox 0.8.3 "ps: widen pid_t fields": PID and PPID 6 wide
        assertEquals("USER            PID   PPID     VSZ    RSS WCHAN            ADDR S NAME" + " ".repeat(23),
                out.split("\n")[0]);
        assertTrue(out.contains("\nu0_a123      " + pad(String.valueOf(pid), 6) + "    560 14857836 123456 do_epoll_wait"
                + "      0 S " + PKG + "\n"), out);
    }

    @Test
    void toyboxPsFullListing() {
        SimHarness h = device(9, "smooth", 60);
        int pid = h.device.pid().orElseThrow();
        String out = h.sh("ps -ef");
        String[] lines = out.split("\n");
        // -f: USER:12=UID,PID,PPID,C,STIME,TTY,TIME,ARGS=CMD
        assertEquals("UID            PID  PPID C STIME TTY          TIME CMD" + " ".repeat(24), lines[0]);
        // C "12" is one wider than its column and STIME (hh:mm:ss) three wider than 5: TTY (8) gives 4 back
        Pattern app = Pattern.compile("u0_a123      " + pid + "   560 12 \\d\\d:\\d\\d:\\d\\d \\?    \\d\\d:\\d\\d:\\d\\d "
                + Pattern.quote(PKG));
        assertTrue(List.of(lines).stream().anyMatch(l -> app.matcher(l).matches()), out);
        String separate = h.sh("ps -e -f");
        assertEquals(lines[0], separate.split("\n")[0]);
        assertTrue(List.of(separate.split("\n")).stream().anyMatch(l -> app.matcher(l).matches()), separate);
    }

    @Test
    void toyboxPsSelectsByPidAndRejectsNames() {
        SimHarness h = device(12, "smooth", 60);
        int pid = h.device.pid().orElseThrow();
        String[] lines = h.sh("ps -p " + pid).split("\n");
        assertEquals(2, lines.length);
        assertTrue(lines[1].endsWith(" " + PKG));
        assertEquals(2, h.sh("ps " + pid).split("\n").length, "extra arguments are -p pids");
        SimHarness.Result byName = h.run("ps " + PKG);
        assertEquals(1, byName.exit());
        assertEquals("ps: bad " + PKG + "\n", byName.err());
        assertEquals("", byName.out());
    }

    @ParameterizedTest
    @ValueSource(ints = {6, 7})
    void toolboxPsOnMarshmallowAndNougat(int v) {
        SimHarness h = device(v, "smooth", 60);
        int pid = h.device.pid().orElseThrow();
        String header = "USER      PID   PPID  VSIZE  RSS   WCHAN              PC  NAME";
        // "%-9s %-5d %-5d %-6d %-5d" then " %10.*s %010lx %s " and the command line
        String appRow = "u0_a123   " + pad(String.valueOf(pid), -5) + " 560   14857836 123456 SyS_epoll_ 0000000000 S "
                + PKG;
        String all = h.sh("ps");
        assertEquals(header, all.split("\n")[0]);
        assertTrue(List.of(all.split("\n")).contains(appRow), all);
        assertTrue(all.contains("\nroot      1     0     12844  3120  SyS_epoll_ 0000000000 S /init\n"), all);
        assertEquals(header + "\n" + appRow + "\n", h.sh("ps " + pid));
        if (v == 6) {
            // android-6.0.1_r1 ps_main: any other word is a name prefix (namefilter): -A and -ef match nothing
            assertEquals(header + "\n", h.sh("ps -A"));
            assertEquals(header + "\n", h.sh("ps -ef"));
            assertEquals(header + "\n" + appRow + "\n", h.sh("ps com.example"));
        } else {
            // android-7.0.0_r1 ps_main: pidfilter = atoi(argv[1]); 0 → printf("bad pid '%s'\n"), return 1
            for (String arg : List.of("-A", "-ef", "com.example")) {
                SimHarness.Result r = h.run("ps " + arg);
                assertEquals("bad pid '" + arg + "'\n", r.out(), arg);
                assertEquals(1, r.exit(), arg);
            }
        }
    }

    @Test
    void psFollowsTheApp() {
        SimHarness h = device(13, "smooth", 60);
        h.run("am force-stop " + PKG);
        assertFalse(h.sh("ps -A").contains(PKG), "stopped app is not listed");
        h.run("am start -n " + PKG + "/.MainActivity");
        int pid = h.device.pid().orElseThrow();
        assertTrue(h.sh("ps -A").contains(" " + pid + "    560 "));
    }

    // ---- pidof ------------------------------------------------------------------------------------------

    @Test
    void pidofNamesProcesses() {
        SimHarness h = device(10, "smooth", 60);
        assertEquals(h.device.pid().orElseThrow() + "\n", h.sh("pidof " + PKG));
        assertEquals("410\n", h.sh("pidof surfaceflinger"));
        assertEquals("1100\n", h.sh("pidof system_server"));
        SimHarness.Result none = h.run("pidof com.nope");
        assertEquals(1, none.exit());
        assertEquals("", none.out());
        h.run("am force-stop " + PKG);
        assertEquals(1, h.run("pidof " + PKG).exit());
    }

    // ---- dumpsys window ---------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(ints = {8, 9})
    void windowFocusOnOreoAndPie(int v) {
        SimHarness h = device(v, "smooth", 60);
        List<String> layers = List.of(h.sh("dumpsys SurfaceFlinger --list").split("\n"));
        // WindowState.toString() uses the same identity hash as its layer "<hash> <title>#0"
        String windowHash = only(layers, "([0-9a-f]{7}) " + Pattern.quote(TITLE) + "#0");
        String token = only(layers, "(AppWindowToken\\{.*\\})#0");
        String windows = h.sh("dumpsys window windows");
        assertTrue(windows.startsWith("WINDOW MANAGER WINDOWS (dumpsys window windows)\n"));
        assertTrue(windows.contains("\n  mCurrentFocus=Window{" + windowHash + " u0 " + TITLE + "}\n"), windows);
        assertTrue(windows.contains("\n  mFocusedApp=" + token + "\n"), windows);
        assertTrue(token.contains("ActivityRecord{") && token.contains(" u0 " + PKG + "/.MainActivity t"), token);
        assertTrue(h.sh("dumpsys window").contains("\n  mCurrentFocus=Window{" + windowHash + " u0 " + TITLE + "}\n"));
        assertFalse(h.sh("dumpsys window displays").contains("mCurrentFocus"), "≤9: focus is global, not per display");
    }

    @ParameterizedTest
    @ValueSource(ints = {10, 11, 12, 13, 14, 15, 16})
    void windowFocusPerDisplayFromQ(int v) {
        SimHarness h = device(v, "smooth", 60);
        List<String> layers = List.of(h.sh("dumpsys SurfaceFlinger --list").split("\n"));
        if (v >= 15) {
            layers = layers.stream().map(l -> l.replaceAll("^RequestedLayerState\\{(.*?)( parentId=\\d+)?\\}$", "$1"))
                    .toList();
        }
        String suffix = v >= 13 ? "#\\d+" : "#0";
        String windowHash = only(layers, "([0-9a-f]{7}) " + Pattern.quote(TITLE) + suffix);
        String record = only(layers, ".*?(ActivityRecord\\{[0-9a-f]+ u0 " + Pattern.quote(PKG) + "/\\.MainActivity t\\d+\\})"
                + "\\}*" + suffix);
        String focus = "\n  mCurrentFocus=Window{" + windowHash + " u0 " + TITLE + "}\n  mFocusedApp=" + record + "\n";
        assertTrue(h.sh("dumpsys window displays").contains(focus), h.sh("dumpsys window displays"));
        assertTrue(h.sh("dumpsys window").contains(focus));
        String windows = h.sh("dumpsys window windows");
        assertFalse(windows.contains("mCurrentFocus"), "10+: dumpsys window windows has no focus line");
        assertTrue(windows.contains("\n  mTopFocusedDisplayId=0\n"));
    }

    @ParameterizedTest
    @ValueSource(ints = {6, 7})
    void windowFocusOnMarshmallowAndNougat(int v) {
        SimHarness h = device(v, "smooth", 60);
        String windows = h.sh("dumpsys window windows");
        assertTrue(Pattern.compile("\n  mCurrentFocus=Window\\{[0-9a-f]{7} u0 " + Pattern.quote(TITLE) + "\\}\n"
                + "  mFocusedApp=AppWindowToken\\{[0-9a-f]{7} token=Token\\{[0-9a-f]{7} ActivityRecord\\{[0-9a-f]{7} u0 "
                + Pattern.quote(PKG) + "/\\.MainActivity t\\d+\\}\\}\\}\n").matcher(windows).find(), windows);
    }

    @Test
    void focusMovesToTheLauncherWhenTheAppStops() {
        SimHarness h = device(14, "smooth", 60);
        h.run("am force-stop " + PKG);
        String displays = h.sh("dumpsys window displays");
        assertTrue(Pattern.compile("\n  mCurrentFocus=Window\\{[0-9a-f]{7} u0 com\\.android\\.launcher3/"
                + "com\\.android\\.launcher3\\.Launcher\\}\n").matcher(displays).find(), displays);
        assertFalse(displays.contains(PKG));
        assertTrue(h.sh("dumpsys activity activities").contains("  ResumedActivity: ActivityRecord{"));
        assertFalse(h.sh("dumpsys activity activities").contains(PKG));
    }

    // ---- pipes inside one adb shell command line ----------------------------------------------------------

    @Test
    void grepAndHeadInsideTheShellCommand() {
        SimHarness h = device(14, "smooth", 60);
        String focus = h.sh("dumpsys window displays | grep mCurrentFocus");
        assertTrue(focus.matches("  mCurrentFocus=Window\\{[0-9a-f]{7} u0 " + Pattern.quote(TITLE) + "\\}\n"), focus);
        String resumed = h.sh("dumpsys activity activities | grep -E 'topResumedActivity|ResumedActivity:'");
        assertEquals(2, resumed.split("\n").length, resumed);
        int pid = h.device.pid().orElseThrow();
        assertTrue(h.sh("ps -A | grep " + PKG + " | head -n 1").matches("u0_a123 +" + pid + " .* " + Pattern.quote(PKG)
                + "\n"));
        SimHarness.Result none = h.run("ps -A | grep com.nope");
        assertEquals(1, none.exit());
        assertEquals("", none.out());
        assertEquals(3, h.sh("dumpsys window | grep -v '^ ' | head -3").split("\n").length);
        SimHarness.Result unknown = h.run("ps | wc -l");
        assertEquals(127, unknown.exit());
        assertEquals("/system/bin/sh: wc: inaccessible or not found\n", unknown.err());
    }

    // ---- dumpsys activity -------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(ints = {6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
    void resumedActivityLines(int v) {
        SimHarness h = device(v, "smooth", 60);
        String out = h.sh("dumpsys activity activities");
        assertTrue(out.startsWith("ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\n"));
        Matcher m = Pattern.compile("ActivityRecord\\{[0-9a-f]{7} u0 " + Pattern.quote(PKG) + "/\\.MainActivity t\\d+\\}")
                .matcher(out);
        assertTrue(m.find(), out);
        String record = m.group();
        if (v >= 11) {
            // the ActivityRecord layer is named by ActivityRecord.toString()
            assertTrue(h.sh("dumpsys SurfaceFlinger --list").contains(record + "#"), "same record as the layer");
        }
        assertEquals(v <= 12, out.contains("\n    mResumedActivity: " + record + "\n"), "mResumedActivity on " + v);
        assertEquals(v >= 13, out.contains("\n    topResumedActivity=" + record + "\n"), "topResumedActivity on " + v);
        assertEquals(v >= 8, out.contains("\n  ResumedActivity: " + record + "\n"), "ResumedActivity on " + v);
        assertEquals(v <= 7, out.contains("\n  mFocusedActivity: " + record + "\n"), "mFocusedActivity on " + v);
        assertEquals(out, h.sh("dumpsys activity a"));
    }

    // ---- service call SurfaceFlinger 1013 -----------------------------------------------------------------

    @Test
    void parcelPrintsOneInt32LikePrintHexData() {
        // printHexData, 16 bytes a line, 4-byte words: the word big-endian, a space for each of the 3 empty
        // word slots, a space, then the bytes in memory (little-endian) order as ASCII in quotes
        assertEquals("Parcel(41424344    'DCBA')", ServiceCommand.parcelOfInt32(0x41424344));
        assertEquals("Parcel(0001a2b3    '....')", ServiceCommand.parcelOfInt32(0x0001a2b3));
        assertEquals("Parcel(00000000    '....')", ServiceCommand.parcelOfInt32(0));
    }

    @ParameterizedTest
    @ValueSource(ints = {6, 9, 12, 13})
    void pageFlipCountGrowsWithPresentedFrames(int v) {
        SimHarness h = device(v, "smooth", 60);
        assertEquals(1, h.layers.size(), "one layer draws");
        long before = pageFlips(h.sh("service call SurfaceFlinger 1013"));
        Set<Long> seenBefore = presents(h);
        h.advanceMillis(2_000);
        long after = pageFlips(h.sh("service call SurfaceFlinger 1013"));
        Set<Long> newPresents = presents(h);
        newPresents.removeAll(seenBefore);
        // one flip per refresh that presented a buffer of any layer: the truth's distinct present times
        assertEquals(newPresents.size(), after - before);
        assertTrue(after - before > 100 && after - before <= 121, "about 60 flips a second: " + (after - before));
    }

    @ParameterizedTest
    @ValueSource(strings = {"two-windows", "game"})
    void pageFlipCountsARefreshOnceWhateverNumberOfLayersItPresents(String scenario) {
        SimHarness h = device(9, scenario, 60);
        long before = pageFlips(h.sh("service call SurfaceFlinger 1013"));
        int framesBefore = h.layers.values().stream().mapToInt(List::size).sum();
        Set<Long> seen = presents(h);
        h.advanceMillis(3_000);
        Set<Long> now = presents(h);
        now.removeAll(seen);
        int frames = h.layers.values().stream().mapToInt(List::size).sum() - framesBefore;
        long flips = pageFlips(h.sh("service call SurfaceFlinger 1013")) - before;
        assertEquals(now.size(), flips);
        if (scenario.equals("two-windows")) {
            assertTrue(frames > flips, "two windows share refreshes: " + frames + " buffers, " + flips + " flips");
        }
    }

    private static long pageFlips(String out) {
        Matcher m = Pattern.compile("Result: Parcel\\(([0-9a-f]{8})    '(.{4})'\\)\n").matcher(out);
        assertTrue(m.matches(), out);
        return Long.parseLong(m.group(1), 16);
    }

    private static Set<Long> presents(SimHarness h) {
        Set<Long> all = new HashSet<>();
        for (List<LayerFrame> frames : h.layers.values()) {
            for (LayerFrame f : frames) {
                all.add(f.actualPresent());
            }
        }
        return all;
    }

    @ParameterizedTest
    @ValueSource(ints = {14, 15, 16})
    void pageFlipTransactionIsGoneFromAndroid14(int v) {
        SimHarness h = device(v, "smooth", 60);
        assertEquals("Result: Parcel(NULL)\n", h.sh("service call SurfaceFlinger 1013"));
    }

    @Test
    void serviceCallToAnUnknownService() {
        SimHarness h = device(11, "smooth", 60);
        SimHarness.Result r = h.run("service call NoSuchService 1");
        assertEquals("service: Service NoSuchService does not exist\n", r.err());
        assertEquals(10, r.exit());
        assertEquals("Service SurfaceFlinger: found\n", h.sh("service check SurfaceFlinger"));
    }

    // ---- dumpsys SurfaceFlinger (no arguments) ----------------------------------------------------------

    static Stream<Arguments> surfaceFlingerHeaders() {
        return Stream.of(
                // 6–9 DispSync line; global state "%f fps" of 1e9/period (16666666 -> 60.0000024)
                Arguments.of(6, 90, "DispSync configuration: app phase 1000000 ns, sf phase 1000000 ns, present offset"
                        + " 0 ns (refresh 11111111 ns)\n", "\n  refresh-rate              : 90.000001 fps\n"),
                Arguments.of(9, 60, " ns (refresh 16666666 ns)\n", "\n  refresh-rate              : 60.000002 fps\n"),
                // 10/11 VSYNC configuration section
                Arguments.of(11, 120, "VSYNC period:   8333333 ns\n", "\n  refresh-rate              : 120.000005 fps\n"),
                // 12: Fps to_string "%.2ffps"; 12/13 present-offset line of dumpVSync
                Arguments.of(12, 90, "\n      present offset:         0 ns\t     VSYNC period:  11111111 ns\n",
                        "\n  refresh-rate              : 90.00fps\n"),
                // 13/14: Fps to_string "%.2f Hz"; 14's dumpScheduler has the wider present-offset line
                Arguments.of(13, 60, "\n      present offset:         0 ns\t     VSYNC period:  16666666 ns\n",
                        "\n  refresh-rate              : 60.00 Hz\n"),
                Arguments.of(14, 120, "\n         present offset:         0 ns\t        VSYNC period:   8333333 ns\n",
                        "\n  refresh-rate              : 120.00 Hz\n"));
    }

    @ParameterizedTest
    @MethodSource("surfaceFlingerHeaders")
    void surfaceFlingerHeaderCarriesTheRefreshRate(int v, int hz, String periodLine, String rateLine) {
        String out = device(v, "smooth", hz).sh("dumpsys SurfaceFlinger");
        assertTrue(out.contains(periodLine), out);
        assertTrue(out.contains(rateLine), out);
    }

    @ParameterizedTest
    @ValueSource(ints = {15, 16})
    void surfaceFlingerHeaderPeakRefreshRate(int v) {
        String out = device(v, "smooth", 144).sh("dumpsys SurfaceFlinger");
        assertTrue(out.contains("\n  peak-refresh-rate         : 144.00 Hz\n"), out);
        assertFalse(out.contains("  refresh-rate  "), out);
        assertEquals(v == 15, out.contains("VSYNC period:   6944444 ns\n"), out);
    }

    @Test
    void dumpsysListsTheNewServices() {
        // connectivity (netd's map, Android 13: AppUidStatsService) and gpu (--gpuwork: GpuWorkService) too
        assertEquals("Currently running services:\n  SurfaceFlinger\n  activity\n  battery\n  connectivity\n"
                + "  display\n  gfxinfo\n  gpu\n  meminfo\n  package\n  thermalservice\n  window\n",
                device(13, "smooth", 60).sh("dumpsys"));
    }

    private static String only(List<String> lines, String regex) {
        Pattern p = Pattern.compile(regex);
        String found = null;
        for (String l : lines) {
            Matcher m = p.matcher(l);
            if (m.matches()) {
                assertNull(found, "two lines match " + regex);
                found = m.group(1);
            }
        }
        assertNotNull(found, "no line matches " + regex + " in " + lines);
        return found;
    }
}
