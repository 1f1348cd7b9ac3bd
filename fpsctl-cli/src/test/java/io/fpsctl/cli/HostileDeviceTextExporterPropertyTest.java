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
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;

/**
 * The exporter's {@code /metrics} and its log with random hostile text in every device-text field it shows: the
 * window title ({@code window} label), {@code ro.product.model} and {@code ro.build.version.release} ({@code model}
 * and {@code android} labels of {@code fpsctl_device_info}, and the start note), and the product and device names of
 * the adb banner, which reach the exporter only through the server's {@code devices -l} line (with a space, so the
 * line cannot be split on spaces). A simulated Android 14 device behind Debian's adb server, as the exporter only
 * reaches devices through adb servers. The banner's values hold no {@code :}: the server's {@code parse_banner}
 * (adb.cpp) splits the banner on {@code :} and keeps only the third piece, so a {@code :} would cut off everything
 * after it, {@code features=shell_v2,cmd} included, and the exporter would run the legacy shell path a real
 * Android 7+ device never takes; the test checks that the server reports {@code shell_v2} before it scrapes. A
 * {@code ;} or {@code =} in them only drops that property at the server, as it would for a real device. Every sample line of the scrape must follow the text exposition format
 * (prometheus.io/docs/instrumenting/exposition_formats, "Text format details": a label value is any UTF-8 text with
 * backslash, double quote and line feed escaped as {@code \\}, {@code \"}, {@code \n}, and nothing else escaped),
 * and no label value, decoded by that rule, nor the raw scrape, nor the exporter's log may hold a control character
 * other than line feed and tab, DEL, C1, bidi control or line separator (docs/formats.md 6, the Prometheus row).
 * When a text holds no C0 control (one would end getprop's or the dump's line), the decoded {@code model},
 * {@code android} and {@code window} labels must say exactly what the device sent, in the shown form written here
 * from the rule ({@link #shown}): an exporter that dropped or blanked the text fails, not only one that passed it raw.
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
    void metricsAndLogShowHostileDeviceTextEscaped(@ForAll("texts") String title, @ForAll("texts") String text)
            throws Exception {
        scrapeHostile(title, text);
    }

    /**
     * Texts without C0 controls, so the labels must read back whole: DEL, C1, bidi override, line separator, the
     * private-use mark, backslashes (doubled, so {@code \e} stays apart from ESC's {@code \e}), markup and formula
     * starts, a {@code ;} and {@code =} that the server drops from the banner but getprop keeps.
     */
    @Example
    void labelsSayWhatTheDeviceSent() throws Exception {
        scrapeHostile("=HYPERLINK(\"x\")\u009b\u2028\u202e<b>|`a\\e\u007f", // not at an end: stripped there as a space
                "@Pixel 7\u0085;x=y\\e \ue01b-");
    }

    private void scrapeHostile(String title, String text) throws Exception {
        String model = text.replace(':', '.'); // kept whole by the server's parse_banner (see the class)
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        Path dir = Files.createTempDirectory("hostile-exporter");
        Process exporter = null;
        Simulator sim = null;
        try (AdbFarm farm = new AdbFarm(dir, 1)) {
            try {
                Path scenario = Files.writeString(dir.resolve("s.json"), JSON.writeValueAsString(Map.of(
                        "name", "hostile", "properties", Map.of("ro.product.model", model,
                                "ro.build.version.release", "14" + model, "ro.product.name", "n " + model,
                                "ro.product.device", model + " d"),
                        "windows", List.of(Map.of("activity", ".MainActivity", "title", title, "phases", List.of(
                                Map.of("kind", "render", "durationMs", 100000000)))))));
                sim = Simulator.start(new Simulator.Config(Scenarios.byNameOrFile(scenario.toString()),
                        new SimOptions(AndroidVersion.of(14), 60, 1, PKG), 0, null, false, null, 0));
                farm.connect(0, sim.serial());
                // the banner reached the server whole: the exporter takes the shell_v2 path of Android 7+
                var features = farm.run(0, "-s", sim.serial(), "features");
                assertTrue(features.stdout().contains("shell_v2"), () -> "features through the server: " + features);
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
                Map<String, List<String>> labels = check(body, log);
                if (whole(model)) {
                    assertTrue(labels.get("model").contains(shown(model.strip())), () -> "model label "
                            + JSON.valueToTree(labels.get("model")) + ", expected " + JSON.valueToTree(shown(model.strip())));
                    assertTrue(labels.get("android").contains(shown(("14" + model).strip())), () -> "android label "
                            + JSON.valueToTree(labels.get("android")));
                }
                if (whole(title)) {
                    assertTrue(labels.get("window").contains(shown(title)), () -> "window label "
                            + JSON.valueToTree(labels.get("window")) + ", expected " + JSON.valueToTree(shown(title)));
                }
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

    /** The decoded values of every label, by label name, after checking the scrape's format. */
    private static Map<String, List<String>> check(String body, Path log) throws IOException {
        HostileText.assertNoRawControl(body);
        List<String> windows = new ArrayList<>();
        Map<String, List<String>> values = new java.util.HashMap<>();
        for (String name : List.of("window", "model", "android")) {
            values.put(name, new ArrayList<>());
        }
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
                values.computeIfAbsent(l.group(1), k -> new ArrayList<>()).add(value);
                at = l.end();
            }
        }
        assertTrue(!windows.isEmpty(), () -> "no window label in the scrape\n" + body + "\n" + read(log));
        return values;
    }

    /**
     * A label value as docs/formats.md 6 says the exporter shows device text, written here from that rule rather than
     * through fpsctl's code: a backslash doubled, then what the terminal rewrites shown as the CSV rule shows it, but
     * line feed and tab kept (the text format escapes the line feed itself).
     */
    private static String shown(String s) {
        StringBuilder b = new StringBuilder();
        for (String piece : s.replace("\\", "\\\\").split("(?<=[\t\n])|(?=[\t\n])")) {
            b.append(piece.equals("\t") || piece.equals("\n") ? piece : HostileText.shownInCsv(piece));
        }
        return b.toString();
    }

    /** As {@code HostileDeviceText.whole}: text no C0 control cuts or drops parts of. */
    private static boolean whole(String s) {
        return !s.isBlank() && s.chars().noneMatch(c -> c < 0x20);
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
        return HostileDeviceText.texts();
    }
}
