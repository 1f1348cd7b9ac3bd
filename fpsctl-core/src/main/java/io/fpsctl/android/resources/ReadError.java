package io.fpsctl.android.resources;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A line a device tool printed to stderr (merged into the batch with {@code 2>&1}) when it could not read a file or
 * reach a service: toybox's {@code perror_msg} prints {@code "<tool>: <path>: <strerror>"} (toybox {@code lib/lib.c
 * verror_msg}: {@code "%s: %s: %s"}, e.g. {@code cat: /proc/123/stat: No such file or directory}); BSD/GNU grep the
 * same shape; dumpsys prints {@code "Can't find service: <name>"} (frameworks/native {@code cmds/dumpsys/dumpsys.cpp
 * Dumpsys::main}). Anything else is content.
 */
record ReadError(String path, String reason) {
    private static final Pattern TOOL = Pattern.compile("^(?:cat|grep|sh|toybox|/system/bin/sh): (.*?): ([^:]+)$");
    private static final String NO_SERVICE = "Can't find service: ";

    /** The error this line reports, or null when it is content. */
    static ReadError of(String line) {
        String s = line.strip();
        if (!(s.startsWith("cat: ") || s.startsWith("grep: ") || s.startsWith("sh: ") || s.startsWith("toybox: ")
                || s.startsWith("/system/bin/sh: ") || s.startsWith(NO_SERVICE))) {
            return null; // content: the cheap test first, a poll holds hundreds of lines
        }
        Matcher m = TOOL.matcher(s);
        if (m.matches()) {
            return new ReadError(m.group(1), m.group(2).strip());
        }
        if (line.startsWith(NO_SERVICE)) {
            return new ReadError(line.substring(NO_SERVICE.length()).strip(), "no such service");
        }
        return null;
    }

    /** The file or process is gone (the app or a thread exited). */
    boolean gone() {
        return reason.equals("No such file or directory") || reason.equals("No such process");
    }
}
