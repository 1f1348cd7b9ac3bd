package io.fpsctl.cli;

import static io.fpsctl.cli.SilentDevice.PKG;
import static io.fpsctl.cli.SilentDevice.T;
import static io.fpsctl.cli.SilentDevice.sim;
import static io.fpsctl.cli.SilentDevice.summaryUnder;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.fpsctl.sim.Simulator;
import io.fpsctl.testing.HostileAdbd;
import io.fpsctl.testing.PollUntil;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Straight to the device ({@code --connect}, no adb server: every command a stream of its own on one connection,
 * {@link HostileAdbd#inFrontOf} relaying the simulator): a device that accepts the poll's stream and then sends nothing
 * ends the run within its duration plus the poll bound's grace (docs/outputs-and-signals.md, "Bounds on what a device
 * sends") as partial, naming the device, never "ring overflow", with what it measured kept. Through the adb server:
 * {@link SilentDeviceEndToEndTest}; SIGINT during such a stall: {@link SilentDeviceSigintEndToEndTest}.
 *
 * <p>In real time: the bound is the stream's read deadline on the real connection (device/DadbDevice), which a stepped
 * clock does not drive. Its length is set through {@code --duration}: the stalled poll may wait until the end of the
 * run plus capture/PollBound's 10 s grace, so the 8 s run ends about 18 s after it started; not shorter, as the
 * silence must come before the run's end on a loaded machine too.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("e2e")
class SilentDirectConnectionEndToEndTest {

    /** Straight to the device: a device that accepts the poll's stream and then sends nothing ends the run the same way. */
    @Test
    void aDirectConnectionThatGoesSilentMidRunEndsAsPartialWithinItsBound(@TempDir Path dir) throws Exception {
        try (Simulator s = sim(); HostileAdbd relay = HostileAdbd.inFrontOf("127.0.0.1", s.port())) {
            Path out = dir.resolve("cap");
            StringWriter o = new StringWriter();
            StringWriter e = new StringWriter();
            AtomicInteger exit = new AtomicInteger(-1);
            Thread run = new Thread(() -> exit.set(Main.run(new String[] {"capture", PKG, "--connect", relay.address(),
                "--source", "gfxinfo", "--duration", "8s", "--out", out.toString()}, new PrintWriter(o, true),
                    new PrintWriter(e, true))));
            run.start();
            // the silence once fpsctl has read a second of the run's frames (120 at 120 Hz, CoverageRuns.untilFramesRead),
            // not once 60 rows are on disk: Android 14's rows wait for their FrameTimeline verdicts (sink/CsvRecorder),
            // and at load average 30 the 60th reached the disk only after the 10 s run had ended (no poll silenced)
            PollUntil.condition(() -> e.toString().contains("measuring"), T, "fpsctl measures");
            CoverageRuns.untilFramesRead(s, 1_000_000_000L);
            relay.silenceNewStreams("shell,v2,raw:");
            long silencedNs = System.nanoTime();
            run.join(60_000);
            long ms = (System.nanoTime() - silencedNs) / 1_000_000;
            String all = "exit " + exit.get() + "\nout:\n" + o + "\nerr:\n" + e;
            assertFalse(run.isAlive(), all);
            // the relay silences streams opened after the silence, so the stalled poll starts after it, and
            // capture/PollBound gives it until the run's end plus the 10 s grace: the loop ends by start + 8 s + 10 s,
            // less than 8 s + 10 s after the silence; then at most 1 s for what is still asked (CaptureSession.silent)
            // and the files' writing, for which 3 s are allowed
            assertTrue(ms < 8_000 + 10_000 + 3_000, "ended " + ms + " ms after the device went silent: " + all);
            assertEquals(ExitCode.DEVICE, exit.get(), all);
            JsonNode json = summaryUnder(out);
            String reason = json.get("partialReason").asText();
            assertTrue(json.get("partial").asBoolean() && reason.contains("device " + relay.address()
                    + " stopped answering") && reason.contains("did not finish within"), json.toString());
            // not "ring overflow": the silence is a gap of its own (SilentDevice says why an overflow before it is not)
            SilentDevice.assertTheSilenceIsNotARingOverflow(json);
            // the silence came once fpsctl had read a second of frames (120 at 120 Hz), ~2 s into the 8 s run idle
            assertTrue(json.get("frames").asLong() > 60, json.toString());
        }
    }
}
