package io.fpsctl.android;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The app in front, as window and activity manager print it on each Android version: the focus lines
 * {@code mCurrentFocus=Window{… u0 pkg/…}} and {@code mFocusedApp=…} (in {@code dumpsys window displays} on
 * 10+, at the end of {@code dumpsys window windows} on ≤ 9), else the resumed activity of
 * {@code dumpsys activity activities}: {@code ActivityRecord{<hash> u<user> <pkg>/<short> t<task>}} is
 * {@code ActivityRecord.toString()}; the per-stack {@code mResumedActivity: } line (6–12), on 13+ a leaf task's
 * {@code topResumedActivity=} ({@code Task.dump}, {@code printThisActivity(…, prefix + "  topResumedActivity=")};
 * the 12/13 boundary is inferred), the global {@code ResumedActivity: } ({@code dumpActivitiesLocked} from 8,
 * {@code ActivityTaskManagerService} to 16) where 6/7 print {@code mFocusedActivity: } (the same sources as the
 * simulator's {@code ActivityDump} and {@code WindowDump}). {@code mCurrentFocus=null} (a window transition) falls
 * through to the next source.
 */
public final class FocusedApp {
    /** The window manager's focus lines on Android 10+ ({@code DisplayContent.dump}). */
    public static final String WINDOW_DISPLAYS = "dumpsys window displays";
    /** The window manager's focus lines on Android ≤ 9 (the end of the windows dump). */
    public static final String WINDOW_WINDOWS = "dumpsys window windows";
    /** The activity manager's resumed activities. */
    public static final String ACTIVITIES = "dumpsys activity activities";
    /** The focus keys of the window dumps, any version. */
    private static final List<String> WINDOW_KEYS = List.of("mCurrentFocus=", "mFocusedApp=");
    /**
     * The resumed-activity keys of the activity dump: {@code topResumedActivity=} (13+), {@code mResumedActivity:}
     * (6–12), {@code ResumedActivity:} (8+), {@code mFocusedActivity:} (6–7).
     */
    private static final List<String> ACTIVITY_KEYS = List.of("topResumedActivity=", "mResumedActivity:",
            "ResumedActivity:", "mFocusedActivity:");
    /**
     * {@code u0 com.example.feed/.Main}: user id, package, slash and activity (ActivityRecord, WindowState,
     * AppWindowToken print the short component, {@code ComponentName.flattenToShortString}).
     */
    private static final Pattern COMPONENT = Pattern.compile(
            "\\bu[0-9]+ ([A-Za-z][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_]+)+)/([\\w.$]*)");

    private FocusedApp() {
    }

    /** The package of the first {@code mCurrentFocus=} / {@code mFocusedApp=} line that names one. */
    public static Optional<String> fromWindowDump(String text) {
        return components(text, WINDOW_KEYS).stream().findFirst().map(FocusedApp::packageOf);
    }

    /** The package of the first resumed-activity line of {@code dumpsys activity activities}. */
    public static Optional<String> fromActivityDump(String text) {
        return components(text, ACTIVITY_KEYS).stream().findFirst().map(FocusedApp::packageOf);
    }

    /**
     * The resumed activity of {@code pkg} ({@code pkg/.Activity}) in a {@code dumpsys activity activities} output,
     * or null when another app (or none) is resumed.
     */
    public static String resumedComponent(String text, String pkg) {
        for (String c : components(text, ACTIVITY_KEYS)) {
            if (packageOf(c).equals(pkg)) {
                return c;
            }
        }
        return null;
    }

    private static String packageOf(String component) {
        return component.substring(0, component.indexOf('/'));
    }

    /** The component of each line that starts with one of {@code keys}, in order. */
    private static List<String> components(String text, List<String> keys) {
        List<String> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            String t = line.strip();
            for (String key : keys) {
                if (t.startsWith(key)) {
                    Matcher m = COMPONENT.matcher(t);
                    if (m.find()) {
                        out.add(m.group(1) + "/" + m.group(2));
                    }
                    break;
                }
            }
        }
        return out;
    }
}
