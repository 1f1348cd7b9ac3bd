package io.fpsctl.cli;

import static io.fpsctl.cli.SilentDevice.KEPT_SHELL;
import static io.fpsctl.cli.SilentDevice.PKG;
import static io.fpsctl.cli.SilentDevice.T;
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
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A device whose kept shell's start ({@code shell,v2,raw:sh}, the OPEN) is never answered, through Debian's adb
 * server ({@link HostileAdbd#inFrontOf}): the run is partial and names the device and the shell, not 10 s lost in
 * silence and a "complete" run (docs/outputs-and-signals.md, "Bounds on what a device sends"); SIGINT while that start
 * waits ends the run at once. A shell that goes silent later is {@link SilentDeviceEndToEndTest}.
 *
 * <p>In real time, through adb: the bound is the server stream's 10 s answer deadline (device/ServerStream, a socket
 * timeout), which no option shortens and a stepped clock does not drive; the run ends at that bound whatever its
 * {@code --duration}, so the 20 s asked for costs nothing and leaves a run that went on after the stall visibly short
 * of "complete" (10 s of 20 lost). The SIGINT case is the time from the signal to the exit, which is what it checks.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@Tag("adb")
@Tag("e2e")
class SilentShellStartEndToEndTest {

    /** A request to start the shell that is never answered: not 10 s lost in silence and a "complete" run. */
    @Test
    void aShellWhoseStartIsNeverAnsweredIsAPartialRunNamingIt(@TempDir Path dir) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH: skipping");
        try (Simulator s = sim(); HostileAdbd relay = HostileAdbd.inFrontOf("127.0.0.1", s.port());
             AdbFarm farm = new AdbFarm(dir, 1)) {
            farm.connect(0, relay.address());
            relay.silence(KEPT_SHELL, true);
            Path out = dir.resolve("cap");
            long start = System.nanoTime();
            Cli r = Cli.run("capture", PKG, "--adb-server", farm.address(0), "-s", relay.address(), "--source",
                    "gfxinfo", "--duration", "20s", "--out", out.toString());
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertEquals(ExitCode.DEVICE, r.exit, r::toString);
            assertTrue(ms < 20_000 + 10_000 + 10_000, "took " + ms + " ms: " + r); // + start-up
            assertTrue(r.err.contains("did not answer the request to start a shell ('sh')"), r::toString);
            JsonNode json = summaryUnder(out);
            assertTrue(json.get("partial").asBoolean(), json.toString());
            assertTrue(json.get("partialReason").asText().contains(relay.address()), json.toString());
            assertFalse(json.get("warnings").toString().contains("ring overflow"), json.toString());
        }
    }

    /**
     * SIGINT while the kept shell's start waits for an answer that never comes (the device never answers its OPEN,
     * and the adb server waits with it): the stop closes the start's socket (device/PersistentShell), so the run ends
     * at once with the summary and the "stopped by" line, not after the server's 10 s answer bound. The signal comes
     * once the device has swallowed the OPEN (polled). Broken on purpose (the socket not handed over): it ended
     * about 10 s after SIGINT.
     */
    @Test
    void sigintWhileTheKeptShellStartsEndsTheRunAtOnce(@TempDir Path dir) throws Exception {
        SilentDevice.assumeSigintReachesAChild();
        assumeTrue(AdbFarm.available(), "adb is not on PATH: skipping");
        try (Simulator s = sim(); HostileAdbd relay = HostileAdbd.inFrontOf("127.0.0.1", s.port());
             AdbFarm farm = new AdbFarm(dir, 1)) {
            farm.connect(0, relay.address());
            relay.silence(KEPT_SHELL, true);
            Path out = dir.resolve("cap");
            Path err = dir.resolve("err.txt");
            Process p = ChildProcessTest.fpsctl("capture", PKG, "--adb-server", farm.address(0), "-s",
                    relay.address(), "--source", "gfxinfo", "--duration", "60s", "--out", out.toString())
                    .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(err.toFile()).start();
            try {
                PollUntil.condition(() -> relay.swallowed() > 0, T, "the kept shell's OPEN swallowed");
                SilentDevice.Stopped stopped = SilentDevice.sigint(p, err); // exit 130
                long ms = stopped.ms();
                String errText = stopped.err();
                // the loop ends within a second; the rest is writing the files and the JVM's exit on a loaded machine
                // ~10 s when broken; 5 s leaves room for a loaded machine (JVM exit included)
                assertTrue(ms < 5_000, "ended " + ms + " ms after SIGINT: " + errText);
                System.out.println("capture, kept shell's start unanswered: exit " + ms + " ms after SIGINT");
                assertTrue(errText.strip().endsWith("fpsctl: stopped by SIGINT: the summary and files hold what was "
                        + "captured until then"), errText);
                JsonNode json = summaryUnder(out);
                assertTrue(json.get("partial").asBoolean(), json.toString());
                assertTrue(json.get("partialReason").asText().contains("stopped by SIGINT"), json.toString());
            } finally {
                p.destroyForcibly();
            }
        }
    }
}
