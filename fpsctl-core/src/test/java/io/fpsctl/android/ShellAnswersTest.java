package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.AppPid;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The small shell commands' lines and answers, written by hand in the shape each tool prints (the class comments
 * of {@link Getprop}, {@link Pidof}, {@link Pm}, {@link Monkey}, {@link Am}, {@link WmSize} name the sources).
 */
class ShellAnswersTest {

    @Test
    void getpropReadsTheFirstLineAndOnlyANumberAsTheSdk() {
        assertEquals("Pixel 7", Getprop.value("  Pixel 7 \r\nsecond\n"));
        assertNull(Getprop.value("\n"), "an unset property prints an empty line");
        assertEquals(34, Getprop.sdk("34\n"));
        assertNull(Getprop.sdk("\n"));
        assertNull(Getprop.sdk("/system/bin/sh: getprop: not found\n"));
        assertNull(Getprop.sdk("12345\n"), "more digits than an API level has");
    }

    @Test
    void pidofTakesTheFirstPid() {
        assertEquals(new AppPid(4312), Pidof.parse("4312 4388\n"));
        assertNull(Pidof.parse(""), "not running: pidof prints nothing and exits 1");
        assertNull(Pidof.parse("0\n"));
        assertNull(Pidof.parse("pidof: bad\n"));
        assertEquals("pidof 'a b'", Pidof.command("a b"), "a value is quoted for sh");
    }

    @Test
    void pmPathNeedsAPackageLine() {
        assertEquals("pm path com.example.feed", Pm.path("com.example.feed"));
        assertTrue(Pm.installed(true, "package:/data/app/~~x==/com.example.feed-y==/base.apk\n"));
        assertFalse(Pm.installed(false, ""), "unknown package: exit 1, nothing printed");
        assertFalse(Pm.installed(true, ""), "a shell that exits 0 without the line");
        assertEquals("pm uninstall io.fpsctl.agent", Pm.uninstall("io.fpsctl.agent"));
        assertEquals("dumpsys package com.example.feed", Pm.dumpsysPackage("com.example.feed"));
        assertTrue(Pm.uninstalled(true, "Success"));
        assertFalse(Pm.uninstalled(true, "Failure [DELETE_FAILED_INTERNAL_ERROR]"));
        assertFalse(Pm.uninstalled(false, ""));
    }

    @Test
    void monkeyAndAmStartSayWhenNothingLaunched() {
        assertEquals("monkey -p com.example.feed -c android.intent.category.LAUNCHER 1",
                Monkey.launchLauncherActivity("com.example.feed"));
        assertTrue(Monkey.launched(true, "  bash arg: -p\n  bash arg: com.example.feed\nEvents injected: 1\n"));
        assertFalse(Monkey.launched(false, "** No activities found to run, monkey aborted.\n"));
        assertFalse(Monkey.launched(true, "** No activities found to run, monkey aborted.\n"), "whatever the exit");
        // development cmds/monkey: the 8+ script echoes each argument ("  bash arg:" $a), so a package whose name
        // holds "aborted" is echoed; only getMainApps' and runMonkeyCycles' whole lines mean an abort
        assertTrue(Monkey.launched(true, "  bash arg: -p\n  bash arg: com.aborted.feed\n  bash arg: -c\n"
                + "  bash arg: android.intent.category.LAUNCHER\n  bash arg: 1\nEvents injected: 1\n"));
        assertFalse(Monkey.launched(true, "  bash arg: -p\n  bash arg: com.example.feed\n"
                + "** No activities found to run, monkey aborted.\n"));
        assertFalse(Monkey.launched(true, "** Monkey aborted due to error.\nEvents injected: 0\n"));
        assertFalse(Monkey.launched(true, "** No activities found to run, monkey aborted.\r\n"), "old adb's CRLF");
        assertEquals("am start -n com.example.feed/.Main", Am.start("com.example.feed/.Main"));
        assertTrue(Am.started(true, "Starting: Intent { cmp=com.example.feed/.Main }\n"));
        assertFalse(Am.started(true, "Starting: Intent { cmp=com.example.feed/.Gone }\n"
                + "Error type 3\nError: Activity class {com.example.feed/com.example.feed.Gone} does not exist.\n"));
        // ActivityManagerShellCommand.runStartActivity prints "Starting: " + intent; a component named Error… started
        assertTrue(Am.started(true, "Starting: Intent { cmp=com.example.feed/.ErrorReportActivity }\n"));
        assertFalse(Am.started(true, "Starting: Intent { cmp=com.example.feed/.Main }\n"
                + "Error: Activity not started, unable to resolve Intent { cmp=com.example.feed/.Main }\n"));
        assertEquals("am force-stop com.example.feed", Am.forceStop("com.example.feed"));
        assertEquals("am broadcast -a io.fpsctl.agent.action.STOP -p com.example.feed",
                Am.broadcast("io.fpsctl.agent.action.STOP", "com.example.feed"));
    }

    @Test
    void amInstrumentAsksForNoHiddenApiChecksFromApi28() {
        assertEquals("am instrument -w -r", Am.instrument(0), "unknown level: no option an old am would refuse");
        assertEquals("am instrument -w -r", Am.instrument(27));
        assertEquals("am instrument -w -r --no-hidden-api-checks", Am.instrument(28));
        assertEquals(Am.InstrumentFailure.SIGNATURE_MISMATCH, Am.instrumentFailure("java.lang.SecurityException: "
                + "Permission Denial: starting instrumentation ComponentInfo{io.fpsctl.agent/io.fpsctl.agent.FpsctlAgent}"
                + " from pid=4242, uid=2000 not allowed because package io.fpsctl.agent does not have a signature "
                + "matching the target com.example.feed"));
        assertEquals(Am.InstrumentFailure.NOT_INSTALLED, Am.instrumentFailure("INSTRUMENTATION_FAILED: "
                + "io.fpsctl.agent/io.fpsctl.agent.FpsctlAgent"));
        assertEquals(Am.InstrumentFailure.NOT_INSTALLED, Am.instrumentFailure(
                "Unable to find instrumentation info for: ComponentInfo{io.fpsctl.agent/io.fpsctl.agent.FpsctlAgent}"));
        assertEquals(Am.InstrumentFailure.OTHER, Am.instrumentFailure("Error: Unknown option: --no-hidden-api-checks"));
    }

    @Test
    void wmSizePrefersTheOverride() {
        assertArrayEquals(new int[] {1080, 2400}, WmSize.parse("Physical size: 1080x2400\n"));
        assertArrayEquals(new int[] {720, 1600}, WmSize.parse("Physical size: 1080x2400\nOverride size: 720x1600\n"));
        assertNull(WmSize.parse("Error: no display\n"));
        assertEquals("input swipe 540 1800 540 600 300", Input.swipe(540, 1800, 540, 600, 300));
    }

    @Test
    void theLatencyPeriodIsTheFirstLinePastTheUnresponsiveWarning() {
        assertEquals(Optional.of(16_666_666L), RefreshRate.fromLatencyOutput("16666666\n").map(RefreshRate::periodNs));
        assertEquals(Optional.of(8_333_333L), RefreshRate.fromLatencyOutput(
                "SurfaceFlinger appears to be unresponsive (Connection timed out [-110]), dumping anyways (no locks held)\n8333333\n")
                .map(RefreshRate::periodNs));
        assertEquals(Optional.empty(), RefreshRate.fromLatencyOutput(""));
        assertEquals(Optional.empty(), RefreshRate.fromLatencyOutput("Permission Denial\n"));
    }
}
