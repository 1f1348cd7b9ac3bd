package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.UnknownFieldSet;
import io.fpsctl.testing.PollUntil;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * fpsctl as real processes: two runs on one output (the second refused at start, naming the first's pid) and SIGHUP
 * (exit 129 with every file whole, summary.json written and the Perfetto trace valid). A reader of standard output
 * that goes away is {@link PipeReaderGoneEndToEndTest}'s, an output that fails {@link OutputFailureEndToEndTest}'s
 * (split so that no class runs long beside the others). Conditions are polled, never slept for.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@Tag("e2e")
class PipesSignalsAndLocksTest {
    private static final String PKG = "com.example.feed";

    private static ProcessBuilder fpsctl(String... args) {
        return ChildProcessTest.fpsctl(args);
    }

    private static void kill(Process p, String signal) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor());
    }

    private static String pidIn(Path lock) {
        try {
            return Files.readString(lock).strip();
        } catch (java.io.IOException e) {
            return "";
        }
    }

    @Test
    void aSecondCaptureIntoTheSameFolderIsRefusedAndSighupLeavesTheFirstWhole(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Path err = dir.resolve("err.txt");
        Process first = fpsctl("capture", PKG, "--simulate=smooth", "--source", "gfxinfo", "--duration", "60s",
                "--out", out.toString()).redirectOutput(dir.resolve("table.txt").toFile())
                .redirectError(err.toFile()).start();
        try {
            Path lock = out.resolve(".fpsctl.lock");
            PollUntil.value(() -> pidIn(lock), pid -> pid.equals(Long.toString(first.pid())), Duration.ofSeconds(60),
                    "the first capture's lock");
            Cli second = Cli.run("capture", PKG, "--simulate=smooth", "--duration", "2s", "--out", out.toString());
            assertEquals(ExitCode.IO, second.exit, second.toString());
            assertEquals(1, second.err.lines().count(), second.err);
            assertTrue(second.err.startsWith("fpsctl: --out " + out + ": another fpsctl is writing it (pid "
                    + first.pid() + ";"), second.err);

            Path frames = PollUntil.value(() -> {
                try (var w = Files.walk(out)) {
                    return w.filter(f -> f.getFileName().toString().equals("frames.csv")).findFirst().orElseThrow();
                }
            }, f -> Files.readAllLines(f).size() > 30, Duration.ofSeconds(60), "frames.csv with 30 rows");
            kill(first, "HUP");
            assertTrue(first.waitFor(30, TimeUnit.SECONDS));
            assertEquals(ExitCode.SIGHUP, first.exitValue(), Files.readString(err));
            List<String> errLines = Files.readAllLines(err);
            assertEquals("fpsctl: stopped by SIGHUP: the summary and files hold what was captured until then",
                    errLines.get(errLines.size() - 1), String.join("\n", errLines));
            JsonNode summary = new ObjectMapper().readTree(frames.resolveSibling("summary.json").toFile());
            assertTrue(summary.get("partial").asBoolean(), summary.toString());
            List<String> rows = Files.readAllLines(frames);
            int columns = rows.get(0).split(",", -1).length;
            assertTrue(rows.stream().allMatch(r -> r.split(",", -1).length == columns), "every row whole");
            assertEquals(summary.get("frames").asLong(), rows.size() - 1, "one row per counted frame");
            assertEquals(0, Files.size(lock), "the holder emptied its lock file");
            try (io.fpsctl.sink.OutputClaim next = io.fpsctl.sink.OutputClaim.create().folder(out, "--out")) {
                assertTrue(Files.size(lock) > 0, "the folder is claimed again, now by this process");
            }
        } finally {
            first.destroyForcibly();
        }
    }

    @Test
    void aSecondWatchOnTheSameCsvIsRefusedAndSighupLeavesAValidTrace(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("frames.csv");
        Path trace = dir.resolve("watch.pftrace");
        Path err = dir.resolve("err.txt");
        Process first = fpsctl("watch", PKG, "--simulate=jank", "--plain", "--frames-csv", csv.toString(),
                "--perfetto", trace.toString()).redirectError(err.toFile()).start();
        try (BufferedReader stdout = new BufferedReader(new InputStreamReader(first.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (int i = 0; i < 3; i++) { // three live windows: frames are in the trace's buffer by now
                assertTrue(stdout.readLine() != null, Files.readString(err));
            }
            Cli second = Cli.run("watch", PKG, "--simulate=jank", "--plain", "--duration", "1s",
                    "--frames-csv", csv.toString());
            assertEquals(ExitCode.IO, second.exit, second.toString());
            assertTrue(second.err.contains("--frames-csv " + csv + ": another fpsctl is writing it (pid "
                    + first.pid() + ";"), second.err);
            kill(first, "HUP");
            while (stdout.readLine() != null) {
                // the summary
            }
            assertTrue(first.waitFor(30, TimeUnit.SECONDS));
        } finally {
            first.destroyForcibly();
        }
        assertEquals(ExitCode.SIGHUP, first.exitValue(), Files.readString(err));
        byte[] bytes = Files.readAllBytes(trace);
        UnknownFieldSet parsed = UnknownFieldSet.parseFrom(bytes); // a Trace: repeated TracePacket packet = 1
        assertTrue(parsed.getField(1).getLengthDelimitedList().size() > 10, bytes.length + " bytes");
        List<String> rows = Files.readAllLines(csv);
        assertTrue(rows.size() > 10 && Files.readString(csv).endsWith("\n"), "whole rows");
    }
}
