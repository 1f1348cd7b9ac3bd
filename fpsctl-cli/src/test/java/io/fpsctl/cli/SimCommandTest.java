package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fpsctl sim}: it prints how to connect, writes the truth, sends its transport diagnostics through the
 * command's standard error, refuses bad options, and reboots its device on the same port as a new boot. Every case
 * but the usage errors runs a simulator for a fixed time in real time ({@code --run-for}, a reboot that keeps the
 * device away for {@code SimCommand.REBOOT_OFFLINE}): the class mostly waits, so it runs in the {@code e2e} set
 * (E2eTagsTest's pattern does not see {@code Cli.run("sim", …)}, so the tag is written here by hand).
 */
@Tag("e2e")
class SimCommandTest {

    @Test
    void runsPrintsHowToConnectAndWritesTheTruth(@TempDir Path dir) throws Exception {
        Path truth = dir.resolve("t.txt");
        Cli r = Cli.run("sim", "--port", "0", "--scenario", "jank", "--refresh", "120", "--android", "14", "--seed",
                "7", "--truth", truth.toString(), "--run-for", "1500ms");
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.out.contains("adb connect 127.0.0.1:"), r.out);
        assertTrue(r.out.contains("Ctrl-C"), r.out);
        Cli analyzed = Cli.run("analyze", truth.toString(), "--format", "json");
        assertEquals(0, analyzed.exit, analyzed.toString());
        assertTrue(analyzed.out.contains("\"package\" : \"com.example.feed\""), analyzed.out);
        assertTrue(Files.readString(truth).contains("---PROFILEDATA---"));
    }

    /**
     * The simulator's transport diagnostics (they quote what an adb client sent) go to the command's standard error,
     * which applies the terminal rule, not straight to the JVM's: a client sending garbage is reported there.
     */
    @Test
    void transportDiagnosticsGoThroughTheCommandsStandardError() throws Exception {
        int port = io.fpsctl.testing.TestAdb.freePort();
        java.util.concurrent.atomic.AtomicReference<Cli> result = new java.util.concurrent.atomic.AtomicReference<>();
        Thread sim = new Thread(() -> result.set(Cli.run("sim", "--port", Integer.toString(port), "--run-for", "3s")));
        sim.start();
        io.fpsctl.testing.PollUntil.condition(() -> {
            try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
                // a header whose magic is not the command's complement (adb.h amessage.magic): the device drops us
                s.getOutputStream().write("CNXN\u001b[2J\u0007xxxxxxxxxxxxxxxx".getBytes(
                        java.nio.charset.StandardCharsets.ISO_8859_1));
                s.getOutputStream().flush();
                return s.getInputStream().read() == -1;
            } catch (java.io.IOException e) {
                return false; // not listening yet
            }
        }, java.time.Duration.ofSeconds(20), "the simulator listening");
        sim.join(30_000);
        Cli r = result.get();
        assertEquals(0, r.exit, r.toString());
        assertTrue(r.err.contains("adb-sim: dropping connection from"), r.toString());
        assertTrue(r.err.chars().noneMatch(c -> c < 0x20 && c != '\n' && c != '\t'), r.err);
    }

    @Test
    void badOptionsAreUsageErrors() {
        Cli v = Cli.run("sim", "--android", "5", "--run-for", "1s");
        assertEquals(2, v.exit);
        assertTrue(v.err.contains("--android must be between 6 and 16"), v.err);
        Cli s = Cli.run("sim", "--scenario", "nope", "--run-for", "1s");
        assertEquals(2, s.exit);
        assertTrue(s.err.contains("unknown scenario 'nope'"), s.err);
        Cli hz = Cli.run("sim", "--refresh", "75", "--run-for", "1s");
        assertEquals(2, hz.exit);
    }

    @Test
    void rebootAfterBringsTheDeviceBackOnItsPortAsANewBoot() throws Exception {
        int port = io.fpsctl.testing.TestAdb.freePort();
        Thread sim = new Thread(() -> Cli.run("sim", "--port", Integer.toString(port), "--scenario", "smooth",
                "--reboot-after", "1s", "--run-for", "15s"));
        sim.start();
        java.util.function.Supplier<io.fpsctl.capture.DeviceBoot.Reading> read = () -> {
            try (io.fpsctl.device.DadbDevice d = io.fpsctl.device.DadbDevice.direct("127.0.0.1", port)) {
                return io.fpsctl.capture.DeviceBoot.read(d, io.fpsctl.capture.HostClock.SYSTEM);
            }
        };
        io.fpsctl.capture.DeviceBoot.Reading before = io.fpsctl.testing.PollUntil.value(read::get,
                r -> r.bootId() != null, java.time.Duration.ofSeconds(30), "the first boot");
        io.fpsctl.capture.DeviceBoot.Reading after = io.fpsctl.testing.PollUntil.value(read::get,
                r -> r.bootId() != null && !r.bootId().equals(before.bootId()), java.time.Duration.ofSeconds(30),
                "a new boot on the same port");
        // a new boot: its clock started again (the simulator's boots start at 3600 s), so it advanced less than
        // the host's over the 5 s it was away
        assertTrue(io.fpsctl.capture.DeviceBoot.restarted(before, after));
        assertTrue(after.uptimeNs() - before.uptimeNs() < after.hostNs() - before.hostNs() - 4_000_000_000L,
                before + " then " + after);
        sim.join(30_000);
        Cli both = Cli.run("sim", "--reboot-after", "1s", "--truth", "t.txt", "--run-for", "1s");
        assertEquals(2, both.exit, both.toString());
    }
}
