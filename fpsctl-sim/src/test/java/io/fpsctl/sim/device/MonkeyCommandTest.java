package io.fpsctl.sim.device;

import io.fpsctl.android.Monkey;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The simulated {@code monkey} against the text written by hand from development {@code cmds/monkey}:
 * the script's {@code echo "  bash arg:" $a} per argument (android-8.0.0_r1 {@code monkey}, android-14.0.0_r1
 * {@code monkey.sh}; the android-6.0.0_r1 script echoes nothing), {@code Monkey.getMainApps}'
 * {@code System.out.println("** No activities found to run, monkey aborted.")} (android-6.0.0_r1;
 * {@code Logger.out}, stdout too, at android-14.0.0_r1) and {@code System.exit(-4)}, i.e. status 252.
 */
class MonkeyCommandTest {
    private static final String LAUNCH = "monkey -p com.nope -c android.intent.category.LAUNCHER 1";

    @Test
    void abortLineIsOnStdoutAfterTheArgumentEchoOn14() {
        SimHarness h = new SimHarness("smooth", 14, 60, 1);
        SimHarness.Result r = h.run(LAUNCH);
        assertEquals("  bash arg: -p\n"
                + "  bash arg: com.nope\n"
                + "  bash arg: -c\n"
                + "  bash arg: android.intent.category.LAUNCHER\n"
                + "  bash arg: 1\n"
                + "** No activities found to run, monkey aborted.\n", r.out());
        assertEquals("", r.err());
        assertEquals(252, r.exit());
        assertFalse(Monkey.launched(r.exit() == 0, r.out()), "fpsctl sees the abort in stdout alone");
    }

    @Test
    void sixAndSevenEchoNoArguments() {
        SimHarness.Result r = new SimHarness("smooth", 7, 60, 1).run(LAUNCH);
        assertEquals("** No activities found to run, monkey aborted.\n", r.out());
        assertEquals("", r.err());
        assertEquals(252, r.exit());
    }

    @Test
    void aLaunchInjectsOneEvent() {
        SimHarness h = new SimHarness("smooth", 9, 60, 1);
        h.run("am force-stop " + SimHarness.PKG);
        SimHarness.Result r = h.run("monkey -p " + SimHarness.PKG + " -c android.intent.category.LAUNCHER 1");
        assertEquals(0, r.exit());
        assertTrue(r.out().startsWith("  bash arg: -p\n  bash arg: " + SimHarness.PKG + "\n"), r.out());
        assertTrue(r.out().contains("\nEvents injected: 1\n## Network stats: elapsed time="), r.out());
        assertTrue(h.device.isRunning());
        assertTrue(Monkey.launched(true, r.out() + r.err()));
    }
}
