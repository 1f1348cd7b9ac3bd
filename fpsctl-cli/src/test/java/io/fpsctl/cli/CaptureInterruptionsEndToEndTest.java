package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.Simulator;
import io.fpsctl.testing.PollUntil;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * capture end to end against the simulator when the run is interrupted: the device disconnects for 2 s (the capture
 * says so, carries on when it is back and keeps a valid file) and the app crashes (frames of both processes are
 * counted). Split from {@link CommandsEndToEndTest}.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@Tag("e2e")
class CaptureInterruptionsEndToEndTest {
    private static final String PKG = "com.example.feed";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Simulator sim(String scenario) throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName(scenario),
                new SimOptions(AndroidVersion.of(14), 120, 5, PKG), 0, null, false, null, 0));
    }

    /** Rows in the frames.csv under {@code dir} so far (0 when there is none yet). */
    private static long frameRows(Path dir) {
        try (var w = Files.walk(dir)) {
            Path f = w.filter(p -> p.getFileName().toString().equals("frames.csv")).findFirst().orElse(null);
            return f == null ? 0 : Math.max(0, Files.readAllLines(f).size() - 1);
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            return 0; // the file is being created
        }
    }

    @Test
    void captureSurvivesADisconnectAndKeepsAValidFile(@TempDir Path dir) throws Exception {
        try (Simulator s = sim("smooth")) {
            AtomicReference<Cli> result = new AtomicReference<>();
            // 2 s away of 7 s may leave less than 90 % measured: --allow-partial keeps the exit 0 this test is about
            Thread t = new Thread(() -> result.set(Cli.run("capture", PKG, "--connect", s.serial(), "--duration", "7s",
                    "--out", dir.toString(), "--source", "gfxinfo", "--allow-partial")));
            t.start();
            // disconnect once the capture is recording frames (not after a guessed delay)
            PollUntil.condition(() -> frameRows(dir) > 100, Duration.ofSeconds(30), "the capture records frames");
            s.transport().disconnect(Duration.ofSeconds(2));
            t.join(60_000);
            Cli r = result.get();
            assertEquals(0, r.exit, r.toString());
            assertTrue(r.err.contains("device disconnected"), r.err);
            assertTrue(r.err.contains("device is back"), r.err);
            Path frames;
            try (var w = Files.walk(dir)) {
                frames = w.filter(p -> p.getFileName().toString().equals("frames.csv")).findFirst().orElseThrow();
            }
            Cli a = Cli.run("analyze", frames.toString(), "--format", "json");
            assertEquals(0, a.exit, a.toString());
            // 7 s at 120 Hz minus at most ~2.5 s of outage (frames older than the ring at reconnect are lost)
            long rows = Files.readAllLines(frames).size() - 1;
            assertTrue(rows > 400, "frames captured around the gap: " + rows);
        }
    }

    private static Path find(Path dir, String name) throws java.io.IOException {
        try (var w = Files.walk(dir)) {
            return w.filter(p -> p.getFileName().toString().equals(name)).findFirst().orElseThrow();
        }
    }

    @Test
    void captureCarriesOnAcrossAnAppCrash(@TempDir Path dir) throws Exception {
        try (Simulator s = sim("smooth")) {
            int pidBefore = s.android().pid().orElseThrow();
            AtomicReference<Cli> result = new AtomicReference<>();
            Thread t = new Thread(() -> result.set(Cli.run("capture", PKG, "--connect", s.serial(), "--duration", "5s",
                    "--out", dir.toString(), "--source", "gfxinfo")));
            t.start();
            // crash once the capture is recording frames (not after a guessed delay from the simulator's start)
            PollUntil.condition(() -> frameRows(dir) > 100, Duration.ofSeconds(30), "the capture records frames");
            // the device clock of every frame timestamp (no device restart here), around the crash
            long crashFromNs = s.android().now();
            s.android().crashApp();
            long crashToNs = s.android().now();
            t.join(60_000);
            Cli r = result.get();
            assertTrue(r != null, "the capture ended");
            assertTrue(s.android().pid().orElseThrow() != pidBefore, "the app restarted with a new pid");
            JsonNode sum = JSON.readTree(find(dir, "summary.json").toFile());
            // What the old process drew after the last poll died with it (docs/metrics.md 11, "app restarted"): up
            // to a poll interval (500 ms, GfxinfoPoller.MAX_DELAY, plus the poll's own time, longer on a loaded
            // machine) of a 5 s run, so the run may rightly measure less than 90 % and be partial (exit 3). The
            // exit must follow the summary's own figures, and a partial run must say the app restart is why.
            double asked = sum.get("askedMs").asDouble();
            double measured = sum.get("measuredMs").asDouble();
            assertEquals(5000.0, asked, 0.001, sum.toString());
            boolean partial = measured < 0.9 * asked;
            assertEquals(partial, sum.get("partial").asBoolean(), sum.toString());
            assertEquals(partial ? 3 : 0, r.exit, r + "\n" + sum);
            List<String> gapWarnings = new ArrayList<>();
            sum.get("warnings").forEach(w -> {
                if (w.asText().startsWith("coverage gap of ")) {
                    gapWarnings.add(w.asText());
                }
            });
            int gaps = sum.get("coverageGaps").asInt();
            assertEquals(gaps, gapWarnings.size(), sum.toString());
            // exactly one gap is the app restart; any other is a ring overflow of a late poll on a loaded machine
            assertEquals(1, gapWarnings.stream().filter(w -> w.contains("the app process restarted")).count(),
                    sum.toString());
            if (partial) {
                String why = sum.get("partialReason").asText();
                assertTrue(why.contains("the app restarted") || (gaps > 1 && why.contains("ring overflows")),
                        sum.toString());
                assertTrue(r.err.contains("partial run") && r.err.contains("--allow-partial"), r.err);
            }
            // The frames are right. The smooth scenario draws at every vsync once the frame before has completed
            // (HwuiFrameGenerator#next: the next frame is at the later of the next vsync and the first vsync after
            // the previous frame's end), so in frames.csv a frame follows the one before within a period of the
            // later of its vsync and its end, except across a coverage gap: the restart's, which spans the crash
            // (from the old process's newest frame read to the new one's first, docs/metrics.md 11), and any ring
            // overflow. The gaps in the summary are those steps, and their lengths add up to coverageGapMs.
            List<String> lines = Files.readAllLines(find(dir, "frames.csv"));
            List<String> header = List.of(lines.get(0).split(","));
            int vsyncCol = header.indexOf("intendedVsyncNs");
            int endCol = header.indexOf("endNs");
            long[][] frames = lines.stream().skip(1).map(l -> l.split(","))
                    .map(c -> new long[] {Long.parseLong(c[vsyncCol]), Long.parseLong(c[endCol])})
                    .sorted(java.util.Comparator.comparingLong(f -> f[0])).toArray(long[][]::new);
            long before = java.util.Arrays.stream(frames).filter(f -> f[0] < crashFromNs).count();
            long after = java.util.Arrays.stream(frames).filter(f -> f[0] >= crashToNs).count();
            assertTrue(before > 100 && after > 0, "frames of both processes, before and after the crash: " + before
                    + ", " + after);
            double periodNs = 1e9 / 120;
            int restartStep = java.util.stream.IntStream.range(1, frames.length)
                    .filter(i -> frames[i - 1][0] < crashToNs && frames[i][0] >= crashFromNs)
                    .boxed().max(java.util.Comparator.comparingLong(i -> frames[i][0] - frames[i - 1][0]))
                    .orElseThrow();
            List<Double> gapStepsMs = new ArrayList<>();
            for (int i = 1; i < frames.length; i++) {
                long later = Math.max(frames[i - 1][0], frames[i - 1][1]);
                if (i == restartStep || frames[i][0] - later > 1.5 * periodNs) {
                    gapStepsMs.add((frames[i][0] - frames[i - 1][0]) / 1e6);
                }
            }
            assertEquals(gaps, gapStepsMs.size(), "gaps in frames.csv " + gapStepsMs + " vs " + sum);
            assertEquals(sum.get("coverageGapMs").asDouble(),
                    gapStepsMs.stream().mapToDouble(Double::doubleValue).sum(), 0.01 * gaps,
                    "gaps in frames.csv " + gapStepsMs + " vs " + sum);
        }
    }
}
