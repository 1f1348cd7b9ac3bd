package io.fpsctl.android;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code wm size}: {@code Physical size: 1080x2400}, and {@code Override size: WxH} when one is set
 * ({@code WindowManagerShellCommand.runDisplaySize}, frameworks/base; inferred for versions before the shell command
 * existed, where {@code Wm.java} printed the same lines).
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
