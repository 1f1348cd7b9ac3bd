package io.fpsctl.android;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Finds the app package in a window title or layer name such as {@code SurfaceView[com.a.b/com.a.b.Main](BLAST)#0}. */
public final class PackageNames {
    private static final Pattern COMPONENT = Pattern.compile("([A-Za-z][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_]+)+)/");

    private PackageNames() {
    }

    /** The package of the first {@code pkg/activity} component in {@code name}; null when there is none. */
    public static String fromWindow(String name) {
        if (name == null) {
            return null;
        }
        Matcher m = COMPONENT.matcher(name);
        return m.find() ? m.group(1) : null;
    }
}
