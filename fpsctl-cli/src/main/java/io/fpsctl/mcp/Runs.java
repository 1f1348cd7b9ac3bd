package io.fpsctl.mcp;

import io.fpsctl.engine.Summary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The runs this server measured, offered as MCP resources ({@code fpsctl://runs/<id>/<file>}): each run's
 * summary.json, its text summary, and its frames and windows CSVs.
 */
final class Runs {
    /** A measured run. */
    record Run(String id, String pkg, String device, Path dir, boolean partial) {
    }

    static final List<String> FILES = List.of("summary.json", "summary.txt", "frames.csv", "windows.csv");

    private final List<Run> runs = new ArrayList<>();
    private final Consumer<Run> added;

    /** @param added told of every new run (the server publishes its resources) */
    Runs(Consumer<Run> added) {
        this.added = added;
    }

    Run add(String id, String pkg, String device, Path dir, Summary summary) {
        Run r = new Run(id, pkg, device, dir, summary.partial());
        synchronized (runs) {
            runs.add(r);
        }
        added.accept(r);
        return r;
    }

    Run find(String id) {
        synchronized (runs) {
            for (Run r : runs) {
                if (r.id().equals(id)) {
                    return r;
                }
            }
        }
        return null;
    }

    static String uri(String id, String file) {
        return "fpsctl://runs/" + id + "/" + file;
    }
}
