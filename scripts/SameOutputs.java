import io.fpsctl.capture.CaptureSession;
import io.fpsctl.capture.HostClock;
import io.fpsctl.capture.Measurement;
import io.fpsctl.capture.SourceRequest;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceGoneException;
import io.fpsctl.device.ShellResult;
import io.fpsctl.device.ShellStream;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.format.FrameCsv;
import io.fpsctl.format.SummaryJson;
import io.fpsctl.format.WindowCsv;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.SimulatedAndroid;
import io.fpsctl.sim.device.frames.TimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.sink.CsvRecorder;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Deterministic simulator captures for scripts/check-same-outputs: the simulated device and the capture's poll loop
 * share one stepped clock that only moves when the loop sleeps (a poll takes no time on it), so a capture with a
 * fixed seed gives the same frames, windows, notes and summary on every run, whatever the machine's load. The
 * device is the simulator in this process (its shell, no adb), so the run exercises the capture package and the
 * engine, not the transport (the device matrix test covers that). Some cases take the device away for a while or
 * crash the app, so the reconnect, coverage and app-restart paths are in the outputs too.
 *
 * <p>Usage: java -cp target/fpsctl.jar scripts/SameOutputs.java OUT_DIR
 */
public final class SameOutputs {

    /** Device time of the start; the loop's clock and the simulator's CLOCK_MONOTONIC are the same clock. */
    static final long ORIGIN = 3_600_000_000_000L;

    /** One clock for the simulator and the loop: moves only when the loop sleeps. */
    static final class StepClock implements TimeSource, HostClock {
        private long now = ORIGIN;
        private final List<long[]> crashes = new ArrayList<>();
        private SimulatedAndroid sim;

        @Override
        public synchronized long nanoTime() {
            return now;
        }

        @Override
        public void sleepNanos(long ns) {
            advance(Math.max(ns, 1));
        }

        synchronized void advance(long ns) {
            now += ns;
            for (long[] c : crashes) {
                if (c[2] == 0 && now >= c[0]) {
                    c[2] = 1;
                    sim.crashApp();
                }
                if (c[2] == 1 && now >= c[1]) {
                    c[2] = 2;
                    sim.startApp();
                }
            }
        }
    }

    /** The simulator's shell in this process; gone (DeviceGoneException) while the clock is in [goneFrom, goneTo). */
    static final class InProcessDevice implements Device {
        final SimulatedAndroid sim;
        final StepClock clock;
        long goneFrom = Long.MAX_VALUE;
        long goneTo = Long.MAX_VALUE;

        InProcessDevice(SimulatedAndroid sim, StepClock clock) {
            this.sim = sim;
            this.clock = clock;
        }

        boolean gone() {
            long t = clock.nanoTime();
            return t >= goneFrom && t < goneTo;
        }

        @Override
        public String serial() {
            return "sim";
        }

        @Override
        public ShellResult shell(String command, Duration timeout) {
            if (gone()) {
                throw new DeviceGoneException("sim", "device 'sim' not found", null);
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int rc;
            try {
                rc = sim.run(command, out, err);
            } catch (IOException e) {
                throw new DeviceGoneException("sim", e.getMessage(), e);
            }
            return new ShellResult(out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), rc);
        }

        @Override
        public ShellStream openShell(String command) {
            ShellResult r = shell(command, DEFAULT_SHELL_TIMEOUT);
            return new ShellStream() {
                final InputStream in = new ByteArrayInputStream(r.stdout().getBytes(StandardCharsets.UTF_8));

                @Override
                public InputStream stdout() {
                    return in;
                }

                @Override
                public String stderr() {
                    return r.stderr();
                }

                @Override
                public OptionalInt exitCode() {
                    return OptionalInt.of(r.exitCode());
                }

                @Override
                public void close() {
                }
            };
        }

        @Override
        public void install(Path apk) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void push(Path local, String remotePath) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {
        }
    }

    /**
     * One capture: Android version, refresh rate, scenario, source, seconds; optionally the device away for
     * [goneAt, goneAt + goneFor) s and the app crashed at crashAt s and started again crashFor s later.
     */
    record Case(int android, int hz, String scenario, SourceRequest.Kind kind, int seconds, double goneAt,
                double goneFor, double crashAt, double crashFor) {
        Case(int android, int hz, String scenario, SourceRequest.Kind kind, int seconds) {
            this(android, hz, scenario, kind, seconds, -1, 0, -1, 0);
        }

        String name() {
            return "a" + android + "-" + hz + "hz-" + scenario + "-" + kind.name().toLowerCase()
                    + (goneAt >= 0 ? "-gone" + goneAt + "for" + goneFor : "")
                    + (crashAt >= 0 ? "-crash" + crashAt + "for" + crashFor : "");
        }
    }

