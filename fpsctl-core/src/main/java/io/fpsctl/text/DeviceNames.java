package io.fpsctl.text;

/**
 * The bound on a name a device prints (a window title, docs/outputs-and-signals.md "Bounds on what a device
 * sends"). Android sets none on a title: {@code Activity.setTitle} takes any CharSequence and hwui prints its
 * renderer's name whole ({@code Window: %s}). A real title is {@code <package>/<activity class>}; a package name is at
 * most 223 characters (AOSP frameworks/base core/java/android/content/pm/parsing/FrameworkParsingPackageUtils.java,
 * {@code validateName}: {@code MAX_FILE_NAME_SIZE = 223}, "reserves 32 for the OS" of a file name's 255, since it
 * names a folder under /data/data), an activity class name no longer in practice, so {@link #MAX_CHARS} leaves room. A longer name is cut and marked, so it is not copied whole into every CSV row and every terminal line.
 */
public final class DeviceNames {
    /** The longest name kept whole, in chars. */
    public static final int MAX_CHARS = 1024;

    private DeviceNames() {
    }

    /** {@code name} when at most {@link #MAX_CHARS} long; else its head and {@code …(+N chars)}. */
    public static String cut(String name) {
        if (name == null || name.length() <= MAX_CHARS) {
            return name;
        }
        int keep = MAX_CHARS - 32;
        if (Character.isHighSurrogate(name.charAt(keep - 1))) {
            keep--; // never half a pair
        }
        return name.substring(0, keep) + "…(+" + (name.length() - keep) + " chars)";
    }
}
