package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;

/**
 * What the classes on a device that goes silent share ({@link SilentDeviceEndToEndTest},
 * {@link SilentDirectConnectionEndToEndTest}, {@link SilentShellStartEndToEndTest},
 * {@link SilentDeviceSigintEndToEndTest}): the simulator behind the relay, the files a run leaves, and a SIGINT sent
 * to a child fpsctl once it waits on the silent device. It holds no test; its tag is its callers' (it starts their
 * simulator, which E2eTagsTest looks for).
 */
@Tag("e2e")
final class SilentDevice {
    static final String PKG = "com.example.feed";
    /** The service of the shell fpsctl keeps running through the adb server (device/PersistentShell). */
    static final String KEPT_SHELL = "shell,v2,raw:sh";
    /** How long a test waits for a condition of the run (frames on disk, a poll swallowed) before it fails. */
    static final Duration T = Duration.ofSeconds(60);

    private SilentDevice() {
    }

    static Simulator sim() throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName("smooth"),
                new SimOptions(AndroidVersion.of(14), 120, 5, PKG), 0, null, false, null, 0));
    }

    static JsonNode summaryUnder(Path dir) throws Exception {
        try (var w = Files.walk(dir)) {
            Path p = w.filter(f -> f.getFileName().toString().equals("summary.json")).findFirst().orElseThrow();
            return new ObjectMapper().readTree(p.toFile());
        }
    }

    static Path framesUnder(Path dir) throws Exception {
        try (var w = Files.walk(dir)) {
            return w.filter(f -> f.getFileName().toString().equals("frames.csv")).findFirst().orElseThrow();
        }
    }

    /**
     * Skips (with the reason) when this JVM ignores SIGINT: a child inherits that, and a JVM started with SIGINT
     * ignored installs no handler for it (HotSpot os/posix/jvm_posix.cpp, JVM_RegisterSignal: "is_sig_ignored"), so
     * fpsctl's StopSignal never hears it and the run goes on to its own bounds. That is what a test run started as a
     * background job of a non-interactive shell ({@code mvn test &} in a script) gets: measured, all three SIGINT
     * cases then failed ("still running after SIGINT", or exit 3 at the 10 s answer bound), none of them for fpsctl.
     */
    static void assumeSigintReachesAChild() throws java.io.IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return; // not Linux: nothing to read, the test runs
        }
        String ignored = Files.readAllLines(status).stream().filter(l -> l.startsWith("SigIgn:"))
                .map(l -> l.substring("SigIgn:".length()).trim()).findFirst().orElse("0");
        long sigint = 1L << (2 - 1); // signal 2, bit 1 of the mask (proc(5))
        assumeTrue((Long.parseUnsignedLong(ignored, 16) & sigint) == 0, "SIGINT is ignored by this test JVM (SigIgn "
                + ignored + ": started as a background job?), so a child fpsctl cannot receive it: skipping");
    }

    /**
     * The silence is a coverage gap of its own, named for the device that stopped answering, and no ring overflow
     * stands for it (before the bound, the time after the silence was counted as ring overflows). A ring overflow
     * of the answered part is not the silence: a poll that comes more than a ring (120 frames: 1 s at 120 Hz) late
     * loses frames, which a machine at load average 37 did (one of 433 ms): so the overflows' gaps, all within the
     * part that was answered, add up to less than the time into the run at which the device stopped answering (given
     * to 0.1 s: 50 ms more for its rounding).
     */
    static void assertTheSilenceIsNotARingOverflow(JsonNode json) {
        java.util.List<String> warnings = new java.util.ArrayList<>();
        json.get("warnings").forEach(w -> warnings.add(w.asText()));
        java.util.List<String> silent = warnings.stream()
                .filter(w -> w.startsWith("coverage gap of ") && w.contains("stopped answering")).toList();
        assertFalse(silent.isEmpty(), "a gap for the silence: " + warnings);
        java.util.regex.Matcher into = java.util.regex.Pattern.compile("stopped answering ([0-9.]+) s into the run")
                .matcher(silent.get(0));
        assertTrue(into.find(), silent.get(0));
        double silentFromMs = Double.parseDouble(into.group(1)) * 1000;
        double overflowMs = 0;
        for (String w : warnings) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^coverage gap of ([0-9.]+) ms: ring overflow")
                    .matcher(w);
            if (m.find()) {
                overflowMs += Double.parseDouble(m.group(1));
            }
        }
        assertTrue(overflowMs < silentFromMs + 50, "ring overflows of " + overflowMs + " ms cannot all lie before "
                + "the silence at " + silentFromMs + " ms: " + warnings);
        assertFalse(json.get("partialReason").asText().contains("ring overflow"), json.toString());
    }

    /** What a child fpsctl left after SIGINT: how long it took to exit and its standard error. */
    record Stopped(long ms, String err) {
    }

    /**
     * Sends SIGINT to {@code p} and waits for it to exit: exit 130, the "stopped by" line last on standard error
     * ({@code err}). The time is from the signal to the exit.
     */
    static Stopped sigint(Process p, Path err) throws Exception {
        long signalled = System.nanoTime();
        assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor());
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "still running after SIGINT");
        long ms = (System.nanoTime() - signalled) / 1_000_000;
        String errText = Files.readString(err);
        assertEquals(130, p.exitValue(), errText);
        return new Stopped(ms, errText);
    }
}
