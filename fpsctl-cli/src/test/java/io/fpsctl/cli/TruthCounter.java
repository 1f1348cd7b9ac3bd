package io.fpsctl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A reference calculation for a counter the simulator's truth recorded at each read ({@code t.load.jsonl}): its value
 * at any moment between two reads is the straight line between them, and a window's figure is its value at the end
 * minus its value at the start. Written here, apart from fpsctl's engine, from the truth's own (uptime, value) pairs;
 * a window's edges ({@code windows.csv startNs/endNs}) are the simulated phone's frame clock, the clock of the truth's
 * {@code uptimeNs}.
 */
final class TruthCounter {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final List<long[]> points;

    private TruthCounter(List<long[]> points) {
        this.points = points;
    }

    /** The {@code field} of every truth line of {@code part}, in order. */
    static TruthCounter of(Path file, String part, String field) throws IOException {
        List<long[]> p = new ArrayList<>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file)) {
                if (line.isBlank()) {
                    continue;
                }
                JsonNode n = JSON.readTree(line);
                if (n.get("part").asText().equals(part) && n.hasNonNull(field)) {
                    p.add(new long[] {n.get("uptimeNs").asLong(), n.get(field).asLong()});
                }
            }
        }
        return new TruthCounter(p);
    }

    int size() {
        return points.size();
    }

    long first() {
        return points.get(0)[1];
    }

    long last() {
        return points.get(points.size() - 1)[1];
    }

    /** Whether {@code t} lies within the reads' span (the line is known there). */
    boolean covers(long t) {
        return !points.isEmpty() && t >= points.get(0)[0] && t <= points.get(points.size() - 1)[0];
    }

    /** The counter at {@code t} on the line between the reads around it. */
    double at(long t) {
        for (int i = 1; i < points.size(); i++) {
            long[] a = points.get(i - 1);
            long[] b = points.get(i);
            if (t >= a[0] && t <= b[0]) {
                return b[0] == a[0] ? b[1] : a[1] + (double) (b[1] - a[1]) * (t - a[0]) / (b[0] - a[0]);
            }
        }
        throw new IllegalArgumentException("outside the reads: " + t);
    }

    /** The counter's change from {@code start} to {@code end}. */
    double change(long start, long end) {
        return at(end) - at(start);
    }
}
