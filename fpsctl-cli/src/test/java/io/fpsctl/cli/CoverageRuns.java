package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.PollUntil;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Tag;

/**
 * What the coverage classes share ({@link CoverageEndToEndTest}, {@link CoverageDeviceRestartEndToEndTest},
 * {@link CoverageRestartThroughAdbEndToEndTest}): the simulator, fpsctl on a thread of its own, and the checks on its
 * files. It holds no test; its tag is its callers' (it starts their simulator, which E2eTagsTest looks for).
 */
@Tag("e2e")
final class CoverageRuns {
    static final String PKG = "com.example.feed";

    private CoverageRuns() {
    }

    static Simulator sim(int port) throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName("smooth"),
                new SimOptions(AndroidVersion.of(14), 60, 5, PKG), port, null, false, null, 0));
    }

    static void pollUntil(BooleanSupplier condition, String what) {
        PollUntil.condition(condition::getAsBoolean, Duration.ofSeconds(60), what);
    }

    /** fpsctl running on its own thread, its output readable while it runs. */
    static final class Running {
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final AtomicInteger exit = new AtomicInteger(-1);
        final Thread thread;

        Running(String... args) {
            thread = new Thread(() -> exit.set(Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true))));
            thread.start();
        }

        int join() throws InterruptedException {
            thread.join(90_000);
            assertFalse(thread.isAlive(), "fpsctl still running:\n" + this);
            return exit.get();
        }

        @Override
        public String toString() {
            return "exit " + exit.get() + "\nout:\n" + out + "\nerr:\n" + err;
        }
    }

    /**
     * The gfxinfo polls ({@code dumpsys gfxinfo <pkg> framestats}, android/FramestatsParser) that have reached the
     * simulator {@code s} so far. The kept shell takes one poll's line only after the host read the previous answer
     * (device/PersistentShell), so the k-th poll arriving means the host has read k - 1 answers.
     */
    static long framestatsPolls(Simulator s) {
        return s.android().receivedCommandLines().stream().filter(l -> l.contains("gfxinfo") && l.contains("framestats"))
                .count();
    }

    /**
     * Waits until fpsctl, once it prints "measuring", has read the frames of at least {@code deviceNs} of the device's
     * clock since its run began: the run's first poll answered (the run began before it), then {@code deviceNs} of the
     * device's clock, then a poll sent after that answered. The loop polls one list at a time (CaptureSession; a
     * prefetch runs in the loop's own thread, device/PrefetchingDevice), so poll k + 1 arriving means poll k was
     * answered. A condition on the device's clock alone is not one on what fpsctl read: on a loaded machine the
     * device went away before the run's first poll (CoverageEndToEndTest at load average 28: "went away 0.0 s into
     * the run", 0 ms measured). At 60 Hz the polls are ~1 s apart (half the 120-frame ring, capture/GfxinfoPoller), so
     * this takes 2-3 s of a run; at 120 Hz half that.
     */
    static void untilFramesRead(Simulator s, long deviceNs) {
        long before = framestatsPolls(s);
        pollUntil(() -> framestatsPolls(s) >= before + 2, "the run's first poll answered");
        long t0 = s.android().now();
        pollUntil(() -> s.android().now() - t0 > deviceNs, deviceNs / 1e9 + " s of the device's clock");
        long after = framestatsPolls(s);
        pollUntil(() -> framestatsPolls(s) >= after + 2, "a poll after those " + deviceNs / 1e9 + " s answered");
    }

    static Path find(Path dir, String name) throws Exception {
        try (var w = Files.walk(dir)) {
            return w.filter(p -> p.getFileName().toString().equals(name)).findFirst().orElseThrow();
        }
    }

    /** frames.csv never goes back in time within a window: each row's intendedVsyncNs is after the previous one. */
    static void assertNeverBackInTime(Path framesCsv) throws Exception {
        List<String> lines = Files.readAllLines(framesCsv);
        List<String> header = List.of(lines.get(0).split(","));
        int window = header.indexOf("window");
        int t = header.indexOf("intendedVsyncNs");
        Map<String, Long> last = new HashMap<>();
        for (int i = 1; i < lines.size(); i++) {
            String[] cells = lines.get(i).split(",");
            long now = Long.parseLong(cells[t]);
            Long before = last.put(cells[window], now);
            assertTrue(before == null || now > before, "row " + i + " of " + framesCsv + " goes back in time: "
                    + before + " then " + now);
        }
    }
}
