package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.capture.SourceRequest;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resources (docs/metrics.md section 13) on a stepped clock, the per-thread CPU of a janky app and a phone that
 * throttles: {@link SteppedCapture} runs
 * what {@code fpsctl capture} runs against the simulator's shell in this process, the clock moving only when the poll
 * loop sleeps. The check is about figures over a long run (the worst thermal status, the share of the time
 * throttled, the slow frames labelled by it), not about the transport or real time, so the 37 s the scenario needs
 * to reach SEVERE cost a few CPU seconds instead of 37 s of waiting (it was {@link ResourcesEndToEndTest}'s, through
 * adb in real time; the thermal service's dump through the transport is read there by every capture). Untagged: it
 * runs with the CPU-bound classes.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ResourcesSteppedTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PKG = "com.example.feed";

    /**
     * {@link ResourcesEndToEndTest#cpuCase}'s checks (per-thread CPU within one tick of the truth, peaks, memory, the
     * windows between two reads) with the counts a 5 s run gives whatever the load: at least 5 reads and a window
     * between two of them. The adb run checks the figures where its polls really came.
     */
    @Test
    void perThreadCpuEqualsTheSimulatorsTruthWithinOneTick(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        SteppedCapture.run("jank", new SimOptions(AndroidVersion.of(14), 60, 11, PKG), SourceRequest.Kind.GFXINFO, 5,
                out, dir.resolve("truth.txt"));
        Path cap;
        try (Stream<Path> s = Files.walk(out)) {
            cap = s.filter(p -> p.getFileName().toString().equals("summary.json")).findFirst().orElseThrow()
                    .getParent();
        }
        ResourcesEndToEndTest.cpuCase(dir, cap, false);
    }

    /**
     * The simulator's {@code throttle} scenario: the thermal status rises every 10 s and is SEVERE from 30 s on, and
     * the frames take longer as it does. The summary shows the worst status, a share of the time throttled, and slow
     * frames labelled {@code cpuThrottled} (docs/metrics.md 13 rules 5 and 10); frames.csv carries the label.
     */
    @Test
    void aThrottlingPhoneShowsInTheSummary(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        // the capture starts 1 s after the app (SteppedCapture), as the adb run started about a second after its
        // simulator: 37 s reach 38 s of the scenario, 8 of them SEVERE
        SteppedCapture.run("throttle", new SimOptions(AndroidVersion.of(14), 60, 11, PKG),
                SourceRequest.Kind.GFXINFO, 37, out, dir.resolve("truth.txt"));
        Path cap;
        try (Stream<Path> s = Files.walk(out)) {
            cap = s.filter(p -> p.getFileName().toString().equals("summary.json")).findFirst().orElseThrow()
                    .getParent();
        }
        List<JsonNode> all = ResourcesEndToEndTest.jsonLines(dir.resolve("truth.resources.jsonl"));
        int truthWorst = all.stream().mapToInt(r -> r.get("thermalStatus").asInt()).max().orElse(-1);
        assertTrue(truthWorst >= 3, "the scenario reached SEVERE: " + truthWorst);
        JsonNode res = JSON.readTree(cap.resolve("summary.json").toFile()).get("resources");
        assertEquals(truthWorst, res.get("worstThermalStatus").asInt(), res::toString);
        double share = res.get("throttledShare").asDouble();
        assertTrue(share > 0 && share < 0.5, "throttled from about 30 s of 37 s on: " + res);
        long slow = res.get("slowFramesThrottled").asLong() + res.get("slowFramesMainThreadBusy").asLong();
        assertTrue(res.get("slowFramesThrottled").asLong() > 0, "slow frames while SEVERE: " + res);
        long labelled = ResourcesEndToEndTest.rows(cap.resolve("frames.csv")).stream()
                .filter(r -> r.get("mainCause").equals("cpuThrottled") || r.get("mainCause").equals("mainThreadBusy"))
                .count();
        assertEquals(slow, labelled, "frames.csv labels the same slow frames the summary counts");
        assertTrue(ResourcesEndToEndTest.rows(cap.resolve("windows.csv")).stream()
                .anyMatch(w -> w.get("throttled").equals("true")));
    }
}
