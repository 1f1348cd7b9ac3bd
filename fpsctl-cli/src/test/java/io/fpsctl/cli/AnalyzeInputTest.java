package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** analyze reads every input once (stdin, FIFOs), keeps going past bad files, and caps what a line may cost. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@Tag("e2e")
class AnalyzeInputTest {
    private static final Path DUMP = Path.of("examples/feed-android14-framestats.txt");

    /** Frames in the example dump, counted by hand from its rows: complete rows with flags without bit 8. */
    private static long countedRows() throws Exception {
        long n = 0;
        int vsync = -1;
        int completed = -1;
        int flags = -1;
        for (String line : Files.readAllLines(DUMP)) {
            String[] c = line.split(",");
            if (c.length > 10 && c[0].equals("Flags")) {
                List<String> h = List.of(c);
                flags = h.indexOf("Flags");
                vsync = h.indexOf("IntendedVsync");
                completed = h.indexOf("FrameCompleted");
            } else if (vsync >= 0 && c.length > 10 && c[0].matches("\\d+")) {
                if (Long.parseLong(c[vsync]) > 0 && Long.parseLong(c[completed]) > 0
                        && (Long.parseLong(c[flags]) & 8) == 0) {
                    n++;
                }
            }
        }
        return n;
    }

    @Test
    void standardInputGivesTheSameSummaryAsTheFile() throws Exception {
        Cli file = Cli.run("analyze", DUMP.toString(), "--format", "json");
        InputStream saved = System.in;
        Cli piped;
        try {
            System.setIn(new ByteArrayInputStream(Files.readAllBytes(DUMP)));
            piped = Cli.run("analyze", "-", "--format", "json");
        } finally {
            System.setIn(saved);
        }
        assertEquals(0, piped.exit, piped.toString());
        JsonNode a = new ObjectMapper().readTree(file.out);
        JsonNode b = new ObjectMapper().readTree(piped.out);
        assertEquals(countedRows(), b.get("frames").asLong());
        // the same figures; each entry names its input ("-" for standard input)
        assertEquals(DUMP.toString(), a.get("file").asText());
        assertEquals("-", b.get("file").asText());
        ((com.fasterxml.jackson.databind.node.ObjectNode) a).remove("file");
        ((com.fasterxml.jackson.databind.node.ObjectNode) b).remove("file");
        assertEquals(a, b);
    }

    @Test
    void aFifoIsReadOnce(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("dump.fifo");
        Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeTrue(mk.waitFor() == 0, "mkfifo is not available");
        Thread writer = new Thread(() -> {
            try (OutputStream o = Files.newOutputStream(fifo)) {
                o.write(Files.readAllBytes(DUMP));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        writer.start();
        Cli r = Cli.run("analyze", fifo.toString(), "--format", "json");
        writer.join(10_000);
        assertEquals(0, r.exit, r.toString());
        assertEquals(countedRows(), new ObjectMapper().readTree(r.out).get("frames").asLong());
    }

    @Test
    void everyFileIsAnalysedAndABadOneIsOneLineAndExitFive(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad\u001b[31m.txt");
        Files.writeString(bad, "hello\nnot a dump\n");
        Path missing = dir.resolve("missing.txt");
        Cli r = Cli.run("analyze", DUMP.toString(), bad.toString(), missing.toString(), DUMP.toString(),
                "--format", "json");
        assertEquals(5, r.exit, r.toString());
        JsonNode all = new ObjectMapper().readTree(r.out);
        assertEquals(4, all.size(), r.out);
        assertEquals(countedRows(), all.get(0).get("frames").asLong());
        assertEquals(countedRows(), all.get(3).get("frames").asLong());
        assertTrue(all.get(1).get("error").asText().contains("not a dump"), r.out);
        assertTrue(all.get(2).get("error").asText().contains("no such file"), r.out);
        List<String> errors = r.err.lines().filter(l -> !l.startsWith("fpsctl: warning")).toList();
        assertEquals(3, errors.size(), r.err); // two files, then "2 of 4 files could not be analysed"
        assertTrue(errors.get(0).contains("bad\\x1b[31m.txt"), errors.get(0));
        assertTrue(r.err.chars().noneMatch(c -> c == 0x1b), "no raw ESC reaches the terminal");
    }

    @Test
    void anOverlongCsvCellIsAMalformedRow(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("frames.csv");
        Cli made = Cli.run("analyze", DUMP.toString(), "--format", "csv");
        List<String> lines = made.out.lines().toList();
        String row = lines.get(1);
        String huge = "9".repeat(1_000_000);
        String bigRow = row.replaceFirst(",\\d+,", "," + huge + ",");
        Files.writeString(csv, lines.get(0) + "\n" + bigRow + "\n" + String.join("\n", lines.subList(1, lines.size()))
                + "\n", StandardCharsets.UTF_8);
        Cli r = Cli.run("analyze", csv.toString(), "--format", "json");
        assertEquals(0, r.exit, r.toString());
        assertEquals(countedRows(), new ObjectMapper().readTree(r.out).get("frames").asLong());
        assertTrue(r.err.contains("1 malformed CSV row(s) skipped"), r.err);
    }
}
