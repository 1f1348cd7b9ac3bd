package io.fpsctl.sim.device;

import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The filters scripts pipe device output through inside one {@code adb shell "… | grep …"} command line:
 * {@code grep [-i] [-v] [-E] [-e] PATTERN} (toybox grep; the pattern as a Java regex, close enough for the
 * literal words and simple alternations scripts use) and {@code head [-n N | -N]}. Anything else is unknown to
 * the simulated shell, like any other command it does not have.
 */
final class PipeFilter {

    private PipeFilter() {
    }

    /** Runs one filter over {@code input}; exit status like the tool's (grep: 1 when nothing matched). */
    static ShellReply apply(List<String> words, String input) {
        String tool = words.isEmpty() ? "" : words.get(0);
        List<String> args = words.isEmpty() ? List.of() : words.subList(1, words.size());
        return switch (tool) {
            case "grep" -> grep(args, input);
            case "head" -> head(args, input);
            default -> new ShellReply("", "/system/bin/sh: " + tool + ": inaccessible or not found\n", 127);
        };
    }

    private static ShellReply grep(List<String> args, String input) {
        boolean ignoreCase = false;
        boolean invert = false;
        String pattern = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-e") && i + 1 < args.size()) {
                pattern = args.get(++i);
            } else if (a.startsWith("-") && a.length() > 1 && pattern == null) {
                ignoreCase |= a.contains("i");
                invert |= a.contains("v");
            } else if (pattern == null) {
                pattern = a;
            }
        }
        if (pattern == null) {
            return new ShellReply("", "grep: Need 1 argument\n", 2);
        }
        Pattern p;
        try {
            p = Pattern.compile(pattern, ignoreCase ? Pattern.CASE_INSENSITIVE : 0);
        } catch (PatternSyntaxException e) {
            return new ShellReply("", "grep: bad regex '" + pattern + "'\n", 2);
        }
        StringBuilder out = new StringBuilder();
        for (String line : lines(input)) {
            if (p.matcher(line).find() != invert) {
                out.append(line).append('\n');
            }
        }
        return new ShellReply(out.toString(), "", out.length() == 0 ? 1 : 0);
    }

    private static ShellReply head(List<String> args, String input) {
        int n = 10;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String count = a.equals("-n") && i + 1 < args.size() ? args.get(++i)
                    : a.matches("-\\d+") ? a.substring(1) : null;
            if (count != null) {
                if (!count.matches("\\d{1,9}")) {
                    return new ShellReply("", "head: Not integer: " + count + "\n", 1);
                }
                n = Integer.parseInt(count);
            }
        }
        StringBuilder out = new StringBuilder();
        for (String line : lines(input)) {
            if (n-- <= 0) {
                break;
            }
            out.append(line).append('\n');
        }
        return ShellReply.ok(out.toString());
    }

    private static List<String> lines(String text) {
        if (text.isEmpty()) {
            return List.of();
        }
        String body = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        return List.of(body.split("\n", -1));
    }
}
