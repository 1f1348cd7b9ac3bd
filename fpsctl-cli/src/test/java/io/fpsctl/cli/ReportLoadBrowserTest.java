package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.testing.Chromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML report's GPU, power and network charts (docs/metrics.md section 14) in a real browser (Debian's headless
 * chromium; skipped when it is not installed), from a live gate run (the run that reads them per live window) of the
 * simulated phone downloading while it scrolls, on Android 14 with Adreno nodes. Each chart is drawn on the fps
 * chart's time axis, and what each series drew is the page's data column the test picks by its own reading of the
 * row layout (ReportLoad; the Java side's values are checked by hand in ReportLoadTest), and the device's rate is
 * the one worked by hand from the simulated phone (each byte once). The app's bytes cannot be read on Android 12:
 * the page says so under the chart with the reason, as text even when it holds markup, and draws no app line (never
 * a 0).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@Tag("chromium")
@Tag("e2e")
class ReportLoadBrowserTest {
    private static final String PKG = "com.example.feed";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SELF_CHECK = Pattern.compile("<pre id=\"selfcheck\">(.*?)</pre>", Pattern.DOTALL);
    private static final Pattern DATA = Pattern.compile(
            "<script id=\"fpsctl-data\" type=\"application/json\">(.*?)</script>", Pattern.DOTALL);

    @TempDir
    static Path dir;

    @Test
    void gpuPowerAndNetworkChartsDrawTheirWindowsOnTheFpsTimeAxis() throws Exception {
        Optional<Chromium> browser = Chromium.find();
        assumeTrue(browser.isPresent(), "chromium is not installed (apt-get install chromium): browser test skipped");
        Path html = dir.resolve("load.html");
        // Android 12: an eBPF phone whose app bytes the shell cannot read (13+ prints them: docs/metrics.md 14 rule 11)
        Cli r = Cli.run("gate", PKG, "--simulate=download", "--sim-android", "12", "--source", "gfxinfo", "--duration",
                "5s", "--min-fps",
                "1", "--report", html.toString());
        assertEquals(0, r.exit, r.toString());
        String dom = browser.get().dumpDom(html, Files.createTempDirectory(dir, "b"));
        JsonNode check = selfCheck(dom);
        assertEquals(0, check.path("errors").size(), check.path("errors").toString());
        JsonNode charts = check.path("charts");
        for (String name : List.of("gpu", "power", "network")) {
            JsonNode c = charts.path(name);
            assertTrue(c.path("draws").asInt() >= 1 && c.path("pixels").asInt() > 0, name + " drawn: " + check);
            assertEquals(charts.path("fps").path("xRange").toString(), c.path("xRange").toString(), "one time axis");
        }

        // on the first screen, right under CPU and memory, before the tables (docs/report.md)
        List<String> headings = new ArrayList<>();
        Matcher h = Pattern.compile("<h2>([^<]*)</h2>").matcher(dom);
        while (h.find()) {
            headings.add(h.group(1));
        }
        assertEquals(headings.indexOf("CPU and memory") + 1, headings.indexOf("GPU, power and network"), headings
                .toString());
        assertTrue(headings.indexOf("GPU, power and network") < headings.indexOf("Runs"), headings.toString());

        // the page's data, read here: rows [t, gpu %, MHz, mW, charging, app rx, app tx, device rx, device tx]
        Matcher d = DATA.matcher(Files.readString(html));
        assertTrue(d.find(), "the page holds its data");
        JsonNode load = findLoad(JSON.readTree(d.group(1)));
        assertTrue(load != null && load.path("rows").size() >= 3, "a 5 s run has live windows: " + load);
        double[] sums = new double[9];
        for (JsonNode row : load.path("rows")) {
            for (int k = 1; k < 9; k++) {
                sums[k] += row.path(k).isNull() ? 0 : row.path(k).asDouble();
            }
            assertTrue(row.path(5).isNull() && row.path(6).isNull(), "Android 12: the app's bytes are unknown: " + row);
        }
        assertTrue(sums[1] > 0 && sums[3] > 0 && sums[7] > 0, "the download run has a GPU, a drain and bytes");
        // the device's rate, worked by hand from the simulated phone's download scenario (DeviceLoadFiles): wlan0
        // 500 000 (app) + 2 000 (the rest of the phone off mobile data) B/s plus rmnet_data0 1 000 B/s = 503 000 B/s
        // = 491.2 kB/s (kB of 1024) for every window, whatever its length. Counting the stacked interfaces too (tun0
        // 200 800, v4-rmnet_data0 600, rmnet_ipa0 1 033.3 B/s) would give 705 433 B/s = 688.9 kB/s. Each window's
        // bytes are the counters' change between the reads it holds, over the window's own length, so one window
        // may be off by a read's timing; their mean is checked to 5 %.
        double deviceRx = 0;
        int withDevice = 0;
        for (JsonNode row : load.path("rows")) {
            if (!row.path(7).isNull()) {
                deviceRx += row.path(7).asDouble();
                withDevice++;
            }
        }
        assertTrue(withDevice >= 2, "live windows with the device's bytes: " + load);
        assertEquals(503_000 / 1024.0, deviceRx / withDevice, 503_000 / 1024.0 * 0.05, load.toString());
        assertEquals(sums[1], sum(charts.path("gpu"), "GPU load %"), 1e-6);
        assertEquals(sums[2], sum(charts.path("gpu"), "GPU MHz"), 1e-6);
        assertEquals(sums[3], sum(charts.path("power"), "battery drain mW"), 1e-6);
        assertEquals(sums[7], sum(charts.path("network"), "device rx kB/s (whole phone)"), 1e-6);
        assertEquals(sums[8], sum(charts.path("network"), "device tx kB/s (whole phone)"), 1e-6);
        assertFalse(charts.path("network").path("labels").toString().contains("app rx"), charts.path("network")
                .toString());
        // the reason, as text, under the network chart
        Matcher m = Pattern.compile("data-unavailable=\"network\"[^>]*>([^<]*)<").matcher(dom);
        assertTrue(m.find(), "the network chart says why the app's bytes are missing");
        assertTrue(m.group(1).startsWith("app network: unavailable \u2014 per-app bytes need xt_qtaguid"), m.group(1));

        // a reason holding markup and '&' (device text can hold anything), sent through the page's own data
        // escaping, shows as that text: no element made of it, the script not ended early
        String evil = "</script><b id=\"injected\">bold</b> & <i>x</i>";
        String page = Files.readString(html);
        Matcher p = DATA.matcher(page);
        assertTrue(p.find());
        JsonNode data = JSON.readTree(p.group(1));
        com.fasterxml.jackson.databind.node.ObjectNode unavailable =
                (com.fasterxml.jackson.databind.node.ObjectNode) findLoad(data).path("unavailable");
        unavailable.put("appNet", evil);
        Path altered = dir.resolve("evil.html");
        Files.writeString(altered, page.substring(0, p.start(1))
                + io.fpsctl.sink.report.ReportPageData.inScript(JSON.writeValueAsString(data)) + page.substring(p.end(1)));
        String evilDom = browser.get().dumpDom(altered, Files.createTempDirectory(dir, "e"));
        assertEquals(0, selfCheck(evilDom).path("errors").size(), evilDom);
        assertFalse(evilDom.contains("<b id=\"injected\""), "the reason made an element");
        Matcher e = Pattern.compile("data-unavailable=\"network\"[^>]*>([^<]*)<").matcher(evilDom);
        assertTrue(e.find(), "the reason is under the network chart");
        // the DOM dump serialises a text node with & < > escaped: the reason's own characters, as text
        assertEquals("app network: unavailable \u2014 " + evil.replace("&", "&amp;").replace("<", "&lt;")
                .replace(">", "&gt;"), e.group(1));
    }

    /** The first {@code load} object anywhere in the page's data. */
    private static JsonNode findLoad(JsonNode n) {
        if (n.has("load") && n.get("load").isObject()) {
            return n.get("load");
        }
        for (JsonNode c : n) {
            JsonNode f = c.isContainerNode() ? findLoad(c) : null;
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    /** The sum of the values the chart drew for the series {@code label}. */
    private static double sum(JsonNode chart, String label) {
        List<String> labels = new ArrayList<>();
        chart.path("labels").forEach(l -> labels.add(l.asText()));
        int i = labels.indexOf(label);
        assertTrue(i >= 0, label + " is one of " + labels);
        return chart.path("sums").path(i).asDouble();
    }

    private static JsonNode selfCheck(String dom) throws Exception {
        Matcher m = SELF_CHECK.matcher(dom);
        assertTrue(m.find(), "the page wrote its self-check (did its script run?)");
        return JSON.readTree(m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"));
    }
}
