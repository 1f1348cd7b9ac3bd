package io.fpsctl.sim.device;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class ShellAndFaultsTest {

    private final SimHarness h = new SimHarness("smooth", 14, 60, 1);

    @Test
    void simpleCommands() {
        assertEquals(new SimHarness.Result("hello world\n", "", 0), h.run("echo hello   'world'"));
        assertEquals(0, h.run("true").exit());
        assertEquals(1, h.run("false").exit());
        assertEquals(0, h.run("").exit());
        SimHarness.Result r = h.run("frobnicate --now");
        assertEquals(127, r.exit());
        assertEquals("/system/bin/sh: frobnicate: inaccessible or not found\n", r.err());
        assertEquals("", r.out());
        assertEquals("34\n", h.sh("getprop ro.build.version.sdk"));
        assertEquals("14\n", h.sh("getprop ro.build.version.release"));
        assertEquals("1\n", h.sh("getprop ro.debuggable"));
        assertEquals("Sim\n", h.sh("getprop ro.product.model"));
        String all = h.sh("getprop");
        assertTrue(all.contains("[ro.build.version.sdk]: [34]\n"));
        assertTrue(all.contains("[ro.product.model]: [Sim]\n"));
        assertEquals(h.device.pid().getAsInt() + "\n", h.sh("pidof com.example.feed"));
        assertTrue(h.sh("pm list packages").contains("package:com.example.feed\n"));
        assertEquals("package:com.example.feed\npackage:io.fpsctl.agent\n", h.sh("pm list packages -3")); // the agent comes preinstalled
        assertTrue(h.sh("pm path com.example.feed").matches("package:/data/app/~~[A-Za-z0-9_-]{22}==/com\\.example\\.feed-[A-Za-z0-9_-]{22}==/base\\.apk\n"));
        assertEquals("package:/data/app/com.example.feed-1/base.apk\n",
                new SimHarness("smooth", 9, 60, 1).sh("pm path com.example.feed"));
        assertEquals("23\n", new SimHarness("smooth", 6, 60, 1).sh("/system/bin/getprop ro.build.version.sdk"));
    }

    @Test
    void amInstrumentDefaultsToAFailedStream() {
        SimHarness.Result r = h.run("am instrument -w -r -e class com.x.T com.x.test/androidx.test.runner.AndroidJUnitRunner");
        assertEquals("INSTRUMENTATION_STATUS: Error=Unable to find instrumentation info for: "
                + "ComponentInfo{com.x.test/androidx.test.runner.AndroidJUnitRunner}\n"
                + "INSTRUMENTATION_STATUS: id=ActivityManagerService\n"
                + "INSTRUMENTATION_STATUS_CODE: -1\n", r.out());
        assertTrue(r.err().startsWith("android.util.AndroidException: INSTRUMENTATION_FAILED: "
                + "com.x.test/androidx.test.runner.AndroidJUnitRunner\n"));
        assertEquals(1, r.exit());
        h.device.setInstrumentation((args, out, err) -> {
            out.write(String.join("|", args).getBytes());
            return 0;
        });
        assertEquals(new SimHarness.Result("-w|-r|a/b", "", 0), h.run("am instrument -w -r a/b"));
    }

    @Test
    void crashRestartsWithNewPidAndEmptyRings() {
        h.advanceMillis(3_000);
        int pid = h.device.pid().getAsInt();
        h.device.crashApp();
        int newPid = h.device.pid().getAsInt();
        assertNotEquals(pid, newPid);
        String dump = h.sh("dumpsys gfxinfo com.example.feed framestats");
        assertTrue(dump.contains("** Graphics info for pid " + newPid + " [com.example.feed] **"));
        assertTrue(SimHarness.blocks(dump).get(0).rows().size() <= 1);
        h.advanceMillis(1_000);
        SimHarness.Block b = SimHarness.blocks(h.sh("dumpsys gfxinfo com.example.feed framestats")).get(0);
        assertEquals(1, b.rows().get(0)[b.col("Flags")], "first frame after the restart is flagged");
    }

    @Test
    void stoppedAndUninstalledApp() {
        h.advanceMillis(1_000);
        h.device.stopApp();
        SimHarness.Result r = h.run("dumpsys gfxinfo com.example.feed framestats");
        assertEquals(new SimHarness.Result("No process found for: com.example.feed\n", "", 0), r);
        assertEquals(1, h.run("pidof com.example.feed").exit());
        assertFalse(h.sh("dumpsys SurfaceFlinger --list").contains("com.example.feed"));
        int frames = h.frames(0).size();
        h.advanceMillis(2_000);
        assertEquals(frames, h.frames(0).size(), "no frames while stopped");
        h.device.startApp();
        h.advanceMillis(1_000);
        assertTrue(h.frames(0).size() > frames + 50);
        assertEquals("", h.sh("am force-stop com.example.feed"));
        assertFalse(h.device.isRunning());
        assertTrue(h.sh("am start -n com.example.feed/.MainActivity").startsWith("Starting: Intent"));
        assertTrue(h.device.isRunning());

        h.device.uninstallApp();
        assertFalse(h.sh("pm list packages").contains("com.example.feed"));
        assertEquals(1, h.run("pm path com.example.feed").exit());
        assertEquals("No process found for: com.example.feed\n", h.sh("dumpsys gfxinfo com.example.feed"));
        h.device.startApp();
        assertFalse(h.device.isRunning());
        h.device.installApp();
        h.device.startApp();
        assertTrue(h.device.isRunning());
    }

    @Test
    void processNameMustMatchExactly() {
        assertEquals("No process found for: com.example\n", h.sh("dumpsys gfxinfo com.example"));
        assertTrue(h.sh("dumpsys gfxinfo " + h.device.pid().getAsInt()).contains("** Graphics info for pid"));
    }

    @Test
    void slowAndTruncatedDumpsys() {
        h.advanceMillis(1_000);
        h.device.setTruncateDumpsysAt(100);
        String cut = h.sh("dumpsys gfxinfo com.example.feed framestats");
        assertEquals(100, cut.length());
        assertEquals("hi\n", h.sh("echo hi"), "only dumpsys is cut");
        h.device.setTruncateDumpsysAt(-1);
        h.device.setDumpsysDelayMillis(150);
        long t0 = System.nanoTime();
        h.sh("dumpsys SurfaceFlinger --list");
        assertTrue(System.nanoTime() - t0 >= 150_000_000L);
        h.device.setDumpsysDelayMillis(0);
    }

    @Test
    void commandLineSplitting() {
        assertEquals(List.of("dumpsys", "SurfaceFlinger", "--latency", "SurfaceView - a/b#0"),
                CommandLine.split("dumpsys SurfaceFlinger --latency 'SurfaceView - a/b#0'"));
        assertEquals(List.of("echo", "a b", "c\"d", "e f"), CommandLine.split("echo \"a b\" c\\\"d e\\ f"));
        assertEquals(List.of(), CommandLine.split("   "));
    }
}
