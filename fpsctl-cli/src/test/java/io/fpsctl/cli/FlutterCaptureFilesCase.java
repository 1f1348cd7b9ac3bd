package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Tag;

/**
 * The case of {@link FlutterCaptureFilesEndToEndTest} and {@link FlutterShortLatchCaptureFilesEndToEndTest} (the
 * first says what is checked and why): a capture through Debian's adb server, each frames.csv row checked against
 * the simulator's truth by the reference calculation of {@link TruthFrame}.
 *
 * <p>Its tags are its callers' (JUnit reads them only on test classes): they say, where E2eTagsTest and ToolTagsTest
 * look, that this code starts a simulator through Debian's adb.
 */
@Tag("adb")
@Tag("e2e")
final class FlutterCaptureFilesCase {
    private static final String PKG = "com.example.feed";

    /** The truth's frame: its phases (ns) by the present time of its buffer. */
    record TruthFrame(long number, long vsyncStart, long buildStart, long buildFinish, long rasterStart,
                      long rasterFinish, long present) {
        /** Reference: whole µs per phase as dart:ui gets them, differences of those (shell.cc, FrameTiming). */
        String uiMs() {
            return ms(buildFinish / 1000 - buildStart / 1000);
        }

        String rasterMs() {
            return ms(rasterFinish / 1000 - rasterStart / 1000);
        }

        String bottleneck() {
            // docs/metrics.md 16 rule 9: the longer part; a tie names ui
            return rasterFinish / 1000 - rasterStart / 1000 > buildFinish / 1000 - buildStart / 1000 ? "raster" : "ui";
        }

        /** µs as frames.csv writes ms: at least two decimals, at most six, no rounding. */
        private static String ms(long us) {
            String s = String.format(java.util.Locale.ROOT, "%d.%03d", us / 1000, us % 1000);
            return s.endsWith("0") ? s.substring(0, s.length() - 1) : s;
        }
    }

    private static Map<Long, TruthFrame> truth(Path tsv) throws Exception {
        Map<Long, TruthFrame> byPresent = new HashMap<>();
        List<String> lines = Files.readAllLines(tsv);
        assertEquals("number\tvsyncStart\tbuildStart\tbuildFinish\trasterStart\trasterFinish\tactualPresent",
                lines.get(0));
        for (String line : lines.subList(1, lines.size())) {
            String[] c = line.split("\t");
            byPresent.put(Long.parseLong(c[6]), new TruthFrame(Long.parseLong(c[0]), Long.parseLong(c[1]),
                    Long.parseLong(c[2]), Long.parseLong(c[3]), Long.parseLong(c[4]), Long.parseLong(c[5]),
                    Long.parseLong(c[6])));
        }
        return byPresent;
    }

