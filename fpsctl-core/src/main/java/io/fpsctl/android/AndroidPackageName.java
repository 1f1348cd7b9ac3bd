package io.fpsctl.android;

/**
 * Android's package-name syntax, as the package manager checks a manifest's {@code package} when it parses an APK:
 * frameworks/base {@code core/java/android/content/pm/parsing/FrameworkParsingPackageUtils.java validateName(name,
 * requireSeparator=true, requireFilename=true)} (before Android 12 {@code PackageParser.validateName}, same loop):
 * only {@code A-Z a-z 0-9 _ .}; a digit or {@code _} never starts a part (a part starts after each {@code .}); at
 * least one {@code .}; and as a file name ({@code FileUtils.isValidExtFilename}: not {@code .} or {@code ..}) of at
 * most 223 characters ({@code MAX_FILE_NAME_SIZE}). Any other text cannot name an installed app, so fpsctl refuses it
 * before anything reaches the device.
 */
public final class AndroidPackageName {
    /** {@code FrameworkParsingPackageUtils.MAX_FILE_NAME_SIZE}. */
    static final int MAX_LENGTH = 223;

    private AndroidPackageName() {
    }

    /** Why {@code name} is not a package name (in validateName's words), or null when it is one. */
    public static String problem(String name) {
        boolean hasSep = false;
        boolean front = true;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
                front = false;
            } else if (!front && ((c >= '0' && c <= '9') || c == '_')) {
                continue;
            } else if (c == '.') {
                hasSep = true;
                front = true;
            } else {
                return "bad character '" + printable(c) + "'";
            }
        }
        if (name.equals(".") || name.equals("..")) {
            return "invalid filename";
        }
        if (name.length() > MAX_LENGTH) {
            return "longer than " + MAX_LENGTH + " characters";
        }
        return hasSep ? null : "must have at least one '.' separator";
    }

    private static String printable(char c) {
        return c < 0x20 || c == 0x7f ? String.format("\\u%04x", (int) c) : String.valueOf(c);
    }
}
