package io.fpsctl.cli;

import static io.fpsctl.cli.SilentDevice.KEPT_SHELL;
import static io.fpsctl.cli.SilentDevice.PKG;
import static io.fpsctl.cli.SilentDevice.T;
import static io.fpsctl.cli.SilentDevice.framesUnder;
import static io.fpsctl.cli.SilentDevice.sim;
import static io.fpsctl.cli.SilentDevice.summaryUnder;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.fpsctl.sim.Simulator;
import io.fpsctl.testing.HostileAdbd;
import io.fpsctl.testing.PollUntil;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A device that works, then goes silent mid-run: the shell fpsctl keeps running on it through the adb server
 * ({@code shell,v2,raw:sh}) takes a poll's commands and then sends nothing and never closes
 * ({@link HostileAdbd#inFrontOf}, a relay in front of the simulator, behind Debian's adb server). The run ends
 * within its duration plus the poll bound's grace (docs/outputs-and-signals.md, "Bounds on what a device sends") as
 * partial, with a reason naming the device and what went silent (never "ring overflow"), and keeps what it measured.
 * The same silence straight to the device is {@link SilentDirectConnectionEndToEndTest}, a start of the kept shell
 * never answered {@link SilentShellStartEndToEndTest}, SIGINT during these stalls {@link SilentDeviceSigintEndToEndTest}.
 *
 * <p>In real time, through adb: the bound is the transport's own read deadline (device/ServerStream, on
 * {@code System.nanoTime} and the socket's timeout), which a stepped clock does not drive; what is checked is that a
 * real silent stream ends the run. Its length is set through {@code --duration}: the stalled poll may wait until the
 * end of the run plus capture/PollBound's 10 s grace, so a 10 s run ends about 20 s after it started, where the 20 s
 * run it was before ended after 30 s. 10 s, not less: the silence must come before 90 % of the run on a loaded
 * machine too (see the measured time's check).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("adb")
@Tag("e2e")
class SilentDeviceEndToEndTest {

    @Test
    void aShellThatGoesSilentMidRunEndsItAsPartialWithinItsBoundKeepingWhatWasMeasured(@TempDir Path dir)
            throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH: skipping");
        try (Simulator s = sim(); HostileAdbd relay = HostileAdbd.inFrontOf("127.0.0.1", s.port());
             AdbFarm farm = new AdbFarm(dir, 1)) {
            farm.connect(0, relay.address());
            Path out = dir.resolve("cap");
            StringWriter o = new StringWriter();
            StringWriter e = new StringWriter();
            AtomicInteger exit = new AtomicInteger(-1);
            Thread run = new Thread(() -> exit.set(Main.run(new String[] {"capture", PKG, "--adb-server",
                farm.address(0), "-s", relay.address(), "--source", "gfxinfo", "--duration", "10s", "--out",
                out.toString()}, new PrintWriter(o, true), new PrintWriter(e, true))));
            run.start();
            // the silence once fpsctl has read a second of the run's frames (120 at 120 Hz, CoverageRuns.untilFramesRead),
            // not once 60 rows are on disk: Android 14's rows wait for their FrameTimeline verdicts (sink/CsvRecorder),
            // and at load average 30 the 60th reached the disk only after the 10 s run had ended (no poll silenced)
            PollUntil.condition(() -> e.toString().contains("measuring"), T, "fpsctl measures");
            CoverageRuns.untilFramesRead(s, 1_000_000_000L);
            relay.silence(KEPT_SHELL, false);
            long silencedNs = System.nanoTime();
            run.join(60_000);
            long ms = (System.nanoTime() - silencedNs) / 1_000_000;
            String all = "exit " + exit.get() + "\nout:\n" + o + "\nerr:\n" + e;
            assertFalse(run.isAlive(), all);
            assertTrue(relay.swallowed() > 0, "the host sent the silent shell a poll: " + all);
            // the relay silences the shell at the host's next write, so the stalled poll starts after the silence
            // (t >= silence), and capture/PollBound gives it until the run's end plus the 10 s grace (20 s at most
            // for a 10 s run, under the 30 s shell timeout): the loop ends by start + 10 s + 10 s, less than 10 s +
            // 10 s after the silence; then at most 1 s for what is still asked (CaptureSession.silent) and the files'
            // writing, for which 3 s are allowed
            assertTrue(ms < 10_000 + 10_000 + 3_000, "ended " + ms + " ms after the shell went silent: " + all);
            System.out.println("capture --duration 10s, kept shell silent mid-run: ended " + ms + " ms after");
            assertEquals(ExitCode.DEVICE, exit.get(), all);
            String lastErr = e.toString().strip().lines().reduce((a, b) -> b).orElse("");
            assertTrue(lastErr.contains("device " + relay.address() + " stopped answering")
                    && lastErr.contains("('sh') sent nothing"), all);
            JsonNode json = summaryUnder(out);
            assertTrue(json.get("partial").asBoolean(), json.toString());
            String reason = json.get("partialReason").asText();
            assertTrue(reason.contains(relay.address()) && reason.contains("stopped answering")
                    && reason.contains("('sh')"), reason);
            // not "ring overflow": the silence is a gap of its own (SilentDevice says why an overflow before it is not)
            SilentDevice.assertTheSilenceIsNotARingOverflow(json);
            // measured: up to the last poll answered, before the silence, which comes once fpsctl read a second of
            // frames: its first poll, a second, the next poll answered (polls 0.5 s apart at 120 Hz), ~2 s in on an
            // idle machine; under 90 % of 10 s (9 s) leaves 7 s for a loaded one (the 60 rows on disk this waited
            // for before were seen 4.7 s in at load average 26, 6.9 s at 47, after the end at 30)
            assertTrue(json.get("measuredMs").asDouble() < json.get("askedMs").asDouble() * 0.9, json.toString());
            long frames = json.get("frames").asLong();
            assertTrue(frames > 60, "what was measured before the silence is kept: " + json);
            List<String> rows = Files.readAllLines(framesUnder(out));
            assertEquals(frames, rows.size() - 1, "one whole row per counted frame");
        }
    }
}
