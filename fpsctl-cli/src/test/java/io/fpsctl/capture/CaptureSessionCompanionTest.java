package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fpsctl.device.PrefetchingDevice;
import io.fpsctl.device.ShellResult;
import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.Source;
import io.fpsctl.testing.ShellOnlyDevice;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A companion (the FrameTimeline poller) riding the poll loop on a manual clock: each keeps its own cadence, and a
 * poll due within a quarter of its interval of the other's is taken with it, in one shell stream. The schedule
 * below is worked out by hand for cadences like those at 144 Hz (gfxinfo 416.7 ms, FrameTimeline 222.2 ms), rounded
 * to 400 and 225 ms so that the manual clock's sleeps add up exactly.
 */
class CaptureSessionCompanionTest {
    private static final long MS = 1_000_000L;
    private static final long MAIN = 400 * MS;
    private static final long FT = 225 * MS;

    /** Answers {@code X} with {@code out:X}, and a {@code ;} list like sh: each part in turn, {@code $?} being 0. */
    private static final class Streams extends ShellOnlyDevice {
        final List<String> lines = new ArrayList<>();

        @Override
        public ShellResult shell(String command, Duration timeout) {
            lines.add(command);
            StringBuilder out = new StringBuilder();
            for (String part : command.split(" ; ")) {
                out.append(part.startsWith("echo ") ? part.substring(5).replace("$?", "0") : "out:" + part).append('\n');
            }
            return new ShellResult(out.toString(), "", 0);
        }
    }

    @Test
    void pollsDueTogetherShareOneStream() throws Exception {
        CaptureClockTest.ManualClock clock = new CaptureClockTest.ManualClock();
        long t0 = clock.now;
        Streams streams = new Streams();
        PrefetchingDevice device = new PrefetchingDevice(streams);
        List<Long> mainAt = new ArrayList<>();
        List<Long> ftAt = new ArrayList<>();
        List<String> answers = new ArrayList<>();
        FramePoller main = new FramePoller() {
            @Override
            public Poll poll() {
                mainAt.add((clock.now - t0) / MS);
                answers.add(device.shell("gfx").stdout());
                return new Poll(0, true, false, Duration.ofNanos(MAIN));
            }

            @Override
            public List<String> nextCommands() {
                return List.of("gfx");
            }

            @Override
            public Source source() {
                return Source.GFXINFO;
            }

            @Override
            public io.fpsctl.engine.Summary summary(String pkg) {
                throw new UnsupportedOperationException("not summarised here: the test reads the session");
            }

            @Override
            public String describe() {
                return "main";
            }
        };
        CaptureSession.Companion ft = new CaptureSession.Companion() {
            @Override
            public String command() {
                return "ft";
            }

            @Override
            public Duration poll() {
                ftAt.add((clock.now - t0) / MS);
                answers.add(device.shell("ft").stdout());
                return Duration.ofNanos(FT);
            }
        };
        CaptureSession session = new CaptureSession(main, List.of(new FrameEngine(Source.GFXINFO,
                EngineConfig.defaults())), t -> false, Duration.ofSeconds(1), s -> { }, null, clock);
        session.prefetchThrough(device);
        session.ride(ft);
        session.run(Duration.ofSeconds(2));

        // t=0 both; 225 ft (main due at 400: more than a quarter of 400 away); 400 main, and ft (due at 450: within
        // a quarter of 225) with it, so ft's next is 400+225=625; 625 ft; 800 main+ft (ft was due at 850); 1025 ft;
        // 1200 main+ft (1250); 1425 ft; 1600 main+ft (1650); 1825 ft; at 2000 the 2 s are up: one last main poll
        // alone reads the frames drawn since 1600 (docs/metrics.md "Coverage")
        assertEquals(List.of(0L, 400L, 800L, 1200L, 1600L, 2000L), mainAt);
        assertEquals(List.of(0L, 225L, 400L, 625L, 800L, 1025L, 1200L, 1425L, 1600L, 1825L), ftAt);
        assertEquals(11, streams.lines.size(), "one stream per wake-up: " + streams.lines);
        assertEquals(5, streams.lines.stream().filter(l -> l.startsWith("gfx ; echo ") && l.contains(" ; ft ; echo "))
                .count(), () -> "the five main polls each with an ft poll: " + streams.lines);
        assertEquals(5, streams.lines.stream().filter("ft"::equals).count(), streams.lines::toString);
        assertEquals(1, streams.lines.stream().filter("gfx"::equals).count(), streams.lines::toString);
        assertEquals(16, answers.size());
        assertEquals(List.of("out:gfx\n", "out:ft\n"), answers.subList(0, 2), "each poll got its own answer");
    }
}
