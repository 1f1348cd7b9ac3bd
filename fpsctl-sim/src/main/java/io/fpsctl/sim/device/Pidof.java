package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.TimeSource;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code pidof <name>…}: the pids of the {@link ProcessTable} processes whose name (argv[0] without its
 * directory) is one of the names, in pid order, space-separated; exit 1 when nothing matched. toybox's
 * {@code pidof} on every simulated version: system/core {@code shell_and_utilities/README.md} lists it among the
 * toybox tools from Android 6.0 on (inferred from upstream toybox {@code toys/lsb/pidof.c}: the output format and
 * exit status are not read here at the tags of Android's external/toybox, which could not be fetched).
 */
final class Pidof implements ShellCommand {

    private final ProcessTable table;
    private final TimeSource time;

    Pidof(ProcessTable table, TimeSource time) {
        this.table = table;
        this.time = time;
    }

    @Override
    public ShellReply run(List<String> args) {
        List<String> pids = new ArrayList<>();
        for (ProcessTable.Entry e : table.snapshot(time.nanoTime(), "pidof")) {
            if (args.contains(e.name()) && !e.cmdline().equals("pidof")) {
                pids.add(String.valueOf(e.pid()));
            }
        }
        if (pids.isEmpty()) {
            return ShellReply.exit(1);
        }
        return ShellReply.ok(String.join(" ", pids) + "\n");
    }
}
