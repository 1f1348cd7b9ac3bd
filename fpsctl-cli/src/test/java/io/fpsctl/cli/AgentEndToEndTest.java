package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --source agent} end to end against the simulator's agent stream: what watch shows and what capture writes.
 * The gate on agent figures and the agent that cannot run (exit 4) are {@link AgentGateEndToEndTest}. In real time:
 * the agent's stream is a long-running {@code am instrument} the simulator feeds as it draws, which the stepped
 * in-process device (whole output at once) does not stand in for.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@Tag("e2e")
class AgentEndToEndTest {
    private static final String PKG = "com.example.feed";

    private static Path find(Path dir, String name) throws Exception {
        try (var w = Files.walk(dir)) {
            return w.filter(p -> p.getFileName().toString().equals(name)).findFirst().orElseThrow();
        }
    }

    @Test
    void watchShowsStagesScrollFpsAndChoreographerTimes() {
        Cli r = Cli.run("watch", PKG, "--simulate=jank", "--source", "agent", "--duration", "3s", "--plain");
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.contains("source       agent"), r.out);
        assertTrue(r.out.matches("(?s).*stages ms +delay \\d+\\.\\d\\d +input .*"), r.out);
        assertTrue(r.out.matches("(?s).*scroll fps +\\d+\\.\\d +\\(finger-scroll fps \\d+\\.\\d\\).*"), r.out);
        assertTrue(r.out.matches("(?s).*choreo ms +input \\d+\\.\\d\\d +animation \\d+\\.\\d\\d +traversal .*"), r.out);
        assertTrue(r.out.contains("slow msgs"), r.out);
        assertTrue(r.out.matches("(?s).*window=0 .* scrollFps=\\d+\\.\\d.*"), r.out);
    }

    @Test
    void captureWritesTheAgentColumnsAndSummaryKeys(@TempDir Path dir) throws Exception {
        Cli r = Cli.run("capture", PKG, "--simulate=freeze", "--source", "agent", "--duration", "4s", "--out",
                dir.toString());
        assertEquals(0, r.exit, r.toString());
        List<String> rows = Files.readAllLines(find(dir, "frames.csv"), StandardCharsets.UTF_8);
        assertTrue(rows.get(0).contains(",interaction,chInputMs,chAnimationMs,chTraversalMs,"), rows.get(0));
        assertTrue(rows.get(0).endsWith(",jankTypes,presentState"), rows.get(0));
        // between them the Flutter columns of docs/metrics.md 16 (empty here) and the resource columns of
        // docs/metrics.md 13 (one per FrameCsvSchema.RESOURCES entry)
        int resources = 3 + io.fpsctl.format.FrameCsvSchema.RESOURCES.size();
        assertTrue(rows.size() > 100, "rows: " + rows.size());
        assertTrue(rows.get(5).matches(".*,agent,.*,[0-9]+,[0-9.]+,[0-9.]+,[0-9.]+,(?:[^,]*,){" + resources + "},"),
                rows.get(5));
        String summary = Files.readString(find(dir, "summary.json"));
        assertTrue(summary.contains("\"source\" : \"agent\""), summary);
        assertTrue(summary.matches("(?s).*\"scrollFps\" : \\d+\\.\\d.*"), summary);
        assertTrue(summary.matches("(?s).*\"fingerScrollFps\" : \\d+\\.\\d.*"), summary);
        assertTrue(summary.contains("\"choreographerMs\" : {"), summary);
        // freeze: a 720-1300 ms frozen frame every 2.7-4.3 s; the main-thread ones are slow messages
        assertTrue(summary.contains("\"slowMessageCount\""), summary);
        assertTrue(summary.contains("\"slowMessages\" : ["), summary);
        Cli a = Cli.run("analyze", find(dir, "frames.csv").toString(), "--format", "json");
        assertEquals(0, a.exit, a.toString());
        assertTrue(a.out.matches("(?s).*\"scrollFps\" : \\d+\\.\\d.*"), a.out);
    }
}
