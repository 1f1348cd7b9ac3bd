package io.fpsctl.sim.device;

import java.util.ArrayDeque;
import java.util.List;

/**
 * Every command line the simulated shell received, exactly as it arrived (the text after {@code shell,v2,raw:},
 * {@code shell:} or {@code exec:}, and each line written to a persistent {@code sh}), oldest first: what a test
 * reads to check that a hostile value reached the device as one quoted word and nothing else ran. Keeps the most
 * recent {@link #CAPACITY} lines, so a simulator left running for hours does not grow.
 */
final class ReceivedCommands {
    static final int CAPACITY = 10_000;

    private final ArrayDeque<String> lines = new ArrayDeque<>();

    synchronized void add(String commandLine) {
        if (lines.size() == CAPACITY) {
            lines.removeFirst();
        }
        lines.addLast(commandLine);
    }

    synchronized List<String> snapshot() {
        return List.copyOf(lines);
    }
}
