package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.testing.PollUntil;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** fpsctl as a real process: signals from outside, and a standard output that cannot be written. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@Tag("e2e")
class ChildProcessTest {

    /** fpsctl as a child process on this test run's class path (shared by the other process tests). */
    static ProcessBuilder fpsctl(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd);
    }

    @ParameterizedTest
    @ValueSource(strings = {"INT", "TERM"})
    void aSignalDuringGateWritesEveryReportMarkedPartialAndSaysWhichSignal(String signal, @TempDir Path dir)
            throws Exception {
        Path summary = dir.resolve("summary.json");
        Path junit = dir.resolve("gate.xml");
        Path out = dir.resolve("out.txt");
        Process p = fpsctl("gate", "com.example.feed", "--simulate=smooth", "--duration", "20s", "--min-fps", "1",
                "--summary-out", summary.toString(), "--junit", junit.toString())
                .redirectOutput(out.toFile()).start();
        List<String> err = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) { // until the gate measures: then the handlers are in place
                err.add(line);
                if (line.startsWith("fpsctl: measuring")) {
                    break;
                }
            }
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start();
            assertEquals(0, kill.waitFor());
            while ((line = r.readLine()) != null) {
                err.add(line);
            }
        }
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        int expected = signal.equals("INT") ? 130 : 143;
        assertEquals(expected, p.exitValue(), String.join("\n", err));
        String table = Files.readString(out);
        assertTrue(table.contains("completeRun") && table.contains("gate FAILED (partial run)"), table);
        assertFalse(table.contains("PASSED"), table);
        assertTrue(err.get(err.size() - 1).equals("fpsctl: stopped by SIG" + signal
                + ": the summary and files hold what was captured until then"), String.join("\n", err));
        JsonNode json = new ObjectMapper().readTree(summary.toFile());
        assertTrue(json.get("partial").asBoolean(), json.toString());
        assertTrue(json.get("warnings").toString().contains("stopped by SIG" + signal), json.toString());
        assertTrue(Files.readString(junit).contains("<property name=\"partial\" value=\"true\""), Files.readString(junit));
    }

    /**
     * SIGINT during an Android 14 capture: frames whose FrameTimeline verdict had not come yet are held by the
     * recorder; they still reach frames.csv, one whole row per counted frame, most with their verdict.
     */
    @Test
    void aSignalDuringCaptureLeavesARowForEveryCountedFrame(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Process p = fpsctl("capture", "com.example.feed", "--simulate=system-jank", "--source", "gfxinfo",
                "--duration", "30s", "--out", out.toString()).redirectOutput(dir.resolve("table.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile()).start();
        Path frames = PollUntil.value(() -> {
            try (var w = Files.walk(out)) {
                return w.filter(f -> f.getFileName().toString().equals("frames.csv")).findFirst().orElseThrow();
            }
        }, f -> Files.readAllLines(f).size() > 90, java.time.Duration.ofSeconds(30), "frames.csv with 90 rows");
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start();
        assertEquals(0, kill.waitFor());
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(130, p.exitValue(), Files.readString(dir.resolve("err.txt")));
        JsonNode json = new ObjectMapper().readTree(frames.resolveSibling("summary.json").toFile());
        assertTrue(json.get("partial").asBoolean(), json.toString());
        String csv = Files.readString(frames);
        assertTrue(csv.endsWith("\n"), "whole rows");
        List<String> rows = csv.lines().skip(1).toList();
        assertEquals(json.get("frames").asLong(), rows.size(), "one row per counted frame");
        // presentState is the device's text: always quoted (docs/formats.md 6)
        long withState = rows.stream().filter(r -> r.endsWith(",\"Presented\"") || r.endsWith(",\"Dropped\""))
                .count();
        assertTrue(withState > rows.size() * 9 / 10, withState + " of " + rows.size() + " rows have a verdict");
    }

    @Test
    void aStandardOutputThatCannotBeWrittenIsExitFive() throws Exception {
        File full = new File("/dev/full");
        assumeTrue(full.exists(), "no /dev/full on this system");
        Process p = fpsctl("analyze", "examples/feed-android14-framestats.txt", "--format", "csv")
                .redirectOutput(full).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(5, p.exitValue(), err);
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("fpsctl: cannot write to standard output"), err);
    }

    @Test
    void aReaderThatGoesAwayEndsTheRunQuietly() throws Exception {
        List<String> args = new ArrayList<>(List.of("analyze", "--format", "csv"));
        for (int i = 0; i < 300; i++) {
            args.add("examples/feed-android14-framestats.txt"); // megabytes of rows: more than a pipe holds
        }
        Process p = fpsctl(args.toArray(String[]::new)).start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            assertTrue(r.readLine().startsWith("device,package,source,"));
        } // like `| head -1`: the reader is gone
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(ExitCode.READER_GONE, p.exitValue(), err);
        assertEquals("", err);
    }
}
