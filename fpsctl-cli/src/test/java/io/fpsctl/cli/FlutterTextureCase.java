package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Tag;

/**
 * The case of the {@code flutter-texture} classes ({@link FlutterTextureEndToEndTest} says what it checks and why),
 * shared by the classes that split its Android versions so that no class runs the eight cases one after another:
 * the simulator through Debian's adb server, {@code capture} on auto and on {@code --source flutter}, {@code watch}
 * and {@code gate}, each checked against the simulator's truth files by the reference calculations below.
 *
 * <p>Its tags are its callers' (JUnit reads them only on test classes): they say, where E2eTagsTest and ToolTagsTest
 * look, that this code starts a simulator through Debian's adb.
 */
@Tag("adb")
@Tag("e2e")
final class FlutterTextureCase {
    private static final String PKG = "com.example.feed";

    private FlutterTextureCase() {
    }

    /** One case of the texture classes: Android {@code android} at {@code hz}, its files in {@code dir}. */
    static void run(int android, int hz, Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        Path truthFile = dir.resolve("truth.txt");
        Path auto = dir.resolve("auto");
        Path flutter = dir.resolve("flutter");
        Path watchCsv = dir.resolve("watch.csv");
        Path gateSummary = dir.resolve("gate.json");
        Cli capture;
        Cli split;
        Cli watch;
        Cli gate;
        try (AdbFarm farm = new AdbFarm(dir, 1);
             Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName("flutter-texture"),
                     new SimOptions(AndroidVersion.of(android), hz, 13L * android + hz, PKG), 0, truthFile, false,
                     null, 0))) {
            farm.connect(0, sim.serial());
            String p = Integer.toString(farm.port(0));
            // 4 s: the scenario's slow engine frames come up to ~2.3 s apart at 60 Hz (gateAgainstTruth's premise);
            // a 2 s capture could hold none of them
            capture = Cli.run("capture", PKG, "-P", p, "-s", sim.serial(), "--duration", "4s", "--out",
                    auto.toString());
            // 3 s: 180 presents at 60 Hz to join, far more than "more than half joined" needs
            split = Cli.run("capture", PKG, "-P", p, "-s", sim.serial(), "--duration", "3s", "--source", "flutter",
                    "--out", flutter.toString());
            watch = Cli.run("watch", PKG, "-P", p, "-s", sim.serial(), "--duration", "1s", "--plain",
                    "--frames-csv", watchCsv.toString());
            gate = Cli.run("gate", PKG, "-P", p, "-s", sim.serial(), "--duration", "3s", "--min-fps", "1",
                    "--max-ui-p90-ms", "1000", "--max-raster-p90-ms", "1000", "--max-jank-percent", "0",
                    "--max-app-jank-percent", "50", "--summary-out", gateSummary.toString());
            sim.android().advance(); // every frame up to now reaches the truth
        }
        assertEquals(0, capture.exit, capture::toString);
        assertEquals(0, split.exit, split::toString);
        assertEquals(0, watch.exit, watch::toString);
        assertTrue(gate.out.contains("flutter UI p90 (ms)"), gate::toString);
        for (Cli r : List.of(capture, watch, gate)) {
            // auto follows the window's layer: there is no SurfaceView layer to pick
            assertFalse(r.err.contains("SurfaceView[") || r.err.contains("SurfaceView - "),
                    "auto picked a SurfaceView: " + r);
            assertTrue(r.err.contains("Flutter app in a profile or debug build"), r.toString());
        }
        for (Cli r : List.of(capture, watch, gate)) {
            assertTrue(r.err.contains("a Flutter app without a SurfaceView (FlutterTextureView)"), r.toString());
        }
        Presents truth = presents(dir.resolve("truth.app.latency"));
        Map<Long, Long> durationByVsync = truthDurations(truthFile);
        List<CSVRecord> rows = rows(find(auto, "frames.csv"));
        assertTrue(rows.size() > hz, "a real capture: " + rows.size() + " frames");
        long judged = 0;
        long janky = 0;
        for (CSVRecord r : rows) {
            assertEquals("surfaceflinger", r.get("source"), r.toString());
            Boolean expected = checkedAgainstTruth(r, truth);
            judged += expected == null ? 0 : 1;
            janky += Boolean.TRUE.equals(expected) ? 1 : 0;
        }
        assertTrue(janky > 0, "the engine's slow frames are skipped vsyncs of the window: " + janky);
        // what HWUI would have said of the same window: none of its timed frames longer than a period
        long hwuiLong = durationByVsync.values().stream().filter(d -> d > truth.periodNs).count();
        assertEquals(0, hwuiLong, "the window's HWUI frames are light (docs/metrics.md 16.1)");
        JsonNode summary = new ObjectMapper().readTree(find(auto, "summary.json").toFile());
        assertEquals("surfaceflinger", summary.get("source").asText(), summary::toString);
        assertEquals(janky, summary.get("jankyFrames").asLong(), summary::toString);
        assertEquals(100.0 * janky / judged, summary.get("jankPercent").asDouble(), 0.006, summary::toString);
        List<CSVRecord> watched = rows(watchCsv);
        assertTrue(watched.size() > hz / 3, "watch saw frames: " + watched.size());
        for (CSVRecord r : watched) {
            assertEquals("surfaceflinger", r.get("source"), r.toString());
            checkedAgainstTruth(r, truth);
        }
        gateAgainstTruth(gate, gateSummary, truth, Long.parseLong(watched.get(watched.size() - 1).get("endNs")),
                android >= 12);

        // --source flutter: the window layer's presents, each joined row the truth engine frame it composited
        Map<Long, String[]> splitByPresent = truthSplit(dir.resolve("truth.flutter.tsv"));
        long joined = 0;
        List<CSVRecord> layerRows = rows(find(flutter, "frames.csv"));
        for (CSVRecord row : layerRows) {
            assertEquals("surfaceflinger", row.get("source"), row.toString());
            if (row.get("uiMs").isEmpty()) {
                continue;
            }
            String[] t = splitByPresent.get(Long.parseLong(row.get("endNs")));
            assertNotNull(t, "a joined row is a truth Flutter frame's present: " + row.toMap());
            assertEquals(t[0], row.get("uiMs"), "build: " + row.toMap());
            assertEquals(t[1], row.get("rasterMs"), "raster: " + row.toMap());
            joined++;
        }
        assertTrue(joined > layerRows.size() / 2, joined + " of " + layerRows.size() + " rows joined");
        JsonNode block = new ObjectMapper().readTree(find(flutter, "summary.json").toFile()).get("flutter");
        assertEquals(Math.round(1e6 / hz) / 1000.0, block.get("budgetMs").asDouble(), 1e-9, block.toString());
    }

    /**
     * gate ran last (after watch's last row): its verdict and figures against the truth's presents from then on. The
     * truth's janky presents come less than 2.9 s apart, so its 3 s run must see some: jankPercent fails
     * {@code --max-jank-percent 0} (HWUI's durations would have passed it), its janky frames are truth janky
     * presents of that stretch, and app jank, blind on a texture app, fails with its reason where FrameTimeline runs
     * (docs/metrics.md 16.1), never passing on 0 %.
     */
    private static void gateAgainstTruth(Cli gate, Path summaryFile, Presents truth, long afterWatch,
                                         boolean frameTimeline) throws IOException {
        List<Long> janky = new ArrayList<>();
        long judged = 0;
        for (long end : truth.actual().tailSet(afterWatch, false)) {
            Boolean j = truthJanky(truth, end);
            judged += j == null ? 0 : 1;
            if (Boolean.TRUE.equals(j)) {
                janky.add(end);
            }
        }
        // every stretch of gate's 3 s after watch holds a janky present: no gap (from watch's end, between them, to
        // the truth's last present) as long as 2.9 s (the scenario's slow engine frames come up to ~2.3 s apart)
        List<Long> marks = new ArrayList<>(janky);
        marks.add(0, afterWatch);
        marks.add(truth.actual().last());
        long widest = 0;
        for (int i = 1; i < marks.size(); i++) {
            widest = Math.max(widest, marks.get(i) - marks.get(i - 1));
        }
        assertTrue(widest < 2_900_000_000L, "premise: the truth's janky presents after watch come less than 2.9 s "
                + "apart: " + janky.size() + ", widest gap " + widest / 1e6 + " ms");
        assertEquals(1, gate.exit, gate::toString);
        JsonNode s = new ObjectMapper().readTree(summaryFile.toFile());
        assertEquals("surfaceflinger", s.get("source").asText(), s::toString);
        long gateJanky = s.get("jankyFrames").asLong();
        assertTrue(gateJanky >= 1 && gateJanky <= janky.size(), "gate's janky frames " + gateJanky + " of the truth's "
                + janky.size() + " after watch: " + gate);
        assertTrue(s.get("frames").asLong() <= judged + 1, "gate's frames are truth presents after watch: " + s);
        String jankRow = gate.out.lines().filter(l -> l.contains("jankPercent") && !l.contains("appJank")
                && !l.contains("systemJank")).findFirst().orElse("");
        assertTrue(jankRow.contains("FAIL"), "jankPercent fails --max-jank-percent 0: " + gate);
        if (frameTimeline) {
            String appRow = gate.out.lines().filter(l -> l.contains("appJankPercent")).findFirst().orElse("");
            assertTrue(appRow.contains("FAIL") && appRow.contains("FlutterTextureView"), "app jank: " + gate);
            assertTrue(s.get("warnings").toString().contains("appJankPercent is blind"), s::toString);
        }
    }

    /** The window layer's truth: its refresh period and every present, in order. */
    private record Presents(long periodNs, java.util.TreeSet<Long> actual) {
    }

    /** {@code truth.app.latency}: the period, then {@code desired\tactual\tready} per presented buffer. */
    private static Presents presents(Path latency) throws IOException {
        List<String> lines = Files.readAllLines(latency);
        java.util.TreeSet<Long> actual = new java.util.TreeSet<>();
        for (String line : lines.subList(1, lines.size())) {
            if (!line.isBlank()) {
                actual.add(Long.parseLong(line.split("\t")[1]));
            }
        }
        return new Presents(Long.parseLong(lines.get(0).trim()), actual);
    }

    /**
     * The reference: whether the present ending at {@code end} is janky, from its interval to the truth's previous
     * present of the layer (docs/metrics.md 3: dropped = round(gap / T) − 1, janky when ≥ 1); null when it is not
     * judged (the layer's first present, or one after an idle gap of 1 s or more).
     */
    static Boolean truthJanky(Presents truth, long end) {
        Long before = truth.actual().lower(end);
        if (before == null || end - before >= 1_000_000_000L) {
            return null;
        }
        return Math.round((double) (end - before) / truth.periodNs()) - 1 >= 1;
    }

    /**
     * A frames.csv row is a truth present of the window's layer; a judged row has the truth's interval and janky
     * flag. @return the truth's janky flag of a judged row, null for a row fpsctl did not judge
     */
    private static Boolean checkedAgainstTruth(CSVRecord r, Presents truth) {
        long end = Long.parseLong(r.get("endNs"));
        assertTrue(truth.actual().contains(end), "not a truth present: " + r);
        if (r.get("durationMs").isEmpty()) {
            return null; // the first present fpsctl read, or one after an idle gap: not judged
        }
        Boolean expected = truthJanky(truth, end);
        assertNotNull(expected, "judged, but the truth has no interval: " + r.toMap());
        assertEquals((end - truth.actual().lower(end)) / 1e6, Double.parseDouble(r.get("durationMs")), 0.0015,
                "the present interval of " + r.toMap());
        assertEquals(expected, Boolean.parseBoolean(r.get("janky")), "janky: " + r.toMap());
        return expected;
    }

    /** IntendedVsync → FrameCompleted − IntendedVsync of every timed truth window frame, columns found by label. */
    private static Map<Long, Long> truthDurations(Path truth) throws IOException {
        Map<Long, Long> out = new HashMap<>();
        int vsync = -1;
        int done = -1;
        for (String line : Files.readAllLines(truth)) {
            if (line.startsWith("Flags,")) {
                List<String> h = List.of(line.split(","));
                vsync = h.indexOf("IntendedVsync");
                done = h.indexOf("FrameCompleted");
            } else if (vsync >= 0 && !line.isEmpty() && Character.isDigit(line.charAt(0))) {
                String[] c = line.split(",");
                if (Long.parseLong(c[0]) == 0) { // timed frames (docs/metrics.md 1): not the first draw
                    out.put(Long.parseLong(c[vsync]), Long.parseLong(c[done]) - Long.parseLong(c[vsync]));
                }
            }
        }
        return out;
    }

    /** Present → {uiMs, rasterMs} as frames.csv writes them: whole µs per phase as dart:ui gets them. */
    private static Map<Long, String[]> truthSplit(Path tsv) throws IOException {
        Map<Long, String[]> out = new HashMap<>();
        List<String> lines = Files.readAllLines(tsv);
        assertEquals("number\tvsyncStart\tbuildStart\tbuildFinish\trasterStart\trasterFinish\tactualPresent",
                lines.get(0));
        for (String line : lines.subList(1, lines.size())) {
            long[] c = java.util.Arrays.stream(line.split("\t")).mapToLong(Long::parseLong).toArray();
            out.put(c[6], new String[] {ms(c[3] / 1000 - c[2] / 1000), ms(c[5] / 1000 - c[4] / 1000)});
        }
        return out;
    }

    /** µs as frames.csv writes ms: at least two decimals, at most six, no rounding. */
    private static String ms(long us) {
        String s = String.format(java.util.Locale.ROOT, "%d.%03d", us / 1000, us % 1000);
        return s.endsWith("0") ? s.substring(0, s.length() - 1) : s;
    }

    private static Path find(Path dir, String name) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.getFileName().toString().equals(name)).findFirst().orElseThrow();
        }
    }

    private static List<CSVRecord> rows(Path csv) throws IOException {
        try (Reader in = Files.newBufferedReader(csv)) {
            return new ArrayList<>(CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
                    .parse(in).getRecords());
        }
    }
}
