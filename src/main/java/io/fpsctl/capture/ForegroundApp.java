package io.fpsctl.capture;

import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceGoneException;
import io.fpsctl.device.DeviceException;
import io.fpsctl.device.ShellResult;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The app in front, as window and activity manager print it on each Android version: the focus lines
 * {@code mCurrentFocus=Window{… u0 pkg/…}} and {@code mFocusedApp=…} (in {@code dumpsys window displays} on
 * 10+, at the end of {@code dumpsys window windows} on ≤ 9), else the resumed activity of
 * {@code dumpsys activity activities} ({@code topResumedActivity=} on 13+, {@code mResumedActivity:} /
 * {@code ResumedActivity:} on 8–12, {@code mFocusedActivity:} on 6–7). {@code mCurrentFocus=null} (a window
 * transition) falls through to the next source.
 */
public final class ForegroundApp {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** {@code u0 com.example.feed/…}: user id, package, slash (ActivityRecord, WindowState, AppWindowToken). */
    private static final Pattern COMPONENT = Pattern.compile("\\bu[0-9]+ ([A-Za-z][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_]+)+)/");

    private ForegroundApp() {
    }

    /**
     * Reads the foreground package.
     *
     * @return empty when no source names one
     * @throws DeviceGoneException when the device went away
     */
    public static Optional<String> read(Device device) {
        Optional<String> p = fromWindowDump(run(device, "dumpsys window displays"));
        if (p.isEmpty()) {
            p = fromWindowDump(run(device, "dumpsys window windows"));
        }
        if (p.isEmpty()) {
            p = fromActivityDump(run(device, "dumpsys activity activities"));
        }
        return p;
    }

    /** The package of the first {@code mCurrentFocus=} / {@code mFocusedApp=} line that names one. */
    public static Optional<String> fromWindowDump(String text) {
        return firstComponent(text, "mCurrentFocus=", "mFocusedApp=");
    }

    /** The package of the first resumed-activity line. */
    public static Optional<String> fromActivityDump(String text) {
        return firstComponent(text, "topResumedActivity=", "mResumedActivity:", "ResumedActivity:",
                "mFocusedActivity:");
    }

    private static Optional<String> firstComponent(String text, String... keys) {
        for (String line : text.split("\n")) {
            String t = line.strip();
            for (String key : keys) {
                if (t.startsWith(key)) {
                    Matcher m = COMPONENT.matcher(t);
                    if (m.find()) {
                        return Optional.of(m.group(1));
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static String run(Device device, String command) {
        try {
            ShellResult r = device.shell(command, TIMEOUT);
            return r.succeeded() ? r.stdout() : "";
        } catch (DeviceGoneException e) {
            throw e;
        } catch (DeviceException e) {
            return "";
        }
    }
}
