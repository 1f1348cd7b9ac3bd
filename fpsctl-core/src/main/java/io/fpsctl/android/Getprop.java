package io.fpsctl.android;

/**
 * {@code getprop <name>}: one system property's value on one line, an empty line when it is not set. From 9 the
 * tool is toolbox's ({@code system/core toolbox/getprop.cpp PrintProperty}: {@code std::cout << GetProperty(name,
 * default_value) << std::endl}, android-9.0.0_r1 and android-14.0.0_r1); on 6–8 it is toybox's (system/core
 * {@code shell_and_utilities/README.md}, inferred to print the same). Only {@code getprop} without a name prints
 * {@code [name]: [value]} lines ({@code PrintAllProperties}); fpsctl does not send it. The properties fpsctl reads
 * are the build's ({@code ro.build.*}, {@code ro.product.model}).
 */
public final class Getprop {
    /** The API level, e.g. {@code 34} ({@code Build.VERSION.SDK_INT}). */
    public static final String SDK = "getprop ro.build.version.sdk";
    /** The release, e.g. {@code 14} ({@code Build.VERSION.RELEASE}). */
    public static final String RELEASE = "getprop ro.build.version.release";
    /** The model, e.g. {@code Pixel 7}. */
    public static final String MODEL = "getprop ro.product.model";
    /** The build fingerprint. */
    public static final String FINGERPRINT = "getprop ro.build.fingerprint";

    private Getprop() {
    }

    /** The first line of {@code stdout}, stripped; null when it is empty (the property is not set). */
    public static String value(String stdout) {
        int nl = stdout.indexOf('\n');
        String line = (nl < 0 ? stdout : stdout.substring(0, nl)).strip();
        return line.isEmpty() ? null : line;
    }

    /** The API level {@link #SDK} printed, or null when it is not a number of up to four digits. */
    public static Integer sdk(String stdout) {
        String v = value(stdout);
        return v != null && v.matches("[0-9]{1,4}") ? Integer.valueOf(v) : null;
    }
}
