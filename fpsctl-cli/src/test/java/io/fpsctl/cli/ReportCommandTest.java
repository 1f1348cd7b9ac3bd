package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** fpsctl report and --perfetto without a browser: inputs, errors, and what the files hold. */
@Tag("e2e")
class ReportCommandTest {
    private static final Path DUMP = Path.of("examples/feed-android14-framestats.txt");

    @Test
    void badInputsAreOneLineIoErrors(@TempDir Path dir) throws Exception {
        Cli missing = Cli.run("report", dir.resolve("nope").toString(), "-o", dir.resolve("r.html").toString());
        assertEquals(5, missing.exit, missing.toString());
        assertEquals(1, missing.err.lines().count(), missing.err);
        assertTrue(missing.err.contains("nope"), missing.err);

        Cli emptyDir = Cli.run("report", dir.toString(), "-o", dir.resolve("r.html").toString());
        assertEquals(5, emptyDir.exit, emptyDir.toString());
        assertTrue(emptyDir.err.contains("not a capture folder"), emptyDir.err);

        Path notJson = Files.writeString(dir.resolve("summary.json"), "{\"hello\":1}");
        Cli bad = Cli.run("report", notJson.toString(), "-o", dir.resolve("r.html").toString());
        assertEquals(5, bad.exit, bad.toString());
        assertTrue(bad.err.contains("not an fpsctl summary"), bad.err);
        assertTrue(Files.notExists(dir.resolve("r.html")), "no report for bad input");

        Cli usage = Cli.run("report", DUMP.toString());
        assertEquals(2, usage.exit, "-o is required: " + usage);
    }

    @Test
    void textFromTheInputCannotBreakOutOfThePage(@TempDir Path dir) throws Exception {
        String evil = "</script><script>alert(1)</script>";
        Path summary = Files.writeString(dir.resolve("summary.json"), "{\"schemaVersion\":1,\"source\":\"gfxinfo\","
                + "\"package\":\"" + evil.replace("/", "\\/") + "\",\"frames\":0,\"warnings\":[\"" + evil + "\"]}");
        Path html = dir.resolve("r.html");
        Cli r = Cli.run("report", summary.toString(), "-o", html.toString());
        assertEquals(0, r.exit, r.toString());
        String page = Files.readString(html);
        // the template has four script elements; text from the input must not open or close one
        assertEquals(4, count(page, "<script"), "script elements");
        assertEquals(4, count(page, "</script>"), "script ends");
        assertTrue(!page.contains("<link") && !page.contains(" src=\"http"), "nothing is fetched at view time");
    }

    @Test
    void analyzePerfettoHasOneSlicePerCountedFrame(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("t.perfetto-trace");
        Cli r = Cli.run("analyze", DUMP.toString(), "--format", "json", "--perfetto", trace.toString());
        assertEquals(0, r.exit, r.toString());
        JsonNode summary = new ObjectMapper().readTree(r.out);
        long begins = 0;
        long ends = 0;
        for (ByteString p : UnknownFieldSet.parseFrom(Files.readAllBytes(trace)).getField(1).getLengthDelimitedList()) {
            for (ByteString e : UnknownFieldSet.parseFrom(p).getField(11).getLengthDelimitedList()) {
                long type = UnknownFieldSet.parseFrom(e).getField(9).getVarintList().get(0);
                begins += type == 1 ? 1 : 0;
                ends += type == 2 ? 1 : 0;
            }
        }
        assertTrue(summary.path("frames").asLong() > 0);
        assertEquals(summary.path("frames").asLong(), begins, "one slice per counted frame");
        assertEquals(begins, ends);
    }

    @Test
    void capturePerfettoHasOneSlicePerFrameOfTheCsv(@TempDir Path dir) throws Exception {
        Cli r = Cli.run("capture", "com.example.feed", "--simulate=jank", "--duration", "2s", "--out", dir.toString(),
                "--perfetto", "frames.perfetto-trace");
        assertEquals(0, r.exit, r.toString());
        Path folder;
        try (var s = Files.list(dir)) {
            folder = s.filter(p -> !p.getFileName().toString().startsWith(".")) // not capture's .fpsctl.lock
                    .findFirst().orElseThrow().resolve("com.example.feed");
        }
        long rows = Files.readAllLines(folder.resolve("frames.csv")).size() - 1;
        assertTrue(rows > 0);
        assertEquals(rows, slices(folder.resolve("frames.perfetto-trace")), "one slice per frames.csv row");
    }

    private static long slices(Path trace) throws Exception {
        long begins = 0;
        for (ByteString p : UnknownFieldSet.parseFrom(Files.readAllBytes(trace)).getField(1).getLengthDelimitedList()) {
            for (ByteString e : UnknownFieldSet.parseFrom(p).getField(11).getLengthDelimitedList()) {
                begins += UnknownFieldSet.parseFrom(e).getField(9).getVarintList().get(0) == 1 ? 1 : 0;
            }
        }
        return begins;
    }

    private static int count(String s, String what) {
        Matcher m = Pattern.compile(Pattern.quote(what)).matcher(s);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
