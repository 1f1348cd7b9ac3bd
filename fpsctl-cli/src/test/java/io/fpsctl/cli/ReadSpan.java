package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVRecord;

/**
 * Which windows of a capture must carry resource figures, from the simulator's truth rather than from how many polls
 * came in real time. fpsctl gives a window its resources (docs/metrics.md 13.8) when a placed read lies at or before
 * its start and another at or after its end; how many windows that is in a few seconds depends on when the polls
 * came, which beside six other test JVMs is late (a 4 s capture once had one such window where the test wanted two).
 *
 * <p>Each batch of fpsctl's reads /proc/uptime first ({@code t.load.jsonl} part {@code uptime}, followed by the
 * batch's GPU, power and network parts). fpsctl places read i at the end of its poll on its estimate of the device's
 * clock, host time plus the largest device − host offset a frame gave (DeviceClockEstimate): a frame is read after it
 * was drawn, so the estimate is never ahead of the device. So read i is placed before the device time at which poll
 * i ended, which is before batch i + 1's uptime read: the first read is placed at or before the second batch's uptime
 * read. At the other end the last read is placed behind the device's clock by the estimate's lag, the age of the
 * freshest frame any poll saw (a frame every 16.7 ms at 60 Hz, read within the poll): less than one poll interval,
 * so the last read is placed after the second-to-last batch's uptime read. Every window wholly between those two
 * uptime reads therefore lies between two placed reads and must carry the figures, however late the polls came.
 */
final class ReadSpan {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final List<Long> batches;

    private ReadSpan(List<Long> batches) {
        this.batches = batches;
    }

    /**
     * The batches' uptime reads in {@code loadTruth} ({@code t.load.jsonl}): each {@code uptime} line followed by a
     * line of another part before the next {@code uptime} line (the boot check's read of /proc/uptime, before the
     * first poll, is followed by none).
     */
    static ReadSpan of(Path loadTruth) throws IOException {
        List<Long> out = new ArrayList<>();
        Long pending = null;
        for (String line : Files.readAllLines(loadTruth)) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode n = JSON.readTree(line);
            if (n.get("part").asText().equals("uptime")) {
                pending = n.get("uptimeNs").asLong();
            } else if (pending != null) {
                out.add(pending);
                pending = null;
            }
        }
        return new ReadSpan(out);
    }

    /** How many batches the truth has. */
    int size() {
        return batches.size();
    }

    /** Whether the window from {@code startNs} to {@code endNs} (device clock) lies between two placed reads. */
    boolean inside(long startNs, long endNs) {
        return batches.size() >= 3 && startNs >= batches.get(1) && endNs <= batches.get(batches.size() - 2);
    }

    /**
     * Checks that every window of {@code windows} (windows.csv rows) that lies between two placed reads has its
     * resources ({@code mainCpuPercent}), and returns how many there are.
     */
    int assertInsideHaveResources(List<CSVRecord> windows) {
        int n = 0;
        for (CSVRecord w : windows) {
            if (inside(Long.parseLong(w.get("startNs")), Long.parseLong(w.get("endNs")))) {
                n++;
                assertTrue(!w.get("mainCpuPercent").isEmpty(), "a window between two reads (" + batches + "): " + w);
            }
        }
        return n;
    }
}
