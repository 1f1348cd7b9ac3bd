package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.HostileText;
import io.fpsctl.testing.PollUntil;
import io.fpsctl.testing.TestAdb;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Tag;

/**
 * The exporter's {@code /metrics} and its log with random hostile text in every device-text field it shows: the
 * window title ({@code window} label), {@code ro.product.model} and {@code ro.build.version.release} ({@code model}
 * and {@code android} labels of {@code fpsctl_device_info}, and the start note), the product and device names of
 * the adb banner (the server's {@code adb devices -l}). A simulated device behind Debian's adb server, as the exporter
 * only reaches devices through adb servers. Every sample line of the scrape must follow the text exposition format
 * (prometheus.io/docs/instrumenting/exposition_formats, "Text format details": a label value is any UTF-8 text with
 * backslash, double quote and line feed escaped as {@code \\}, {@code \"}, {@code \n}, and nothing else escaped),
 * and no label value, decoded by that rule, nor the raw scrape, nor the exporter's log may hold a control character
 * other than line feed and tab, DEL, C1, bidi control or line separator (docs/formats.md 6, the Prometheus row).
 * Broken on purpose: with {@code PrometheusText.label} returning its input in {@code FrameMetrics.DeviceLabels}
 * (model and android) the first try fails on a raw control in {@code fpsctl_device_info}.
 */
@Tag("adb")
@Tag("e2e")
class HostileDeviceTextExporterPropertyTest {
    private static final String PKG = "com.example.feed";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Duration T = Duration.ofSeconds(40);
    /** One sample line: name, optional labels, value (and an optional timestamp). */
    private static final Pattern SAMPLE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? (\\S+)( -?\\d+)?");
    /** One label, the value as the format writes it: no raw '"', '\' or LF; a backslash starts \\, \" or \n. */
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\\n]|\\\\[\\\\\"n])*)\"(,|$)");

    @Property(tries = 3, seed = "3737")
    void metricsAndLogShowHostileDeviceTextEscaped(@ForAll("texts") String title, @ForAll("texts") String model)
            throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        Path dir = Files.createTempDirectory("hostile-exporter");
        Process exporter = null;
        Simulator sim = null;
        try (AdbFarm farm = new AdbFarm(dir, 1)) {
            try {
                Path scenario = Files.writeString(dir.resolve("s.json"), JSON.writeValueAsString(Map.of(
                        "name", "hostile", "properties", Map.of("ro.product.model", model,
                                "ro.build.version.release", "14" + model, "ro.product.name", "n;" + model,
                                "ro.product.device", model + ":d"),
                        "windows", List.of(Map.of("activity", ".MainActivity", "title", title, "phases", List.of(
                                Map.of("kind", "render", "durationMs", 100000000)))))));
                sim = Simulator.start(new Simulator.Config(Scenarios.byNameOrFile(scenario.toString()),
                        new SimOptions(AndroidVersion.of(14), 60, 1, PKG), 0, null, false, null, 0));
                farm.connect(0, sim.serial());
                int port = TestAdb.freePort();
                Path log = dir.resolve("exporter.log");
                ProcessBuilder b = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx64m", "-cp", System.getProperty("java.class.path"), "io.fpsctl.cli.Main", "exporter", PKG,
                        "--adb-server", farm.address(0), "--listen", "127.0.0.1:" + port)
                        .redirectErrorStream(true).redirectOutput(log.toFile());
                b.environment().put("HOME", dir.toString()); // anything adb writes stays in the test's folder
                exporter = b.start();
                URI metrics = URI.create("http://127.0.0.1:" + port + "/metrics");
                // the window's frames and the device's info both scraped: every label fpsctl fills from the device
                String body = PollUntil.value(() -> scrape(metrics), s -> s.contains("fpsctl_frames_total{")
                        && s.contains("fpsctl_device_info{"), T, "frames and device info on " + metrics);
                check(body, log);
                System.out.println("exporter -Xmx64m, hostile device text: peak RSS " + peakRss(exporter.pid()));
            } finally {
                if (exporter != null) {
                    exporter.destroy();
                    exporter.waitFor();
                }
                if (sim != null) {
                    sim.close();
                }
            }
            HostileText.assertNoRawControl(Files.readString(dir.resolve("exporter.log"), StandardCharsets.UTF_8));
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static void check(String body, Path log) throws IOException {
        HostileText.assertNoRawControl(body);
        List<String> windows = new ArrayList<>();
        for (String line : body.split("\n")) {
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Matcher m = SAMPLE.matcher(line);
            assertTrue(m.matches(), () -> "not a sample line of the text format: " + JSON.valueToTree(line));
            String labels = m.group(2) == null ? "" : m.group(2);
            Matcher l = LABEL.matcher(labels);
            int at = 0;
            while (at < labels.length()) {
                int from = at;
                assertTrue(l.find(at) && l.start() == at, () -> "label " + JSON.valueToTree(labels.substring(from))
                        + " breaks the format in " + JSON.valueToTree(line));
                String value = decode(l.group(2));
                // after the format's own escapes are undone only a line feed may be a control: fpsctl showed the rest
                HostileText.assertNoRawControl(value);
                if (l.group(1).equals("window")) {
                    windows.add(value);
                }
                at = l.end();
            }
        }
        assertTrue(!windows.isEmpty(), () -> "no window label in the scrape\n" + body + "\n" + read(log));
    }

    /** A label value as the text format's reader takes it ({@code \\}, {@code \"}, {@code \n}). */
    private static String decode(String escaped) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < escaped.length(); i++) {
            char c = escaped.charAt(i);
            if (c == '\\') {
                char n = escaped.charAt(++i);
                sb.append(n == 'n' ? '\n' : n);
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static String scrape(URI uri) {
        try {
            HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return r.statusCode() == 200 ? r.body() : "";
        } catch (IOException e) {
            return ""; // not listening yet
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /** VmHWM of a process (Linux), for the report's memory figure; "unavailable" elsewhere. */
    private static String peakRss(long pid) {
        try {
            return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                    .filter(l -> l.startsWith("VmHWM:")).map(l -> l.substring(6).strip()).findFirst()
                    .orElse("unavailable");
        } catch (IOException e) {
            return "unavailable";
        }
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    @Provide
    Arbitrary<String> texts() {
        return new HostileDeviceTextPropertyTest().texts();
    }
}
