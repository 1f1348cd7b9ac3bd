package io.fpsctl.sim.device;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code dumpsys window [windows|w|displays|d|<name>]}: the lines clients read to find the foreground app.
 *
 * <p>Sourced: on ≤9 {@code WindowManagerService.dumpWindowsNoHeaderLocked} ends the windows section with
 * {@code "  mGlobalConfiguration="}, {@code "  mHasPermanentDpad="}, {@code "  mCurrentFocus="} and
 * {@code "  mFocusedApp="}; on 10+ focus is per display and {@code DisplayContent.dump} prints
 * {@code "  mCurrentFocus="} / {@code "  mFocusedApp="} in {@code dumpsys window displays}, while the windows
 * section ends with {@code "  mTopFocusedDisplayId="} and the per-display IME target lines (a real Android 11
 * capture shows no focus line there; per release: {@link #appendWindowsTail}). {@code Window{<hash> u0 <title>}} is
 * {@code WindowState.toString()}. Inferred: the short per-window detail, the section set and order of the
 * full {@code dumpsys window}, the display lines.
 */
final class WindowDump implements DumpsysService {

    private static final String SEPARATOR =
            "-------------------------------------------------------------------------------\n";
    private static final String CONFIGURATION = "{1.0 310mcc260mnc [en_US] ldltr sw411dp w411dp h842dp 420dpi"
            + " nrml long port finger qwerty/v/v -nav/h winConfig={ mBounds=Rect(0, 0 - 1080, 2400)"
            + " mAppBounds=Rect(0, 0 - 1080, 2337) mWindowingMode=fullscreen mDisplayWindowingMode=fullscreen"
            + " mActivityType=undefined mAlwaysOnTop=undefined mRotation=ROTATION_0} s.8}";

    private final AndroidVersion version;
    private final AppLifecycle app;
    private final int taskId;

    WindowDump(AndroidVersion version, AppLifecycle app, int taskId) {
        this.version = version;
        this.app = app;
        this.taskId = taskId;
    }

    @Override
    public String dump(List<String> args) {
        FocusState focus = FocusState.of(version, app, taskId);
        String what = args.isEmpty() ? "" : args.get(0);
        switch (what) {
            case "windows", "w":
                return windows(focus, null);
            case "displays", "d":
                return displays(focus);
            case "":
                return "WINDOW MANAGER LAST ANR (dumpsys window lastanr)\n  <no ANR has occurred since boot>\n\n"
                        + SEPARATOR
                        + "WINDOW MANAGER POLICY STATE (dumpsys window policy)\n    mSafeMode=false mSystemReady=true"
                        + " mSystemBooted=true\n    mLidState=LID_ABSENT mLidOpenRotation=-1\n\n"
                        + SEPARATOR + displays(focus) + "\n" + SEPARATOR + windows(focus, null);
            default:
                return windows(focus, what);
        }
    }

    /** {@code dumpsys window windows}; {@code name} filters windows like {@code dumpsys window <name>}. */
    private String windows(FocusState focus, String name) {
        StringBuilder sb = new StringBuilder("WINDOW MANAGER WINDOWS (dumpsys window windows)\n");
        int i = 0;
        for (String[] w : windowList()) {
            if (name != null && !w[0].contains(name)) {
                continue;
            }
            sb.append("  Window #").append(i++).append(' ').append(w[0]).append(":\n")
                    .append("    mDisplayId=0 mSession=Session{").append(DeviceIds.stableHex(w[0] + "/session"))
                    .append(' ').append(w[2]).append("} mClient=android.os.BinderProxy@")
                    .append(DeviceIds.stableHex(w[0] + "/client")).append('\n')
                    .append("    mOwnerUid=").append(w[3]).append(" showForAllUsers=false package=").append(w[1])
                    .append(" appop=NONE\n")
                    .append("    isOnScreen=true\n    isVisible=true\n");
        }
        sb.append('\n');
        appendWindowsTail(sb, focus);
        return sb.toString();
    }

    /**
     * The end of {@code WindowManagerService.dumpWindowsNoHeaderLocked} after the window list, as each release
     * prints it (SDK N = the SDK source jar of API level N; release sources, not a git tag):
     * <ul>
     *   <li>SDK 23, 24: {@code "  mCurConfiguration="}, {@code "  mHasPermanentDpad="}, {@code "  mCurrentFocus="},
     *       {@code "  mFocusedApp="}, {@code "  mInputMethodTarget="} (when there is one), then
     *       {@code "  mInTouchMode=" + mInTouchMode + " mLayoutSeq=" + mLayoutSeq} on one line.</li>
     *   <li>SDK 28: {@code "  mGlobalConfiguration="} ({@code mRoot.getConfiguration()}), dpad, focus, focused app,
     *       {@code "  mInputMethodTarget="}, {@code "  mInTouchMode="}; 8 (SDK 27) <b>inferred</b> from SDK 28.</li>
     *   <li>SDK 30: configuration, dpad, {@code RootWindowContainer.dumpTopFocusedDisplayId}
     *       ({@code "  mTopFocusedDisplayId="}), then per display {@code "  mInputMethodTarget in display# "},
     *       {@code "  mInputMethodInputTarget in display# "}, {@code "  inputMethodControlTarget in display# "}
     *       + {@code ' '} + the window, then {@code "  mInTouchMode="}; 10 (SDK 29) <b>inferred</b> from SDK 30.</li>
     *   <li>SDK 31: the three lines become {@code "  imeLayeringTarget in display# "}, {@code "  imeInputTarget in
     *       display# "}, {@code "  imeControlTarget in display# "}; then {@code "  mInTouchMode="} and
     *       {@code "  mBlurEnabled="}.</li>
     *   <li>SDK 33: after the IME lines, {@code "  Minimum task size of display#" + id + ' ' +
     *       mMinSizeOfResizeableTaskDp} printed <b>without</b> a newline, so {@code "  mInTouchMode="} follows on the
     *       same line; then {@code "  mBlurEnabled="}.</li>
     *   <li>SDK 34: no {@code mInTouchMode} line; the minimum-task-size text runs into {@code "  mBlurEnabled="}.
     *       15, 16 <b>inferred</b> from SDK 34 (the SDK 35 jar has no server code).</li>
     * </ul>
     * The value 220 ({@code config_minSizeOfResizeableTaskDp}'s default) and {@code mLayoutSeq} are <b>inferred</b>.
     */
    private void appendWindowsTail(StringBuilder sb, FocusState focus) {
        int sdk = version.sdk();
        sb.append(sdk <= 25 ? "  mCurConfiguration=" : "  mGlobalConfiguration=").append(CONFIGURATION).append('\n');
        sb.append("  mHasPermanentDpad=false\n");
        if (!version.hasPerDisplayFocus()) {
            sb.append("  mCurrentFocus=").append(focus.window()).append('\n');
            sb.append("  mFocusedApp=").append(focus.focusedApp()).append('\n');
            sb.append("  mInputMethodTarget=").append(focus.window()).append('\n');
            sb.append(sdk <= 25 ? "  mInTouchMode=true mLayoutSeq=120\n" : "  mInTouchMode=true\n");
            return;
        }
        sb.append("  mTopFocusedDisplayId=0\n");
        if (sdk <= 30) {
            sb.append("  mInputMethodTarget in display# 0 ").append(focus.window()).append('\n');
            sb.append("  mInputMethodInputTarget in display# 0 ").append(focus.window()).append('\n');
            sb.append("  inputMethodControlTarget in display# 0 ").append(focus.window()).append('\n');
            sb.append("  mInTouchMode=true\n");
            return;
        }
        sb.append("  imeLayeringTarget in display# 0 ").append(focus.window()).append('\n');
        sb.append("  imeInputTarget in display# 0 ").append(focus.window()).append('\n');
        sb.append("  imeControlTarget in display# 0 ").append(focus.window()).append('\n');
        if (sdk >= 33) {
            sb.append("  Minimum task size of display#0 220"); // no newline (SDK 33, 34)
        }
        if (sdk <= 33) {
            sb.append("  mInTouchMode=true\n");
        }
        sb.append("  mBlurEnabled=true\n");
    }

    /** {@code dumpsys window displays}: the display, and on 10+ its focus lines. */
    private String displays(FocusState focus) {
        StringBuilder sb = new StringBuilder("WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)\n");
        sb.append("  Display: mDisplayId=0").append(version.hasPerDisplayFocus() ? " rootTasks=2" : "").append('\n');
        sb.append("    init=1080x2400 420dpi cur=1080x2400 app=1080x2337 rng=1080x1017-2337x2337\n");
        sb.append("    deferred=false mLayoutNeeded=false mTouchExcludeRegion=SkRegion((0,0,1080,2400))\n");
        if (version.hasPerDisplayFocus()) {
            sb.append('\n');
            sb.append("  mCurrentFocus=").append(focus.window()).append('\n');
            sb.append("  mFocusedApp=").append(focus.focusedApp()).append('\n');
        }
        return sb.toString();
    }

    /** Windows top to bottom: {@code {toString, package, session, uid}}. */
    private List<String[]> windowList() {
        List<String[]> list = new ArrayList<>();
        String nav = version.major() >= 10 ? "NavigationBar0" : "NavigationBar";
        list.add(systemWindow(nav));
        list.add(systemWindow(version.major() >= 11 ? "NotificationShade" : "StatusBar"));
        AppProcess process = app.process();
        if (process != null) {
            List<AppWindow> windows = process.windows();
            for (int w = windows.size() - 1; w >= 0; w--) {
                list.add(new String[] {process.windowState(windows.get(w)), app.packageName(),
                        process.pid() + ":u0a10123", "10123"});
            }
        }
        list.add(new String[] {FocusState.launcherWindow(), FocusState.LAUNCHER_PACKAGE, "1700:u0a10031", "10031"});
        list.add(systemWindow("com.android.systemui.ImageWallpaper"));
        return list;
    }

    private static String[] systemWindow(String title) {
        return new String[] {"Window{" + DeviceIds.stableHex(title) + " u0 " + title + "}", "com.android.systemui",
                "1900:u0a10042", "10042"};
    }
}
