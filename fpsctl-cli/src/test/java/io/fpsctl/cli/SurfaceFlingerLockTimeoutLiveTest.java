package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A live SurfaceFlinger capture on Android 14 while every second (or every) {@code dumpsys SurfaceFlinger --list /
 * --latency / --frametimeline} begins with "Dumping without lock after timeout: Connection timed out (-110)" (the simulator's
 * lock-timeout fault, SurfaceFlinger.cpp {@code doDump} at android-14.0.0_r1): the capture succeeds and every
 * frame it wrote is one the simulated layer presented (its truth file), with none of the layer's presents missing
 * between the first and last captured one. With every second dump warned, a capture that misreads the warned dumps
 * still gets its frames from the next poll (half-ring polling); with every dump warned it gets none.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("e2e")
@Tag("timing")
class SurfaceFlingerLockTimeoutLiveTest {
    private static final String PKG = "com.example.feed";
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest(name = "every {0}. dump warned")
    @ValueSource(ints = {2, 1})
    void framesAreMeasuredWhenDumpsBeginWithTheWarning(int every, @TempDir Path dir) throws Exception {
        Path truth = dir.resolve("truth.txt");
        Path out = dir.resolve("out");
        long warned;
        try (Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName("game"),
                new SimOptions(AndroidVersion.of(14), 60, 7, PKG), 0, truth, false, null, 0))) {
            sim.android().setSurfaceFlingerLockTimeoutEvery(every);
            Cli r = Cli.run("capture", PKG, "--connect", sim.serial(), "--duration", "3s", "--out", out.toString(),
                    "--source", "surfaceflinger");
            assertEquals(0, r.exit, r::toString);
            assertFalse(r.err.contains("Dumping without lock"), r.err);
            warned = sim.android().surfaceFlingerLockTimeouts();
        }
        // the --list and 3 s of --latency polls at least every half ring (127 rows, 2.1 s at 60 Hz): 2 or more warned
        assertTrue(warned >= 2, "dumps that began with the warning: " + warned);

        Path csv;
        try (Stream<Path> s = Files.walk(out)) {
            csv = s.filter(p -> p.getFileName().toString().equals("frames.csv")).findFirst().orElseThrow();
        }
        List<Long> captured = new ArrayList<>();
        try (Reader in = Files.newBufferedReader(csv);
             CSVParser p = CSVParser.parse(in, CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build())) {
            for (CSVRecord rec : p) {
                captured.add(Long.parseLong(rec.get("endNs")));
            }
        }
        TreeSet<Long> presented = truthPresents(dir);
        assertTrue(captured.size() > 60, "frames captured: " + captured.size());
        // Compared only inside the truth file's span. After it: the truth file gets a frame once both its fences
        // signalled, a dump shows it once the present fence has (ready still INT64_MAX), so the newest captured
        // frames may be past the truth's last line when the simulator stops. Before it: the truth file was seen to
        // start up to ~0.3 s after the layer's first presents (a simulator truth gap, not investigated here). At most
        // 10 captured frames fall outside.
        List<Long> checked = captured.stream().filter(t -> t >= presented.first() && t <= presented.last()).toList();
        assertTrue(captured.size() - checked.size() <= 10, "captured outside the truth's span: "
                + (captured.size() - checked.size()));
        List<Long> notPresented = checked.stream().filter(t -> !presented.contains(t)).toList();
        assertTrue(notPresented.isEmpty(), () -> "captured but not a truth present: " + notPresented + " (every " + every + ")");
        // the reference: every present of the layer from the first captured one to the last checked one
        TreeSet<Long> expected = new TreeSet<>(presented.subSet(checked.get(0), true,
                checked.get(checked.size() - 1), true));
        assertEquals(expected, new TreeSet<>(checked), "no present lost");
        assertEquals(expected.size(), checked.size(), "no present doubled");

        JsonNode summary;
        try (Stream<Path> s = Files.walk(out)) {
            summary = JSON.readTree(s.filter(p -> p.getFileName().toString().equals("summary.json")).findFirst()
                    .orElseThrow().toFile());
        }
        assertFalse(summary.path("partial").asBoolean(), summary::toString);
        assertEquals(0, summary.path("coverageGaps").asInt(), summary::toString);
    }

    /** actualPresent of every row of the game's SurfaceView truth file (period line first, then rows). */
    private static TreeSet<Long> truthPresents(Path dir) throws Exception {
        Path layer;
        try (Stream<Path> s = Files.list(dir)) {
            layer = s.filter(p -> p.getFileName().toString().endsWith(".latency")
                    && p.getFileName().toString().toLowerCase().contains("surfaceview")).findFirst().orElseThrow();
        }
        TreeSet<Long> presents = new TreeSet<>();
        for (String l : Files.readAllLines(layer).subList(1, Files.readAllLines(layer).size())) {
            String[] c = l.split("\t");
            long actual = Long.parseLong(c[1]);
            if (actual > 0 && actual != Long.MAX_VALUE) {
                presents.add(actual);
            }
        }
        return presents;
    }
}
