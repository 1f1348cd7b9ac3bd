package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The checks of the app's bytes on an eBPF phone (docs/metrics.md 14 rule 11) on one capture of an app that downloads
 * while it scrolls, shared by {@link AppUidStatsSteppedTest} (every case, stepped clock) and
 * {@link AppUidStatsEndToEndTest} (through adb in real time): on Android 13 ({@code dumpsys connectivity
 * trafficcontroller}), 14 and 16 ({@code dumpsys netstats}) the run's {@code resources.network.appRxBytes}/{@code
 * appTxBytes} equal the truth (what each dump printed in the app uid's {@code mAppUidStatsMap} row,
 * {@code t.load.jsonl} part {@code appUidStats}), and each window's bytes equal the truth's through
 * {@link TruthCounter}; on Android 12 no service the shell may dump prints the map, so the figure is unavailable with
 * netd's reason, never 0.
 */
final class AppUidStatsCase {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String PKG = "com.example.feed";

    private AppUidStatsCase() {
    }

    /**
     * The checks of a capture of Android {@code android}: its outputs under {@code out}, the truth files beside
     * {@code dir}/truth.txt. {@code realTime}: the capture polled in real time (through adb), where a read is placed
     * on the frame timeline at the end of its poll, a poll that beside six other test JVMs can take a good part of a
     * second: each window's bytes against the truth's line at its edges need each read placed where it was made,
     * which only the stepped clock gives (there the estimate lags the device by at most the newest frame's age), so
     * they are checked there; what does not depend on where the reads were placed (the run's bytes, the windows'
     * share of the device's) is checked both ways.
     */
    static void check(int android, Path dir, Path out, boolean realTime) throws Exception {
        Path cap;
        try (Stream<Path> s = Files.walk(out)) {
            cap = s.filter(p -> p.getFileName().toString().equals("summary.json")).findFirst().orElseThrow()
                    .getParent();
        }
        JsonNode n = JSON.readTree(cap.resolve("summary.json").toFile()).get("resources").get("network");
        List<CSVRecord> all = rows(cap.resolve("windows.csv"));
        List<CSVRecord> windows = all.stream().filter(w -> !w.get("mainCpuPercent").isEmpty()).toList();
        Path load = dir.resolve("truth.load.jsonl");
        // every window between two of fpsctl's reads has its resources; which windows those are comes from the
        // truth's reads (ReadSpan), not from a count that depends on when the polls came (GpuWorkCase's flake)
        int inside = ReadSpan.of(load).assertInsideHaveResources(all);
        // how many there are depends, in real time, on when the polls came (the machine's load): counted stepped
        assertTrue(realTime || inside >= 1, "windows between two reads: " + inside + " of " + all.size());
        TruthCounter rx = TruthCounter.of(load, "appUidStats", "appRxBytes");
        TruthCounter tx = TruthCounter.of(load, "appUidStats", "appTxBytes");
        TruthCounter devRx = TruthCounter.of(load, "deviceNet", "deviceRxBytes");
        TruthCounter devTx = TruthCounter.of(load, "deviceNet", "deviceTxBytes");
        if (android < 13) {
            assertEquals(0, rx.size(), "nothing printed the map");
            assertTrue(n.get("appRxBytes").isNull() && n.get("appTxBytes").isNull(), n::toString);
            assertTrue(n.get("appUnavailable").asText().contains("eBPF maps the shell cannot read"), n::toString);
            for (CSVRecord w : windows) {
                assertTrue(w.get("appRxBytes").isEmpty() && w.get("unavailable").contains("appNet="), w::toString);
            }
            return;
        }
        // the run: a counter summed over the intervals between successive reads = its last read minus its first
        // in real time as many as the polls that came (the machine's load), two at least: one interval
        assertTrue(rx.size() >= (realTime ? 2 : 3), "reads: " + rx.size());
        assertEquals(rx.last() - rx.first(), n.get("appRxBytes").asLong(), n::toString);
        assertEquals(tx.last() - tx.first(), n.get("appTxBytes").asLong(), n::toString);
        assertTrue(n.get("appUnavailable").isNull(), n::toString);
        int checked = 0;
        double[] share = shares(load);
        for (CSVRecord w : windows) {
            long start = Long.parseLong(w.get("startNs"));
            long end = Long.parseLong(w.get("endNs"));
            assertTrue(!w.get("appRxBytes").isEmpty(), w::toString);
            // the app's share of the device's bytes in a window, wherever the reads were placed: both counters are
            // interpolated at the same edges between the same reads, so the window's share lies within the shares
            // of the intervals between successive reads (from the truth: the map's dumpsys comes a moment after
            // /proc/net/dev in each batch, which moves those); each figure rounded to the byte
            double appRx = Double.parseDouble(w.get("appRxBytes"));
            double winDevRx = Double.parseDouble(w.get("deviceRxBytes"));
            assertTrue(appRx <= winDevRx * share[1] + 1 && appRx >= winDevRx * share[0] - 1,
                    w + " vs shares " + share[0] + ".." + share[1]);
            if (realTime) {
                continue; // the rest needs each read placed where it was made: the stepped clock (see check)
            }
            if (!rx.covers(start) || !rx.covers(end)) {
                continue; // an edge before the first read or after the last: the truth has no line there
            }
            // fpsctl places each read where the host's poll ran on the frame timeline, the truth at the phone's
            // uptime: on this shared machine a read can sit tens of ms off (measured: a window 16 % short, its device
            // bytes just as short), so the window's own bytes are checked to 20 %, and their share of the device's
            // bytes in the same window, which the placement moves alike, to 3 % (the map's dumpsys runs a few ms
            // after /proc/net/dev in the batch: measured 1.1 % apart): the truth's share is its own two counters'
            // change over the window. Another uid's bytes or a halved figure are far outside both.
            double wantRx = rx.change(start, end);
            double wantTx = tx.change(start, end);
            double appTx = Double.parseDouble(w.get("appTxBytes"));
            assertEquals(wantRx, appRx, wantRx * 0.2, w::toString);
            assertEquals(wantTx, appTx, wantTx * 0.2, w::toString);
            if (devRx.covers(start) && devRx.covers(end)) {
                assertEquals(wantRx / devRx.change(start, end), appRx / Double.parseDouble(w.get("deviceRxBytes")),
                        0.03, w::toString);
                assertEquals(wantTx / devTx.change(start, end), appTx / Double.parseDouble(w.get("deviceTxBytes")),
                        0.03, w::toString);
                checked++;
            }
        }
        assertTrue(realTime || checked >= 1, "windows inside the reads' span: " + checked + " of " + windows.size());
    }

    /**
     * The lowest and highest share of the device's received bytes the app's took between two successive batches of
     * the truth (netd's map against /proc/net/dev).
     */
    private static double[] shares(Path load) throws IOException {
        List<DeviceLoadCase.Batch> b = DeviceLoadCase.batches(load);
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (int i = 1; i < b.size(); i++) {
            long app = b.get(i).appUidStats().get("appRxBytes").asLong()
                    - b.get(i - 1).appUidStats().get("appRxBytes").asLong();
            long dev = b.get(i).deviceNet().get("deviceRxBytes").asLong()
                    - b.get(i - 1).deviceNet().get("deviceRxBytes").asLong();
            lo = Math.min(lo, (double) app / dev);
            hi = Math.max(hi, (double) app / dev);
        }
        return new double[] {lo, hi};
    }

    private static List<CSVRecord> rows(Path csv) throws IOException {
        try (Reader in = Files.newBufferedReader(csv);
             CSVParser p = CSVParser.parse(in, CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
                     .build())) {
            return p.getRecords();
        }
    }
}
