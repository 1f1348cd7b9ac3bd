package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.adb.AdbCli;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenario;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.TestAdb;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exporter end to end: four simulated devices behind two real adb servers, plus one that disconnects
 * mid-run, scraped by Debian's Prometheus. The frames Prometheus counted must equal the simulator's truth
 * (counted here from the truth files by docs/metrics.md section 1's rule: every row without Flags bit 8), and so must
 * the FrameTimeline split (section 9, joined here by hand from the truth's FrameTimelineVsyncId column and its
 * SurfaceFrame file).
 */
@Tag("adb")
@Tag("prometheus")
@Tag("e2e")
class ExporterPrometheusEndToEndTest {
    private static final String PKG = "com.example.feed";
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How long the flaky device refuses connections (see the gap's derivation below). */
    private static final int AWAY_S = 4;
    /** The longest span of a 120-frame ring in the jank scenario (derived at the gap's check). */
    private static final double MAX_RING_SPAN_S = (192 + 25) / 60.0;

    /**
     * Idle while everything starts, render 8 s, then idle for good: the truth stops growing. Named {@code
     * system-jank}, so the simulated SurfaceFlinger adds its system faults (FrameTimeline, Android 12+) to the
     * app's own slow frames.
     */
    private static final String BURST = "{\"name\":\"system-jank\",\"refreshHz\":60,\"windows\":[{\"activity\":"
            + "\".MainActivity\",\"phases\":[{\"kind\":\"idle\",\"durationMs\":9000},"
            + "{\"kind\":\"render\",\"durationMs\":8000,\"slow\":{\"everyFrames\":25,\"missedVsyncs\":[2,5]}},"
            + "{\"kind\":\"idle\",\"durationMs\":100000000}]}]}";

    @Test
    void prometheusCountsWhatTheDevicesRenderedAndADisconnectShowsAsAGap(@TempDir Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        Optional<Path> prometheus = onPath("prometheus");
        assumeTrue(prometheus.isPresent(), "prometheus is not on PATH (apt-get install prometheus): skipping");
        Path scenarioFile = Files.writeString(dir.resolve("burst.json"), BURST);
        Scenario burst = Scenarios.byNameOrFile(scenarioFile.toString());
        List<Simulator> sims = new ArrayList<>();
        Process exporter = null;
        Process prom = null;
        // the exporter and prometheus stop before the farm's adb servers do (an inner finally): an exporter still
        // running when its servers go away runs 'adb start-server' again, and that server would outlive the test
        try (AdbFarm farm = new AdbFarm(dir, 2)) {
          try {
            for (int i = 0; i < 4; i++) {
                sims.add(Simulator.start(new Simulator.Config(burst, new SimOptions(AndroidVersion.of(14), 60, 11 + i,
                        PKG), 0, dir.resolve("truth-" + i + ".txt"), false, null, 0)));
            }
            // the last device's burst ends 17 s after it started (9 s idle + 8 s render): from then on its truth is
            // final once the simulator advances (a poll or its ticker), so counts equal to it are complete
            long burstsOver = System.nanoTime() + Duration.ofMillis(17_000).toNanos();
            Simulator flaky = Simulator.start(new Simulator.Config(Scenarios.byName("jank"),
                    new SimOptions(AndroidVersion.of(13), 60, 99, PKG), 0, null, false, null, 0));
            sims.add(flaky);
            farm.connect(0, sims.get(0).serial());
            farm.connect(0, sims.get(1).serial());
            farm.connect(1, sims.get(2).serial());
            farm.connect(1, sims.get(3).serial());
            farm.connect(0, flaky.serial());
            String[] label = new String[5];
            for (int i = 0; i < 5; i++) {
                label[i] = farm.address(i == 2 || i == 3 ? 1 : 0) + "/" + sims.get(i).serial();
            }

            int exporterPort = TestAdb.freePort();
            ProcessBuilder exporterBuilder = new ProcessBuilder(javaBin(), "-cp", System.getProperty("java.class.path"),
                    "io.fpsctl.cli.Main", "exporter", PKG, "--adb-server", farm.address(0), "--adb-server",
                    farm.address(1), "--listen", "127.0.0.1:" + exporterPort, "--reconnect-timeout", "60s")
                    .redirectErrorStream(true).redirectOutput(dir.resolve("exporter.log").toFile());
            exporterBuilder.environment().put("HOME", dir.toString()); // anything adb writes stays in the test's folder
            exporter = exporterBuilder.start();

            int promPort = TestAdb.freePort();
            Path config = Files.writeString(dir.resolve("prometheus.yml"), "global:\n  scrape_interval: 1s\n"
                    + "scrape_configs:\n  - job_name: fpsctl\n    static_configs:\n      - targets: ['127.0.0.1:"
                    + exporterPort + "']\n");
            prom = new ProcessBuilder(prometheus.get().toString(), "--config.file=" + config,
                    "--storage.tsdb.path=" + dir.resolve("tsdb"), "--web.listen-address=127.0.0.1:" + promPort)
                    .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
            String api = "http://127.0.0.1:" + promPort;
            Path log = dir.resolve("exporter.log");

            // the flaky device goes away once the exporter counted frames of it (a fixed delay from here was seen
            // to fall before the exporter's first frame under load: nothing covered yet, so no gap to measure), for
            // 4 s, and comes back: a coverage gap, and its frames go on counting
            assertTrue(waitFor(Duration.ofSeconds(60), () -> value(api, "sum(fpsctl_frames_total{device=\""
                    + label[4] + "\"})") > 0), () -> "no frames of " + label[4] + "\n" + read(log));
            flaky.transport().disconnect(Duration.ofSeconds(AWAY_S));
            assertTrue(waitFor(Duration.ofSeconds(60), () -> value(api, "sum(fpsctl_coverage_gaps_total{device=\""
                    + label[4] + "\"})") >= 1), () -> "no coverage gap for " + label[4] + "\n" + read(log));
            double afterGap = value(api, "sum(fpsctl_frames_total{device=\"" + label[4] + "\"})");
            assertTrue(waitFor(Duration.ofSeconds(20), () -> value(api, "sum(fpsctl_frames_total{device=\""
                    + label[4] + "\"})") > afterGap + 30), () -> "frames of " + label[4] + " did not go on\n" + read(log));
            double gapSeconds = value(api, "sum(fpsctl_coverage_gap_seconds_total{device=\"" + label[4] + "\"})");
            // From the newest frame read before (drawn before the disconnect) to the oldest one the ring holds at the
            // first read after (>= AWAY_S later): at least AWAY_S minus the ring's span. The ring holds 120 frames;
            // the jank scenario makes a frame slow every 40 +- 15 (>= 25) frames, missing 3, 9, 24 vsyncs in turn,
            // so 120 frames hold at most 6 slow ones, 2 x (3 + 9 + 24) = 72 extra vsyncs: <= 192 vsyncs, 3.2 s at
            // 60 Hz, plus one frame's own length (<= 25 vsyncs) as its time may be its end: <= 3.62 s. Hence a gap
            // >= 4 - 3.62 = 0.38 s. Above: the absence plus adb's reconnect, well under the 60 s reconnect timeout.
            assertTrue(gapSeconds >= AWAY_S - MAX_RING_SPAN_S && gapSeconds < 60, "gap of " + gapSeconds + " s");

            // the others: what Prometheus counted is exactly what the simulators rendered
            Map<Integer, Long> truth = new HashMap<>();
            BooleanSupplier allEqual = () -> {
                if (System.nanoTime() < burstsOver) {
                    return false; // equal mid-burst proves nothing: a starved simulator ticker can stall both sides
                }
                for (int i = 0; i < 4; i++) {
                    long t = truthFrames(dir.resolve("truth-" + i + ".txt"));
                    truth.put(i, t);
                    if (t == 0 || value(api, "sum(fpsctl_frames_total{device=\"" + label[i] + "\"})") != t) {
                        return false;
                    }
                }
                return true;
            };
            waitFor(Duration.ofSeconds(50), allEqual);
            for (int i = 0; i < 4; i++) {
                long t = truthFrames(dir.resolve("truth-" + i + ".txt"));
                assertTrue(t > 400, "device " + i + " rendered " + t + " frames");
                assertEquals(t, (long) value(api, "sum(fpsctl_frames_total{device=\"" + label[i] + "\"})"),
                        "frames of " + label[i] + "\n" + read(log));
                assertEquals(0.0, value(api, "sum(fpsctl_coverage_gaps_total{device=\"" + label[i] + "\"})"),
                        "device " + label[i] + " had no gap");
                assertEquals(1.0, value(api, "count(fpsctl_refresh_rate_hz{device=\"" + label[i] + "\"} == 60)"),
                        "refresh rate of " + label[i]);
            }
            // the FrameTimeline split: app jank (the slow frames), system jank (the simulated SurfaceFlinger's faults)
            String[] series = {"frames", "app_jank_frames", "system_jank_frames", "unattributed_frames"};
            BooleanSupplier ftEqual = () -> {
                for (int i = 0; i < 4; i++) {
                    long[] t = truthFrameTimeline(dir.resolve("truth-" + i + ".txt"));
                    for (int k = 0; k < series.length; k++) {
                        if (value(api, "sum(fpsctl_frametimeline_" + series[k] + "_total{device=\"" + label[i]
                                + "\"})") != t[k]) {
                            return false;
                        }
                    }
                }
                return true;
            };
            waitFor(Duration.ofSeconds(20), ftEqual);
            for (int i = 0; i < 4; i++) {
                long[] t = truthFrameTimeline(dir.resolve("truth-" + i + ".txt"));
                assertTrue(t[1] > 0 && t[2] > 0, "the truth has app and system jank: " + java.util.Arrays.toString(t));
                for (int k = 0; k < series.length; k++) {
                    assertEquals(t[k], (long) value(api, "sum(fpsctl_frametimeline_" + series[k] + "_total{device=\""
                            + label[i] + "\"})"), series[k] + " of " + label[i] + "\n" + read(log));
                }
                for (Map.Entry<String, Long> e : truthJankTypes(dir.resolve("truth-" + i + ".txt")).entrySet()) {
                    assertEquals(e.getValue(), (long) value(api, "sum(fpsctl_frametimeline_jank_type_frames_total{device=\""
                            + label[i] + "\",type=\"" + e.getKey() + "\"})"), e.getKey() + " of " + label[i]);
                }
            }
            // every query of the example Grafana dashboard names series that exist
            JsonNode dashboard = JSON.readTree(Path.of("examples", "grafana-dashboard.json").toFile());
            int queries = 0;
            for (JsonNode panel : dashboard.path("panels")) {
                for (JsonNode target : panel.path("targets")) {
                    String q = target.path("expr").asText().replace("$device", ".*").replace("$package", ".*")
                            .replace("$__rate_interval", "1m");
                    assertTrue(results(api, q) > 0, panel.path("title").asText() + ": no series for " + q);
                    queries++;
                }
            }
            assertTrue(queries >= 7, "the dashboard's queries: " + queries);
            // issue 25: model and Android version in one info series per device (the simulators' own identity),
            // the exporter's version in one build info series, and no other series labelled with them
            for (int i = 0; i < 5; i++) {
                int android = i == 4 ? 13 : 14;
                String model = Simulator.identityOf(new SimOptions(AndroidVersion.of(android), 60, 0, PKG)).model();
                assertEquals(1.0, value(api, "count(fpsctl_device_info{device=\"" + label[i] + "\",model=\"" + model
                        + "\",android=\"" + android + "\"} == 1)"), "the info series of " + label[i]);
            }
            assertEquals(5, results(api, "{__name__=~\"fpsctl_.+\",model=~\".+\"}"), "only the 5 info series");
            assertEquals(0, results(api, "{__name__=~\"fpsctl_.+\",__name__!=\"fpsctl_device_info\",android=~\".+\"}"));
            assertEquals(1.0, value(api, "count(fpsctl_build_info{version=~\".+\"} == 1)"), "one build info");
            // issue 26: resource gauges (docs/metrics.md 13) reach Prometheus, with only the bounded thread labels
            assertTrue(waitFor(Duration.ofSeconds(20), () -> value(api,
                    "count(fpsctl_app_cpu_percent{thread=\"main\"} >= 0)") >= 1), "main thread CPU is scraped");
            assertTrue(waitFor(Duration.ofSeconds(20), () -> value(api,
                    "count(fpsctl_app_memory_bytes{kind=\"rss\"} > 0)") >= 1), "RSS is scraped");
            assertEquals(0, results(api, "fpsctl_app_cpu_percent{thread!~\"app|main|RenderThread|hwuiTask|GPU "
                    + "completion\"}"), "no thread's own name as a label");
            // the histogram counts the same frames
            assertEquals(value(api, "sum(fpsctl_frames_total{device=\"" + label[0] + "\"})"),
                    value(api, "sum(fpsctl_frame_time_seconds_count{device=\"" + label[0] + "\"})"));
          } finally {
            if (exporter != null) {
                exporter.destroy();
                exporter.waitFor();
            }
            if (prom != null) {
                prom.destroy();
                prom.waitFor();
            }
          }
        } finally {
            for (Simulator s : sims) {
                s.close();
            }
        }
    }

    /** Rows of the truth's framestats block that docs/metrics.md counts: complete, Flags without bit 8 (skipped). */
    private static long truthFrames(Path truth) {
        try {
            return Files.readAllLines(truth).stream().filter(l -> l.matches("[0-9]+,[0-9].*"))
                    .filter(l -> (Long.parseLong(l.substring(0, l.indexOf(','))) & 8) == 0).count();
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * The jank keys of every counted frame of the truth, joined by hand: the counted framestats rows (no Flags bit
     * 8), their FrameTimelineVsyncId, and the app's SurfaceFrame of that token in {@code .frametimeline.tsv}; null
     * for a frame without one (unattributed). The truth has a SurfaceFrame once its display frame is final, and
     * SurfaceFlinger makes a display frame final only at a later composition: after the burst nothing is composed,
     * so the last frames' display frame stays pending and they wait for a verdict (counted nowhere yet). They are
     * the frames after the last one with a SurfaceFrame, and are left out.
     */
    private static List<String[]> truthVerdicts(Path truth) {
        List<String[]> out = new ArrayList<>();
        try {
            Map<Long, String[]> sf = FrameTimelineTruth.surfaceFrames(
                    truth.resolveSibling(truth.getFileName().toString().replace(".txt", ".frametimeline.tsv")));
            int idCol = -1;
            for (String line : Files.readAllLines(truth)) {
                if (line.startsWith("Flags,")) {
                    idCol = List.of(line.split(",")).indexOf("FrameTimelineVsyncId");
                } else if (idCol >= 0 && line.matches("[0-9]+,[0-9].*")
                        && (Long.parseLong(line.substring(0, line.indexOf(','))) & 8) == 0) {
                    String[] c = sf.get(Long.parseLong(line.split(",")[idCol]));
                    out.add(c);
                }
            }
        } catch (IOException e) {
            return List.of();
        }
        while (!out.isEmpty() && out.get(out.size() - 1) == null) {
            out.remove(out.size() - 1); // waiting for a display frame that is not final
        }
        return out;
    }

    /** {joined, app jank, system jank, unattributed} of the truth (docs/metrics.md section 10's rules). */
    private static long[] truthFrameTimeline(Path truth) {
        long[] n = new long[4];
        for (String[] sf : truthVerdicts(truth)) {
            if (sf == null) {
                n[3]++;
                continue;
            }
            n[0]++;
            switch (FrameTimelineTruth.blame(sf)) { // docs/metrics.md 10: a dropped buffer is neither
                case "app" -> n[1]++;
                case "system" -> n[2]++;
                default -> { }
            }
        }
        return n;
    }

    /** Joined frames per jank key in the truth. */
    private static Map<String, Long> truthJankTypes(Path truth) {
        Map<String, Long> types = new HashMap<>();
        for (String[] sf : truthVerdicts(truth)) {
            if (sf != null) {
                FrameTimelineTruth.keys(sf[0], sf[1]).forEach(k -> types.merge(k, 1L, Long::sum));
            }
        }
        return types;
    }

    /** How many series an instant query returns (0 when Prometheus does not answer). */
    private static int results(String api, String query) {
        try {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(api + "/api/v1/query?query="
                    + URLEncoder.encode(query, StandardCharsets.UTF_8))).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return r.statusCode() != 200 ? 0 : JSON.readTree(r.body()).path("data").path("result").size();
        } catch (IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    /** The value of an instant query with one result; 0 when it has none (yet) or Prometheus is not up. */
    private static double value(String api, String query) {
        try {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(api + "/api/v1/query?query="
                    + URLEncoder.encode(query, StandardCharsets.UTF_8))).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                return 0;
            }
            JsonNode result = JSON.readTree(r.body()).path("data").path("result");
            return result.isEmpty() ? 0 : Double.parseDouble(result.get(0).path("value").get(1).asText());
        } catch (IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    private static boolean waitFor(Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(500);
        }
        return condition.getAsBoolean();
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static Optional<Path> onPath(String name) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(d, name);
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
