package io.fpsctl.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dadb.AdbShellPacket;
import dadb.AdbShellResponse;
import dadb.AdbShellStream;
import dadb.Dadb;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.FfmpegFrames;
import io.fpsctl.testing.PollUntil;
import io.fpsctl.testing.TestAdb;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulated {@code screenrecord}: AOSP's option checks, SIGINT finalises a file ffmpeg plays whose frames show
 * the app frame numbers of the truth file, pkill's default SIGTERM leaves a file that does not play.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@Tag("e2e")
class SimScreenRecordTest {

    private static Simulator start(Path truth) throws Exception {
        return start(truth, 14);
    }

    private static Simulator start(Path truth, int android) throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName("jank"),
                new SimOptions(AndroidVersion.of(android), 60, 7, "com.example.feed"), 0, truth, false, null, 0));
    }

    @Test
    void optionsAreCheckedAsAospDoesUpToAndroid13(@TempDir Path dir) throws Exception {
        // screenrecord.cpp main, case 't', android-security-13.0.0_r21: atoi, then [1, kMaxTimeLimitSec]
        try (Simulator sim = start(null, 13); Dadb dadb = Dadb.create("127.0.0.1", sim.port(), TestAdb.throwawayKeys(dir))) {
            AdbShellResponse r = dadb.shell("screenrecord --time-limit 181 /data/local/tmp/a.mp4");
            assertEquals(2, r.getExitCode());
            assertEquals("Time limit 181s outside acceptable range [1,180]\n", r.getErrorOutput());
            r = dadb.shell("screenrecord --time-limit 0 /data/local/tmp/a.mp4");
            assertEquals(2, r.getExitCode());
            assertEquals("Time limit 0s outside acceptable range [1,180]\n", r.getErrorOutput());
            r = dadb.shell("screenrecord --time-limit x /data/local/tmp/a.mp4"); // atoi("x") is 0
            assertEquals("Time limit 0s outside acceptable range [1,180]\n", r.getErrorOutput());
            r = dadb.shell("screenrecord --time-limit 1");
            assertEquals("Must specify output file (see --help).\n", r.getErrorOutput());
            assertEquals(2, r.getExitCode());
        }
    }

    @Test
    void android14TakesAnyTimeLimitAndZeroForNone(@TempDir Path dir) throws Exception {
        // screenrecord.cpp main, case 't', android-14.0.0_r67: strtol, [0, UINT32_MAX], 0 = no limit
        try (Simulator sim = start(null, 14); Dadb dadb = Dadb.create("127.0.0.1", sim.port(), TestAdb.throwawayKeys(dir))) {
            AdbShellResponse r = dadb.shell("screenrecord --time-limit -1 /data/local/tmp/a.mp4");
            assertEquals(2, r.getExitCode());
            assertEquals("Time limit -1s outside acceptable range [0,4294967295] seconds\n", r.getErrorOutput());
            r = dadb.shell("screenrecord --time-limit 4294967296 /data/local/tmp/a.mp4");
            assertEquals("Time limit 4294967296s outside acceptable range [0,4294967295] seconds\n", r.getErrorOutput());
            r = dadb.shell("screenrecord --time-limit 5s /data/local/tmp/a.mp4");
            assertEquals("Error parsing time limit argument\n", r.getErrorOutput());
            assertEquals(2, r.getExitCode());
            for (String limit : List.of("0", "181")) { // refused up to android 13; here they record until stopped
                String file = "/data/local/tmp/limit-" + limit + ".mp4";
                CompletableFuture<Integer> rec = record(dadb, "screenrecord --time-limit " + limit + " " + file);
                PollUntil.condition(() -> dadb.shell("pkill -INT -f " + file).getExitCode() == 0, Duration.ofSeconds(20),
                        "screenrecord --time-limit " + limit + " running");
                assertEquals(0, rec.get(20, TimeUnit.SECONDS), "--time-limit " + limit + " records");
            }
        }
    }

    @Test
    void theWinscopeBlocksAreTheReleases(@TempDir Path dir) throws Exception {
        // screenrecord.cpp runEncoder at android-security-10.0.0_r75 (none), android-12.1.0_r11 (legacy),
        // android-13.0.0_r35 (both: QPR2, the newest 13, which the simulator's 13 is) and 14.0.0_r67 (both)
        for (int android : List.of(10, 12, 13, 14)) {
            Path local = dir.resolve("v" + android + ".mp4");
            try (Simulator sim = start(null, android);
                 Dadb dadb = Dadb.create("127.0.0.1", sim.port(), TestAdb.throwawayKeys(dir))) {
                String remote = "/data/local/tmp/w.mp4";
                CompletableFuture<Integer> rec = record(dadb, "screenrecord " + remote);
                PollUntil.value(() -> dadb.shell("dumpsys gfxinfo com.example.feed framestats").getOutput(),
                        o -> o.lines().filter(l -> l.startsWith("0,")).count() > 20, Duration.ofSeconds(20), "frames");
                PollUntil.condition(() -> dadb.shell("pkill -INT -f " + remote).getExitCode() == 0,
                        Duration.ofSeconds(20), "screenrecord stopped");
                assertEquals(0, rec.get(20, TimeUnit.SECONDS));
                try (io.fpsctl.device.DadbDevice device = io.fpsctl.device.DadbDevice.direct("127.0.0.1", sim.port(),
                        TestAdb.throwawayKeys(dir));
                     io.fpsctl.device.ShellStream s = device.openShell("cat " + remote)) {
                    Files.copy(s.stdout(), local);
                }
            }
            byte[] mp4 = Files.readAllBytes(local);
            int legacy = indexOf(mp4, "#VV1NSC0PET1ME!#".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            int v2 = indexOf(mp4, "#VV1NSC0PET1ME2#".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            assertEquals(android >= 11, legacy > 0, "android " + android + ": legacy block");
            assertEquals(android >= 13, v2 > 0, "android " + android + ": version 2 block");
            if (android >= 13) {
                assertTrue(legacy < v2, "the legacy block is written first");
            }
            if (legacy > 0) {
                java.nio.ByteBuffer l = java.nio.ByteBuffer.wrap(mp4, legacy + 16, mp4.length - legacy - 16)
                        .order(java.nio.ByteOrder.LITTLE_ENDIAN);
                int count = l.getInt();
                assertTrue(count >= 1, "frames in the legacy block");
                long[] us = new long[count];
                for (int i = 0; i < count; i++) {
                    us[i] = l.getLong();
                }
                if (v2 > 0) { // the same frames: v2's ns within 1 us of legacy's us (each cut to us on its own)
                    java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(mp4, v2 + 16, mp4.length - v2 - 16)
                            .order(java.nio.ByteOrder.LITTLE_ENDIAN);
                    assertEquals(2, b.getInt());
                    b.getLong();
                    assertEquals(count, b.getInt());
                    for (int i = 0; i < count; i++) {
                        assertEquals(us[i] * 1000.0, b.getLong(), 1000.0, "frame " + i);
                    }
                }
            }
        }
    }

    @Test
    void android6sPkillTakesOnlyDashLAndFpsctlsStopUsesIt(@TempDir Path dir) throws Exception {
        // LineageOS android_external_toybox cm-13.0 toys/posix/ps.c: pkill's option string has no leading '?', so
        // lib/args.c gotflag refuses -INT ("Unknown option INT", exit 1); -l INT is in it ("...fnovxl:[-no]").
        // Android 6's adbd has no shell_v2: fpsctl's own device (exec: and a status mark) asks, as it does there.
        try (Simulator sim = start(null, 6);
             io.fpsctl.device.DadbDevice device = io.fpsctl.device.DadbDevice.direct("127.0.0.1", sim.port(),
                     TestAdb.throwawayKeys(dir))) {
            String remote = "/data/local/tmp/fpsctl-six-1.mp4";
            CompletableFuture<java.util.OptionalInt> rec = CompletableFuture.supplyAsync(() -> {
                try (io.fpsctl.device.ShellStream s = device.openShell("screenrecord --time-limit 30 " + remote)) {
                    s.stdout().transferTo(java.io.OutputStream.nullOutputStream());
                    return s.exitCode();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            io.fpsctl.device.ShellResult refused = device.shell("pkill -INT -f " + remote, Duration.ofSeconds(20));
            assertEquals(1, refused.exitCode());
            assertEquals("pkill: Unknown option INT\n", refused.stdout() + refused.stderr());
            PollUntil.condition(() -> device.shell(io.fpsctl.android.ScreenRecord.stopCommand(remote),
                    Duration.ofSeconds(20)).exitCode() == 0, Duration.ofSeconds(20),
                    "fpsctl's stop command signals screenrecord on android 6");
            assertEquals(java.util.OptionalInt.of(0), rec.get(20, TimeUnit.SECONDS), "SIGINT: screenrecord finished its file");
        }
    }

    private static CompletableFuture<Integer> record(Dadb dadb, String command) {
        return CompletableFuture.supplyAsync(() -> {
            try (AdbShellStream s = dadb.openShell(command)) {
                return s.readAll().getExitCode();
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
    }

    @Test
    void sigintGivesAPlayableFileWhoseFramesAreTheTruthsPresents(@TempDir Path dir) throws Exception {
        assumeTrue(FfmpegFrames.available(), "ffmpeg is not installed (apt-get install ffmpeg): skipped");
        Path truth = dir.resolve("t.txt");
        Path local = dir.resolve("v.mp4");
        try (Simulator sim = start(truth); Dadb dadb = Dadb.create("127.0.0.1", sim.port(), TestAdb.throwawayKeys(dir))) {
            String remote = "/data/local/tmp/fpsctl-test-1.mp4";
            // --verbose: screenrecord prints "Configuring recorder for …" as it sets its encoder up (screenrecord.cpp
            // prepareEncoder), and the simulated one takes every app frame from then on: the frames counted after the
            // line are frames of the video, however late the shell started on a busy machine
            CompletableFuture<Void> recording = new CompletableFuture<>();
            CompletableFuture<Integer> rec = CompletableFuture.supplyAsync(() -> {
                try (AdbShellStream s = dadb.openShell("screenrecord --verbose --time-limit 30 " + remote)) {
                    while (true) {
                        AdbShellPacket p = s.read();
                        String text = new String(p.getPayload(), StandardCharsets.UTF_8);
                        if (p instanceof AdbShellPacket.StdOut && text.contains("Configuring recorder")) {
                            recording.complete(null);
                        } else if (p instanceof AdbShellPacket.Exit) {
                            return p.getPayload()[0] & 0xff;
                        }
                    }
                } catch (Exception e) {
                    recording.completeExceptionally(e);
                    throw new RuntimeException(e);
                }
            });
            recording.get(20, TimeUnit.SECONDS);
            long before = totalFrames(dadb);
            PollUntil.value(() -> totalFrames(dadb), n -> n > before + 40, Duration.ofSeconds(20),
                    "40 frames presented while recording");
            assertEquals(0, dadb.shell("pkill -INT -f " + remote).getExitCode());
            assertEquals(0, rec.get(20, TimeUnit.SECONDS));
            try (io.fpsctl.device.DadbDevice device = io.fpsctl.device.DadbDevice.direct("127.0.0.1", sim.port(),
                    TestAdb.throwawayKeys(dir));
                 io.fpsctl.device.ShellStream s = device.openShell("cat " + remote)) {
                Files.copy(s.stdout(), local); // the raw stdout bytes (shell v2 keeps them as they are)
            }
        }
        assertTrue(Files.size(local) > 1000);
        List<FfmpegFrames.Frame> frames = FfmpegFrames.all(local);
        assertTrue(frames.size() > 20, "frames decoded: " + frames.size());
        for (int i = 1; i < frames.size(); i++) {
            assertTrue(frames.get(i).number() > frames.get(i - 1).number(), "numbers rise: " + frames);
        }
        // the Winscope v2 block, read by hand (screenrecord.cpp writeWinscopeMetadata): one CLOCK_BOOTTIME ns per
        // frame; minus gfxinfo's Realtime - Uptime it is when the composition showing the picture was queued
        byte[] mp4 = Files.readAllBytes(local);
        int at = indexOf(mp4, "#VV1NSC0PET1ME2#".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        assertTrue(at > 0, "Winscope block present");
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(mp4, at + 16, mp4.length - at - 16)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN);
        assertEquals(2, b.getInt());
        b.getLong();
        int count = b.getInt();
        assertEquals(frames.size(), count, "one time per video frame");
        long asleepNs = 12_345_000_000L; // GfxinfoFormatter: Realtime = Uptime + 12 345 ms
        List<String> presents = Files.readAllLines(dir.resolve("t.app.latency"));
        long first = b.getLong(b.position());
        for (int i = 0; i < count; i++) {
            long monotonic = b.getLong() - asleepNs;
            int number = frames.get(i).number();
            assertEquals(frames.get(i).seconds(), (monotonic - (first - asleepNs)) / 1e9, 1.5e-4,
                    "pts relative to the first frame, frame " + i);
            if (i > 0) { // frame 0 is the screen as it was when the recording started
                // the simulator's own model, not a measurement: stamped when SurfaceFlinger queues the composition,
                // a refresh (60 Hz) before the truth's present plus the 2 ms it takes from its latch (inferred);
                // this checks the block is written and read as modelled, not that the model is Android's
                long truthPresent = Long.parseLong(presents.get(number).split("\t")[1]);
                assertEquals(truthPresent - 1e9 / 60 + 2_000_000, monotonic, 2_000,
                        "frame " + i + " shows present " + number);
            }
        }
    }

    /** gfxinfo's "Total frames rendered" (frameworks/base/libs/hwui/ProfileData.cpp, ProfileData::dump). */
    private static long totalFrames(Dadb dadb) throws Exception {
        String out = dadb.shell("dumpsys gfxinfo com.example.feed").getOutput();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("Total frames rendered: (\\d+)").matcher(out);
        assertTrue(m.find(), out);
        return Long.parseLong(m.group(1));
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
