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
 * frame it wrote is one the layer it measured presented (that layer's truth file: the window's HUD burst while the
 * SurfaceView has not drawn yet, then the SurfaceView), with none of the layer's presents missing between the first
 * and last captured one, and none outside the truth. With every second dump warned, a capture that misreads the warned dumps
 * still gets its frames from the next poll (half-ring polling); with every dump warned it gets none.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("e2e")
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
        TreeSet<Long> surfaceView = truthPresents(dir, "surfaceview");
        TreeSet<Long> window = truthPresents(dir, "app");
        assertTrue(captured.size() > 60, "frames captured: " + captured.size());
        // Which layer each captured frame came from. The game scenario's window draws a HUD burst at 0–300 ms of
        // device time (next one at 5 s, after this capture), its SurfaceView from 500 ms (Scenarios#game): when
        // the capture's first look at the SurfaceView finds no buffer yet, fpsctl measures the window until the
        // SurfaceView has data (SurfaceFlingerPoller's fallback, docs/metrics.md 1), so frames before the
        // SurfaceView's first present are the window's. Both truth files hold every present a dump can show: a
        // dump prints actualPresent once it is <= the dump's time, the truth gets the buffer once present and
        // acquire fence signalled (acquire before present: SurfaceFrameGenerator, AppWindow), and the simulator's
        // close settles everything up to its own time, after the capture's last dump. So no captured frame may
        // fall outside them: no tolerance.
        long svFirst = surfaceView.first();
        List<Long> fromWindow = captured.stream().filter(t -> t < svFirst).toList();
        List<Long> fromSurfaceView = captured.stream().filter(t -> t >= svFirst).toList();
        assertTrue(fromSurfaceView.size() > 60, "SurfaceView frames captured: " + fromSurfaceView.size());
        assertNoPresentLostOrInvented(fromWindow, window, "window (every " + every + ")");
        assertNoPresentLostOrInvented(fromSurfaceView, surfaceView, "SurfaceView (every " + every + ")");

        JsonNode summary;
        try (Stream<Path> s = Files.walk(out)) {
            summary = JSON.readTree(s.filter(p -> p.getFileName().toString().equals("summary.json")).findFirst()
                    .orElseThrow().toFile());
        }
        assertFalse(summary.path("partial").asBoolean(), summary::toString);
        assertEquals(0, summary.path("coverageGaps").asInt(), summary::toString);
    }

    /**
     * Every captured frame of one layer is a present of that layer's truth, each once, and every truth present from
     * the first captured one to the last is there (a layer is measured over one stretch: the window until the
     * SurfaceView draws, then the SurfaceView).
     */
    private static void assertNoPresentLostOrInvented(List<Long> captured, TreeSet<Long> presented, String layer) {
        if (captured.isEmpty()) {
            return;
        }
        List<Long> notPresented = captured.stream().filter(t -> !presented.contains(t)).toList();
        assertTrue(notPresented.isEmpty(), () -> layer + ": captured but not a truth present: " + notPresented);
        TreeSet<Long> expected = new TreeSet<>(presented.subSet(captured.get(0), true,
                captured.get(captured.size() - 1), true));
        assertEquals(expected, new TreeSet<>(captured), layer + ": no present lost");
        assertEquals(expected.size(), captured.size(), layer + ": no present doubled");
    }

    /** actualPresent of every row of one layer's truth file ({@code truth.<key>.latency}: period line, then rows). */
    private static TreeSet<Long> truthPresents(Path dir, String layerKey) throws Exception {
        Path layer = dir.resolve("truth." + layerKey + ".latency");
        List<String> lines = Files.readAllLines(layer);
        TreeSet<Long> presents = new TreeSet<>();
        for (String l : lines.subList(1, lines.size())) {
            String[] c = l.split("\t");
            long actual = Long.parseLong(c[1]);
            if (actual > 0 && actual != Long.MAX_VALUE) {
                presents.add(actual);
            }
        }
        return presents;
    }
}
