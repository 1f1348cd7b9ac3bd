package io.fpsctl.sim.device;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The end of {@code dumpsys window windows} per release, written by hand from
 * {@code WindowManagerService.dumpWindowsNoHeaderLocked} in the SDK source jars (23, 24, 28, 30, 31, 33, 34; 8, 10,
 * 15, 16 as the simulator's inferred neighbours), never produced by the simulator. {@code W} is the focused window
 * ({@code WindowState.toString()}), taken from the simulator's own focus line.
 */
class WindowDumpGoldenTest {

    private static final Pattern FOCUS = Pattern.compile("\n  mCurrentFocus=(Window\\{[^\n]*\\})\n  mFocusedApp=([^\n]*)\n");

    @ParameterizedTest(name = "Android {0}")
    @ValueSource(ints = {6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
    void windowsSectionEndsAsTheReleasePrintsIt(int android) {
        SimHarness h = new SimHarness("smooth", android, 60, 1);
        h.advanceMillis(500);
        String windows = h.sh("dumpsys window windows");
        Matcher m = FOCUS.matcher(android >= 10 ? h.sh("dumpsys window displays") : windows);
        assertTrue(m.find(), "no focus line");
        String w = m.group(1);
        String app = m.group(2);
        String expected = switch (android) {
            // SDK 23, 24: mCurConfiguration …; "  mInTouchMode=" print + " mLayoutSeq=" println
            case 6, 7 -> "  mHasPermanentDpad=false\n  mCurrentFocus=" + w + "\n  mFocusedApp=" + app
                    + "\n  mInputMethodTarget=" + w + "\n  mInTouchMode=true mLayoutSeq=120\n";
            // SDK 28
            case 8, 9 -> "  mHasPermanentDpad=false\n  mCurrentFocus=" + w + "\n  mFocusedApp=" + app
                    + "\n  mInputMethodTarget=" + w + "\n  mInTouchMode=true\n";
            // SDK 30: dumpTopFocusedDisplayId, then the three R-era IME target names
            case 10, 11 -> "  mHasPermanentDpad=false\n  mTopFocusedDisplayId=0\n"
                    + "  mInputMethodTarget in display# 0 " + w + "\n"
                    + "  mInputMethodInputTarget in display# 0 " + w + "\n"
                    + "  inputMethodControlTarget in display# 0 " + w + "\n"
                    + "  mInTouchMode=true\n";
            // SDK 31: imeLayeringTarget / imeInputTarget / imeControlTarget, then mInTouchMode, mBlurEnabled
            case 12 -> "  mHasPermanentDpad=false\n  mTopFocusedDisplayId=0\n"
                    + "  imeLayeringTarget in display# 0 " + w + "\n"
                    + "  imeInputTarget in display# 0 " + w + "\n"
                    + "  imeControlTarget in display# 0 " + w + "\n"
                    + "  mInTouchMode=true\n  mBlurEnabled=true\n";
            // SDK 33: "  Minimum task size of display#0 220" without println, then "  mInTouchMode="
            case 13 -> "  mHasPermanentDpad=false\n  mTopFocusedDisplayId=0\n"
                    + "  imeLayeringTarget in display# 0 " + w + "\n"
                    + "  imeInputTarget in display# 0 " + w + "\n"
                    + "  imeControlTarget in display# 0 " + w + "\n"
                    + "  Minimum task size of display#0 220  mInTouchMode=true\n  mBlurEnabled=true\n";
            // SDK 34: no mInTouchMode; the task size runs into "  mBlurEnabled="
            default -> "  mHasPermanentDpad=false\n  mTopFocusedDisplayId=0\n"
                    + "  imeLayeringTarget in display# 0 " + w + "\n"
                    + "  imeInputTarget in display# 0 " + w + "\n"
                    + "  imeControlTarget in display# 0 " + w + "\n"
                    + "  Minimum task size of display#0 220  mBlurEnabled=true\n";
        };
        int dpad = windows.indexOf("  mHasPermanentDpad=");
        assertTrue(dpad > 0, windows);
        assertEquals(expected, windows.substring(dpad), "Android " + android);
        // SDK 23/24 name the configuration mCurConfiguration, SDK 28+ mGlobalConfiguration.
        assertTrue(windows.contains(android <= 7 ? "\n  mCurConfiguration={" : "\n  mGlobalConfiguration={"), windows);
    }
}
