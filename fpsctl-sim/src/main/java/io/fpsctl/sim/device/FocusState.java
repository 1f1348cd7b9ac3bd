package io.fpsctl.sim.device;

/**
 * Which window and activity have focus, as window and activity manager print them: the app's main window and
 * activity while it runs, the launcher's otherwise. Strings are {@code WindowState.toString()}
 * ({@code Window{<hash> u0 <title>}}), {@code ActivityRecord.toString()} and, for {@code mFocusedApp} on ≤9,
 * {@code AppWindowToken.toString()}; the app's hashes are those of its SurfaceFlinger layers.
 *
 * @param window        focused window
 * @param activity      resumed activity record
 * @param focusedApp    {@code mFocusedApp} value for the version
 * @param packageName   package of the resumed activity
 * @param component     {@code <pkg>/<short activity>} of the resumed activity
 * @param taskId        its task id
 */
record FocusState(String window, String activity, String focusedApp, String packageName, String component,
                  int taskId) {

    static final String LAUNCHER_PACKAGE = "com.android.launcher3";
    static final int LAUNCHER_TASK = 1;

    /** The focus now: the running app's main window (index 0), or the launcher. */
    static FocusState of(AndroidVersion version, AppLifecycle app, int appTaskId) {
        AppProcess process = app.process();
        if (process != null) {
            AppWindow main = process.windows().get(0);
            String record = process.activityRecord();
            String component = record.substring(record.indexOf(" u0 ") + 4, record.lastIndexOf(" t"));
            return new FocusState(process.windowState(main), record,
                    version.focusedAppIsActivityRecord() ? record : process.appWindowToken(),
                    app.packageName(), component, appTaskId);
        }
        String record = launcherRecord();
        String token = "AppWindowToken{" + hash("launcher-token") + " token=Token{" + hash("launcher-binder") + " "
                + record + "}}";
        return new FocusState(launcherWindow(), record, version.focusedAppIsActivityRecord() ? record : token,
                LAUNCHER_PACKAGE, LAUNCHER_PACKAGE + "/.Launcher", LAUNCHER_TASK);
    }

    /** The launcher's activity record. */
    static String launcherRecord() {
        return "ActivityRecord{" + hash("launcher-record") + " u0 " + LAUNCHER_PACKAGE + "/.Launcher t" + LAUNCHER_TASK
                + "}";
    }

    /** The launcher's window (always there, behind the app). */
    static String launcherWindow() {
        return "Window{" + hash("launcher-window") + " u0 " + LAUNCHER_PACKAGE + "/" + LAUNCHER_PACKAGE + ".Launcher}";
    }

    private static String hash(String what) {
        return DeviceIds.stableHex(what);
    }
}
