package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** fpsctl as a real process: signals from outside, and a standard output that cannot be written. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ChildProcessTest {

    private static ProcessBuilder fpsctl(String... args) {
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
