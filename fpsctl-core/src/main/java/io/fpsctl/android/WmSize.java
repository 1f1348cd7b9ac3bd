package io.fpsctl.android;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code wm size}: {@code Physical size: 1080x2400}, then {@code Override size: WxH} only when the base size differs
 * ({@code "Physical size: " + initialSize.x + "x" + initialSize.y}, {@code if (!initialSize.equals(baseSize))}
 * {@code "Override size: " + baseSize.x + "x" + baseSize.y}: frameworks/base {@code cmds/wm Wm.runDisplaySize}
 * before {@code WindowManagerShellCommand.runDisplaySize} / {@code printInitialDisplaySize} took over, same text;
 * read in public copies of those classes, not at a tag).
 */
public final class WmSize {
    public static final String COMMAND = "wm size";
    private static final Pattern SIZE = Pattern.compile("(Physical|Override) size: (\\d+)x(\\d+)");

    private WmSize() {
    }

    /** The screen's width and height (the override when there is one), or null when the output has none. */
    public static int[] parse(String stdout) {
        int[] size = null;
        Matcher m = SIZE.matcher(stdout);
        while (m.find()) {
            if (size == null || m.group(1).equals("Override")) {
                size = new int[] {Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))};
            }
        }
        return size;
    }
}
