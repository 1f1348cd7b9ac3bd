package io.fpsctl.sim.device;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a shell command line into words like {@code /system/bin/sh} would for simple commands: whitespace
 * separates, single quotes are literal, double quotes allow {@code \"} and {@code \\}, a backslash outside
 * quotes escapes the next character. No globbing, variables, pipes or redirections.
 */
final class CommandLine {

    private CommandLine() {
    }

    static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean inWord = false;
        int i = 0;
        int n = line.length();
        while (i < n) {
            char c = line.charAt(i);
            if (c == '\'') {
                inWord = true;
                int end = line.indexOf('\'', i + 1);
                if (end < 0) {
                    end = n;
                }
                cur.append(line, i + 1, end);
                i = end + 1;
            } else if (c == '"') {
                inWord = true;
                i++;
                while (i < n && line.charAt(i) != '"') {
                    char d = line.charAt(i);
                    if (d == '\\' && i + 1 < n && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                        d = line.charAt(++i);
                    }
                    cur.append(d);
                    i++;
                }
                i++;
            } else if (c == '\\' && i + 1 < n) {
                inWord = true;
                cur.append(line.charAt(i + 1));
                i += 2;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(cur.toString());
                    cur.setLength(0);
                    inWord = false;
                }
                i++;
            } else {
                inWord = true;
                cur.append(c);
                i++;
            }
        }
        if (inWord) {
            words.add(cur.toString());
        }
        return words;
    }
}