    private static Path find(Path dir, String name) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.getFileName().toString().equals(name)).findFirst().orElseThrow();
        }
    }

    private FlutterCaptureFilesCase() {
    }

    /** One case: a 4 s capture of {@code scenario} on Android {@code android} at {@code hz}, its files in dir. */
    static void run(int android, int hz, String scenario, Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        Path truthFile = dir.resolve("truth.txt");
        Path out = dir.resolve("out");
        try (AdbFarm farm = new AdbFarm(dir, 1);
             Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName(scenario),
                     new SimOptions(AndroidVersion.of(android), hz, 11L * android + hz, PKG), 0, truthFile, false,
                     null, 0))) {
            farm.connect(0, sim.serial());
            Cli r = Cli.run("capture", PKG, "-P", Integer.toString(farm.port(0)), "-s", sim.serial(), "--duration",
                    "4s", "--out", out.toString());
            assertEquals(0, r.exit, r::toString);
            sim.android().advance(); // every frame up to now reaches the truth
        }
        JsonNode summary = new ObjectMapper().readTree(find(out, "summary.json").toFile());
        JsonNode block = summary.get("flutter");
        long joined = 0;
        long rows = 0;
        String gapAfterJoined = null;
        Map<Long, TruthFrame> byPresent = scenario.endsWith("release") ? Map.of()
                : truth(dir.resolve("truth.flutter.tsv"));
        if (scenario.equals("flutter-short-latch")) {
            // the case the scenario is for: buffers presented less than a refresh period after their raster finished.
            // Counted over the truth's first 4 s of presents, a fixed span: the whole file's share falls the longer
            // the simulator runs (adb's start, the machine's load: 33 of 351 once under load). Such buffers come
            // only before the first slow frame stuffs the layer's queue one buffer deep, which light frames never
            // drain (FlutterFrameGenerator.presentOf; the simulator's truth: 45–58 of the first second's ~58
            // presents, none after), so this capture, which starts later, joins none of them: the join's handling
            // of them is FlutterFrameJoinTruthTest's, from the generator's first frame
            long periodNs = Math.round(1e9 / hz);
            long firstPresent = byPresent.keySet().stream().mapToLong(Long::longValue).min().orElse(0);
            List<Map.Entry<Long, TruthFrame>> early = byPresent.entrySet().stream()
                    .filter(e -> e.getKey() < firstPresent + 4_000_000_000L).toList();
            long shorter = early.stream().filter(e -> e.getKey() - e.getValue().rasterFinish() < periodNs).count();
            assertTrue(shorter > early.size() / 10, shorter + " of " + early.size() + " frames within a period");
        }
        List<TruthFrame> shown = new java.util.ArrayList<>(); // the truth frames of the rows, in row order
        long lastPresent = Long.MIN_VALUE;
        try (Reader in = Files.newBufferedReader(find(out, "frames.csv"))) {
            for (CSVRecord row : CSVFormat.DEFAULT.builder().setHeader().build().parse(in)) {
                rows++;
                TruthFrame t = byPresent.get(Long.parseLong(row.get("endNs")));
                if (t != null) {
                    shown.add(t);
                    lastPresent = Long.parseLong(row.get("endNs"));
                }
                String where = "row " + rows + " " + row.toMap();
                if (row.get("uiMs").isEmpty()) {
                    // empty before the VM service was reached, and at the very end (events still on their way
                    // when the run stopped): never between two joined rows
                    gapAfterJoined = joined > 0 ? where : gapAfterJoined;
                    continue;
                }
                assertEquals(null, gapAfterJoined, "a row without its Flutter frame between joined rows");
                assertTrue(t != null, "a joined row is a truth Flutter frame's present: " + where);
                joined++;
                assertEquals(t.uiMs(), row.get("uiMs"), "build of frame " + t.number() + ": " + where);
                assertEquals(t.rasterMs(), row.get("rasterMs"), "raster of frame " + t.number() + ": " + where);
                assertEquals(t.bottleneck(), row.get("flutterBottleneck"), where);
            }
        }
        assertTrue(rows > 50, "a real capture: " + rows + " rows");
        if (scenario.equals("flutter-release")) {
            assertEquals(0, joined, "a release build has no split");
            assertTrue(block.isNull(), summary.toString());
            assertTrue(summary.get("warnings").toString().contains("flutter: UI/raster split unavailable: no Dart VM "
                    + "service (a release build, or its announcement has left the log)"), summary.get("warnings").toString());
            return;
        }
        // A run the join refuses must be one the truth cannot tell (docs/metrics.md 16 rule 9). The frames fpsctl got
        // (block.frames: what the VM service posted, VmServiceHost streamListen: none from before it was reached) are
        // one run of consecutive frames, rastered after the capture began, so presented at one of its rows or after
        // the last: it ends at most `pending` frames past the last row, and starts at the first row or later. Under
        // load the service is reached late and the run may be a regular stretch (the failure this answers: Android
        // 14, seed 214, 92 frames for 198 rows, one 1.6-period build and one 2.4-period raster among them: every run
        // of 92 holding just those, frames 297 and 349, is presented a period apart, a stuffed queue absorbing both
        // slow frames). A joined run is checked row by row above.
        long posted = block.get("frames").asLong();
        long last = lastPresent;
        long pending = byPresent.keySet().stream().filter(present -> present > last).count();
        long firstShown = shown.get(0).number();
        long lastShown = shown.get(shown.size() - 1).number();
        long untold = Long.MIN_VALUE;
        for (long end = Math.min(firstShown + posted - 1, lastShown + pending); end <= lastShown + pending; end++) {
            long from = end - posted + 1;
            long to = end;
            if (toldAt(shown.stream().filter(t -> t.number() >= from && t.number() <= to).toList(),
                    Math.round(1e9 / hz)) < 0) {
                untold = end;
                break;
            }
        }
        assertTrue(joined > 0 || untold != Long.MIN_VALUE, "every run of " + posted + " frames ending at truth frame "
                + Math.min(firstShown + posted - 1, lastShown + pending) + "–" + (lastShown + pending)
                + " holds an irregular present the join can weigh, yet " + joined + " of " + rows
                + " rows joined; the block " + block + ", warnings " + summary.get("warnings"));
        assertEquals(Math.round(1e6 / hz) / 1000.0, block.get("budgetMs").asDouble(), 1e-9, block.toString());
        assertTrue(block.get("frames").asLong() >= joined, block.toString());
    }

    /**
     * Reference: where the truth says a run can be told apart (docs/metrics.md 16 rule 9), or -1. {@code rowed}: the
     * run's frames that have a row, in order. Where their presents step one period each (a stuffed queue absorbs a
     * slow frame: seed 214's frames 297 and 349, a 1.6-period build and a 2.4-period raster, presented a period
     * apart), every offset of the pairing sees the same steps: a tie, refused. A run is told by an irregular present
     * (a skipped vsync: a step over 1.5 periods between consecutive frames) followed by at least 8 of its frames
     * with a row, the shortest run the join weighs (docs/metrics.md 16 rule 9): the offsets are compared on the
     * frames they all pair, and a later offset pairs none past the last row. The simulator's flutter-short-latch at
     * 60 Hz (seeds 192 and 214, every run of 30, 60, 92 and 120 frames, 0–3 of them with no row): joined exactly
     * when this holds, never wrongly.
     *
     * @return the index in {@code rowed} of the irregular present that tells the run
     */
    static int toldAt(List<TruthFrame> rowed, long periodNs) {
        for (int i = 1; i <= rowed.size() - 8; i++) {
            TruthFrame a = rowed.get(i - 1);
            TruthFrame b = rowed.get(i);
            if (b.number() == a.number() + 1 && b.present() - a.present() > periodNs * 3 / 2) {
                return i;
            }
        }
        return -1;
    }
}
