package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the report browser classes (ReportBrowserTest, ReportGateBrowserTest, ReportCsvAndResourcesBrowserTest,
 * ReportGateIterationsBrowserTest) share: the page's self-check and its figures compared with summary.json. The
 * classes were one until they were split so that each runs in a test JVM of its own beside the others.
 */
final class ReportPages {
    static final String PKG = "com.example.feed";
    static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern FIGURE =
            Pattern.compile("<td[^>]*data-figure=\"([^\"]+)\" data-run=\"(\\d+)\"[^>]*>([^<]*)</td>");
    private static final Pattern SELF_CHECK = Pattern.compile("<pre id=\"selfcheck\">(.*?)</pre>", Pattern.DOTALL);

    private ReportPages() {
    }

    static BigDecimal at(JsonNode summary, String path) {
        JsonNode n = summary;
        for (String part : path.split("\\.")) {
            n = n.path(part);
        }
        assertTrue(n.isNumber(), path + " in " + summary);
        return n.decimalValue();
    }

    /** The page's spread cell of {@code metric}, run {@code run}, statistic {@code stat}. */
    static double spread(String dom, String metric, int run, String stat) {
        Matcher m = Pattern.compile("data-spread=\"" + Pattern.quote(metric) + "\" data-run=\"" + run
                + "\" data-stat=\"" + stat + "\"[^>]*>([^<]*)<").matcher(dom);
        assertTrue(m.find(), "no spread cell " + metric + " " + stat);
        return Double.parseDouble(m.group(1));
    }

    /** Compares every figure of run {@code run} with the summary file; returns the keys compared. */
    static List<String> assertFiguresEqual(String dom, JsonNode summary, int run) {
        Matcher m = FIGURE.matcher(dom);
        List<String> keys = new ArrayList<>();
        while (m.find()) {
            if (Integer.parseInt(m.group(2)) != run) {
                continue;
            }
            String key = m.group(1);
            String text = m.group(3).replace("&amp;", "&");
            JsonNode expected = summary;
            for (String part : key.split("\\.")) {
                expected = part.matches("\\d+") ? expected.path(Integer.parseInt(part)) : expected.path(part);
            }
            if (expected.isNull() || expected.isMissingNode()) {
                assertEquals("\u2014", text, key + " is absent in summary.json");
            } else if (expected.isNumber()) {
                assertEquals(0, expected.decimalValue().compareTo(new BigDecimal(text)),
                        key + ": page " + text + ", summary.json " + expected);
            } else {
                assertEquals(expected.asText(), text, key);
            }
            keys.add(key);
        }
        return keys;
    }

    static JsonNode selfCheck(String dom) throws Exception {
        Matcher m = SELF_CHECK.matcher(dom);
        assertTrue(m.find(), "the page wrote its self-check (did its script run?)");
        return JSON.readTree(m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"));
    }

    static List<String> errors(JsonNode check) {
        List<String> e = new ArrayList<>();
        check.path("errors").forEach(n -> e.add(n.asText()));
        return e;
    }
}
