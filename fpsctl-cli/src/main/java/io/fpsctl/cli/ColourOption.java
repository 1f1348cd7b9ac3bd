package io.fpsctl.cli;

import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --no-color}, and the NO_COLOR convention (https://no-color.org: a NO_COLOR environment variable that is
 * set and not empty turns colours off): colours only on a terminal, and only when neither says no.
 */
final class ColourOption {
    @Option(names = "--no-color", description = "No colours in the output (also when the NO_COLOR environment "
            + "variable is set, or the output is not a terminal).")
    boolean noColor;

    /** Whether to colour what goes to the terminal. */
    boolean colour() {
        return allowed(noColor, System.getenv()) && System.console() != null;
    }

    /** False for {@code --no-color}, a non-empty NO_COLOR, or TERM=dumb. */
    static boolean allowed(boolean noColorOption, Map<String, String> env) {
        String noColor = env.get("NO_COLOR");
        return !noColorOption && (noColor == null || noColor.isEmpty()) && !"dumb".equals(env.get("TERM"));
    }
}