    static List<Case> cases() {
        SourceRequest.Kind g = SourceRequest.Kind.GFXINFO;
        SourceRequest.Kind sf = SourceRequest.Kind.SURFACEFLINGER;
        SourceRequest.Kind auto = SourceRequest.Kind.AUTO;
        List<Case> l = new ArrayList<>();
        int[] versions = {6, 7, 9, 10, 11, 12, 13, 14, 15, 16};
        int[] rates = {60, 90, 120, 144};
        String[] scenarios = {"jank", "game", "refresh-switch"};
        // the device matrix's covering array (DeviceMatrixTest): every version, rate and scenario
        for (int v = 0; v < versions.length; v++) {
            for (int r = 0; r < rates.length; r++) {
                String s = scenarios[(v + r) % scenarios.length];
                l.add(new Case(versions[v], rates[r], s, s.equals("game") ? sf : g, 4));
            }
        }
        for (String s : new String[] {"smooth", "freeze", "idle-bursts"}) {
            l.add(new Case(14, 120, s, g, 5));
        }
        l.add(new Case(7, 60, "game", auto, 4));
        l.add(new Case(14, 60, "game", auto, 4));
        l.add(new Case(12, 120, "flutter", auto, 4));
        l.add(new Case(14, 90, "game-late", auto, 8));
        // away and back (rings read back, or overflowed), away at the end, the app crashed and restarted
        l.add(new Case(14, 60, "jank", g, 6, 2.0, 1.0, -1, 0));
        l.add(new Case(13, 120, "jank", g, 8, 2.0, 3.0, -1, 0));
        l.add(new Case(10, 60, "game", sf, 6, 2.0, 1.5, -1, 0));
        l.add(new Case(12, 90, "jank", g, 5, 4.0, 10.0, -1, 0));
        l.add(new Case(14, 120, "jank", g, 6, -1, 0, 2.0, 2.0));
        l.add(new Case(9, 60, "game", sf, 6, -1, 0, 2.0, 2.0));
        return l;
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        for (Case c : cases()) {
            run(c, out.resolve(c.name()));
        }
    }

    static void run(Case c, Path dir) throws Exception {
        Files.createDirectories(dir);
        String pkg = SimOptions.DEFAULT_PACKAGE;
        StepClock clock = new StepClock();
        SimOptions options = new SimOptions(AndroidVersion.of(c.android()), c.hz(), 7L * c.android() + c.hz(), pkg);
        SimulatedAndroid sim = SimulatedAndroid.create(Scenarios.byName(c.scenario()), options, clock, null);
        clock.sim = sim;
        InProcessDevice device = new InProcessDevice(sim, clock);
        clock.advance(1_000_000_000L); // the app is drawing
        if (c.goneAt() >= 0) {
            device.goneFrom = clock.nanoTime() + (long) (c.goneAt() * 1e9);
            device.goneTo = device.goneFrom + (long) (c.goneFor() * 1e9);
        }
        if (c.crashAt() >= 0) {
            long at = clock.nanoTime() + (long) (c.crashAt() * 1e9);
            clock.crashes.add(new long[] {at, at + (long) (c.crashFor() * 1e9), 0});
        }
        StringWriter frames = new StringWriter();
        StringWriter windows = new StringWriter();
        StringBuilder notes = new StringBuilder();
        CsvRecorder recorder = new CsvRecorder(new FrameCsv(frames, false), new WindowCsv(windows, "sim", pkg), "sim",
                pkg, null, null);
        // waits for the device on the same clock: back when its absence ends, if that is within the timeout
        CaptureSession.Reconnector reconnector = timeout -> {
            long left = device.goneTo - clock.nanoTime();
            if (left > timeout.toNanos()) {
                clock.advance(timeout.toNanos());
                return false;
            }
            clock.advance(Math.max(left, 1));
            return true;
        };
        String summary;
        String ending;
        try {
            Measurement m = Measurement.prepare(device, reconnector, pkg, new SourceRequest(c.kind(), null, 100),
                    EngineConfig.defaults(), recorder, n -> notes.append(t(clock)).append(' ').append(n).append('\n'),
                    Duration.ofSeconds(5), clock);
            notes.append("source ").append(m.source()).append(": ").append(m.sourceReason()).append('\n');
            CaptureSession.End end = m.run(Duration.ofSeconds(c.seconds()));
            StringWriter s = new StringWriter();
            SummaryJson.write(m.summary(), s, true);
            summary = s.toString();
            ending = "end " + end + ", partial " + m.session().partial() + ", lost " + m.session().lostMessage()
                    + "\ndescribe " + m.describe() + "\n";
        } catch (RuntimeException e) {
            summary = "";
            ending = "error " + e + "\n";
        }
        recorder.close();
        write(dir.resolve("frames.csv"), frames.toString());
        write(dir.resolve("windows.csv"), windows.toString());
        write(dir.resolve("summary.json"), summary);
        write(dir.resolve("notes.txt"), notes + ending);
    }

    static String t(StepClock clock) {
        return String.format(java.util.Locale.ROOT, "%.3f", (clock.nanoTime() - ORIGIN) / 1e9);
    }

    static void write(Path p, String text) throws IOException {
        try (Writer w = Files.newBufferedWriter(p)) {
            w.write(text);
        }
    }
}
