package io.fpsctl.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.SimulatedAndroid;
import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.ShellOnlyDevice;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ShellBatch} and {@link PrefetchingDevice} against the simulated device's shell (which runs {@code ;} lists
 * like {@code /system/bin/sh}); the expected answers are worked out by hand from what each command prints alone.
 */
class ShellBatchTest {

    /** The simulator's shell as a device; counts the streams opened. */
    private static final class SimShell extends ShellOnlyDevice {
        final SimulatedAndroid sim = SimulatedAndroid.create(Scenarios.byName("smooth"), SimOptions.defaults(),
                new ManualTimeSource(), null);
        final List<String> lines = new ArrayList<>();
        int cutAt = -1;

        @Override
        public String serial() {
            return "sim";
        }

        @Override
        public ShellResult shell(String command, Duration timeout) {
            lines.add(command);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            try {
                int exit = sim.run(command, out, err);
                byte[] o = out.toByteArray();
                if (cutAt >= 0 && cutAt < o.length) {
                    o = Arrays.copyOf(o, cutAt); // the stream died part-way
                }
                return ShellResult.ofBytes(o, err.toByteArray(), exit);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

    }

    private static final Duration T = Duration.ofSeconds(5);

    @Test
    void oneStreamGivesEachCommandItsOwnOutputAndExitStatus() {
        SimShell sh = new SimShell();
        List<ShellResult> r = ShellBatch.run(sh, List.of("echo one", "false", "echo two  words", "no-such-command"), T);
        assertEquals(1, sh.lines.size(), "one stream: " + sh.lines);
        assertEquals(4, r.size());
        assertEquals("one\n", r.get(0).stdout());
        assertEquals(0, r.get(0).exitCode());
        assertEquals("", r.get(1).stdout());
        assertEquals(1, r.get(1).exitCode());
        assertEquals("two words\n", r.get(2).stdout());
        assertEquals(0, r.get(2).exitCode());
        assertEquals("", r.get(3).stdout());
        assertEquals(127, r.get(3).exitCode());
        // standard error is one stream for the list: every result carries it
        assertEquals("/system/bin/sh: no-such-command: inaccessible or not found\n", r.get(0).stderr());
    }

    @Test
    void aDumpComesBackByteForByteAsWhenRunAlone() {
        SimShell sh = new SimShell();
        String alone = sh.shell("dumpsys SurfaceFlinger --list", T).stdout();
        String getprop = sh.shell("getprop ro.build.version.sdk", T).stdout();
        List<ShellResult> r = ShellBatch.run(sh, List.of("dumpsys SurfaceFlinger --list",
                "getprop ro.build.version.sdk"), T);
        assertTrue(alone.contains("com.example.feed"), alone);
        assertEquals(alone, r.get(0).stdout());
        assertEquals(getprop, r.get(1).stdout());
    }

    @Test
    void aStreamCutShortAnswersOnlyTheCommandsWhoseEndArrived() {
        SimShell sh = new SimShell();
        sh.cutAt = "one\n".length() + 5; // inside the first command's end mark
        assertEquals(0, ShellBatch.run(sh, List.of("echo one", "echo two"), T).size());
        String firstEnd = ShellBatch.commandLine(List.of("echo one", "echo two"));
        int markLength = firstEnd.substring(firstEnd.indexOf("echo fpsctl-end-") + 5, firstEnd.indexOf(" $?")).length();
        sh.cutAt = "one\n".length() + markLength + " 0\n".length() + 2; // the first mark whole, then cut
        List<ShellResult> r = ShellBatch.run(sh, List.of("echo one", "echo two"), T);
        assertEquals(1, r.size());
        assertEquals("one\n", r.get(0).stdout());
    }

    @Test
    void prefetchedAnswersAreHandedOutOnceAndOnlyUntilTheNextPrefetch() {
        SimShell sh = new SimShell();
        PrefetchingDevice d = new PrefetchingDevice(sh);
        d.prefetch(List.of("echo a", "echo b", "echo a"));
        assertEquals(1, sh.lines.size());
        assertEquals("a\n", d.shell("echo a", T).stdout());
        assertEquals("b\n", d.shell("echo b", T).stdout());
        assertEquals(1, sh.lines.size(), "both from the prefetch");
        assertEquals("a\n", d.shell("echo a", T).stdout());
        assertEquals(List.of("echo a"), sh.lines.subList(1, 2), "the second ask goes to the device");
        d.prefetch(List.of("echo c", "echo d"));
        d.prefetch(List.of("echo e", "echo f"));
        assertEquals("c\n", d.shell("echo c", T).stdout());
        assertEquals("echo c", sh.lines.get(sh.lines.size() - 1), "an answer not asked for before the next prefetch is dropped");
        int before = sh.lines.size();
        d.prefetch(List.of("echo only"));
        assertEquals("only\n", d.shell("echo only", T).stdout());
        assertEquals(before + 1, sh.lines.size(), "one command is run ahead too (a session may keep its shell)");
    }
}
