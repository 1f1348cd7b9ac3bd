package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.testing.Chromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a Flutter app's capture in a real browser (docs/metrics.md 16, docs/report.md): the UI/raster
 * chart drew one point per frames.csv row with Flutter cells, painted, and the table shows summary.json's block.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("chromium")
@Tag("e2e")
class FlutterReportBrowserTest {
    private static final String PKG = "com.example.feed";
    private static final Pattern SELF_CHECK = Pattern.compile("<pre id=\"selfcheck\">(.*?)</pre>", Pattern.DOTALL);

    @Test
    void theFlutterChartDrawsEveryJoinedFrameAndTheBlock(@TempDir Path dir) throws Exception {
        Optional<Chromium> chromium = Chromium.find();
        assumeTrue(chromium.isPresent(), "chromium is not installed (apt-get install chromium): browser test skipped");
        Cli r = Cli.run("capture", PKG, "--simulate=flutter", "--sim-refresh", "120", "--duration", "4s", "--out",
                dir.resolve("d").toString(), "--report");
        assertEquals(0, r.exit, r.toString());
        Path folder;
        try (Stream<Path> s = Files.walk(dir.resolve("d"))) {
            folder = s.filter(p -> p.getFileName().toString().equals("report.html")).findFirst().orElseThrow()
                    .getParent();
        }
        long joined = Files.readAllLines(folder.resolve("frames.csv")).stream().skip(1)
                .filter(l -> l.contains(",raster,") || l.contains(",ui,")).count();
        assertTrue(joined > 100, "frames.csv rows with the split: " + joined);
        String dom = chromium.get().dumpDom(folder.resolve("report.html"), Files.createTempDirectory(dir, "b"));
        Matcher m = SELF_CHECK.matcher(dom);
        assertTrue(m.find(), "the page wrote its self-check");
        JsonNode check = new ObjectMapper().readTree(m.group(1).replace("&lt;", "<").replace("&gt;", ">")
                .replace("&amp;", "&"));
        assertEquals(0, check.path("errors").size(), check.path("errors").toString());
        JsonNode chart = check.path("charts").path("flutter-0");
        assertEquals(joined, chart.path("frames").asLong(), "every joined frame reached the page: " + chart);
        assertTrue(chart.path("draws").asInt() >= 1 && chart.path("pixels").asInt() > 20, chart.toString());
        assertEquals(8.333, chart.path("budgetMs").asDouble(), 1e-9, "the budget line at 120 Hz");
        JsonNode block = new ObjectMapper().readTree(folder.resolve("summary.json").toFile()).get("flutter");
        // as summary.json holds them (JavaScript's String(number) of the JSON number: no trailing zeros)
        String cell = js(block.get("buildMs").get("p50")) + " / " + js(block.get("buildMs").get("p90")) + " / "
                + js(block.get("buildMs").get("p99"));
        assertTrue(dom.contains(">" + cell + "</td>"), "the block's build percentiles " + cell + " are shown: "
                + dom.substring(Math.max(0, dom.indexOf("Flutter: UI")), Math.min(dom.length(), dom.indexOf("Flutter: UI") + 1500)));
    }

    /** A JSON number as JavaScript's String() prints it (these are short decimals: no exponent). */
    private static String js(JsonNode n) {
        return n.decimalValue().stripTrailingZeros().toPlainString();
    }
}
