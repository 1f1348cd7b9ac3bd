package io.fpsctl.android;

/**
 * Finds the app package in a window title or layer name such as {@code SurfaceView[com.a.b/com.a.b.Main](BLAST)#0}.
 * A title is app-controlled ({@code Activity.setTitle}) and may be long: the search is one pass over it (a regular
 * expression tried at every start cost time quadratic in a title without {@code /}).
 */
public final class PackageNames {
    private PackageNames() {
    }

    /**
     * The package of the first {@code pkg/activity} component in {@code name}: the leftmost text that starts with a
     * letter, holds only letters, digits, {@code _} and {@code .}, has at least two non-empty dot-separated parts and
     * is followed by {@code /}. Null when there is none.
     */
    public static String fromWindow(String name) {
        if (name == null) {
            return null;
        }
        int n = name.length();
        int i = 0;
        while (i < n) {
            if (!partChar(name.charAt(i)) && name.charAt(i) != '.') {
                i++;
                continue;
            }
            // a run of package characters [start, end)
            int start = i;
            int lastDot = -1;
            int lastDoubleDot = -1;
            while (i < n && (partChar(name.charAt(i)) || name.charAt(i) == '.')) {
                if (name.charAt(i) == '.') {
                    if (i > start && name.charAt(i - 1) == '.') {
                        lastDoubleDot = i - 1;
                    }
                    lastDot = i;
                }
                i++;
            }
            int end = i;
            if (end < n && name.charAt(end) == '/' && lastDot > start && name.charAt(end - 1) != '.') {
                // the first letter after the last empty part that still leaves a dot after it
                for (int s = lastDoubleDot < 0 ? start : lastDoubleDot + 2; s < lastDot; s++) {
                    char c = name.charAt(s);
                    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
                        return name.substring(s, end);
                    }
                }
            }
        }
        return null;
    }

    private static boolean partChar(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    }
}
