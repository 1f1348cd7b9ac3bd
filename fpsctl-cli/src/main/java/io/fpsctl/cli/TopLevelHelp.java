package io.fpsctl.cli;

import java.io.PrintWriter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@code fpsctl} and {@code fpsctl --help} print: the commands with a one-line summary each, the options and
 * the exit codes. Written out here (80 columns, plain text) so that the most common first command prints without
 * building picocli's command tree; the same constants feed the picocli model ({@link FpsctlCommand}), and a test
 * checks that picocli renders that model to exactly this text.
 */
final class TopLevelHelp {
    static final String DESCRIPTION_1 =
            "How smoothly an Android app renders: fps, janky and dropped frames, and why a";
    static final String DESCRIPTION_2 = "frame was slow.";

    /** Every subcommand, in the order the help lists them, with its one-line summary. */
    static final Map<String, String> SUMMARIES = summaries(
            "watch", "Watch an app render live: fps, jank, drops, the cause",
            "capture", "Capture apps for a while into CSV and summary.json",
            "gate", "Measure an app and check it against thresholds (CI)",
            "analyze", "Analyse saved gfxinfo or SurfaceFlinger dumps, or CSVs",
            "report", "Write a self-contained HTML report with charts",
            "compare", "Compare two saved runs: the change of every metric",
            "devices", "List the devices the adb server knows",
            "exporter", "Serve live metrics of every device to Prometheus",
            "sim", "Run a simulated Android device that speaks adb",
            "agent", "Install, build or remove the on-device agent",
            "mcp", "Serve fpsctl's tools to a coding agent (MCP, stdio)",
            "generate-completion", "Print a bash/zsh completion script for fpsctl");

    static final String EXIT_0 = "0:ok (gate: passed)";
    static final String EXIT_1 = "1:gate failed";
    static final String EXIT_2 = "2:usage error";
    static final String EXIT_3 = "3:adb or device problem (none found, several, offline, unauthorized)";
    static final String EXIT_4 = "4:app problem (not installed, not running, no frames)";
    static final String EXIT_5 = "5:input/output problem (unreadable file, not a dump, cannot write)";
    static final String EXIT_129 = "129:stopped by SIGHUP (terminal closed) after writing what was captured";
    static final String EXIT_130 = "130:stopped by SIGINT (Ctrl-C) after writing what was captured";
    static final String EXIT_143 = "143:stopped by SIGTERM after writing what was captured";
    static final String EXIT_141 = "141:the reader of standard output went away (e.g. | head)";

    private static final String[] EXITS = {EXIT_0, EXIT_1, EXIT_2, EXIT_3, EXIT_4, EXIT_5, EXIT_129, EXIT_130, EXIT_141,
        EXIT_143};
    private static final int NAME_COLUMN = 21;
    private static final int EXIT_COLUMN = 6;

    private TopLevelHelp() {
    }

    /** The one-line summary of a subcommand ({@link FpsctlCommand#SUBCOMMANDS}). */
    static String summary(String command) {
        String s = SUMMARIES.get(command);
        if (s == null) {
            throw new IllegalArgumentException(command);
        }
        return s;
    }

    private static Map<String, String> summaries(String... nameThenSummary) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < nameThenSummary.length; i += 2) {
            m.put(nameThenSummary[i], nameThenSummary[i + 1]);
        }
        return Collections.unmodifiableMap(m);
    }

    /** Prints the help. */
    static void print(PrintWriter out) {
        StringBuilder b = new StringBuilder(2048);
        b.append("Usage: fpsctl [-hV] [--debug] [COMMAND]\n");
        b.append(DESCRIPTION_1).append('\n').append(DESCRIPTION_2).append('\n');
        b.append("      --debug     Show stack traces of errors.\n");
        b.append("  -h, --help      Show this help message and exit.\n");
        b.append("  -V, --version   Print version information and exit.\n");
        b.append("Commands:\n");
        for (Map.Entry<String, String> c : SUMMARIES.entrySet()) {
            b.append("  ").append(c.getKey()).append(" ".repeat(NAME_COLUMN - c.getKey().length()))
                    .append(c.getValue()).append('\n');
        }
        b.append("\nExit codes:\n");
        for (String e : EXITS) {
            int colon = e.indexOf(':');
            b.append("  ").append(e, 0, colon).append(" ".repeat(EXIT_COLUMN - colon)).append(e.substring(colon + 1))
                    .append('\n');
        }
        out.print(b);
        out.flush();
    }
}
