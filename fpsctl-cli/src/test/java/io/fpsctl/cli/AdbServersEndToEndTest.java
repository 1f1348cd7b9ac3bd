package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Several adb servers (a device farm): devices listed per server, colliding serials, a broken server. */
@Tag("adb")
@Tag("e2e")
class AdbServersEndToEndTest {
    private static final String PKG = "com.example.feed";

    private static Simulator sim(long seed) throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName("smooth"),
                new SimOptions(AndroidVersion.of(14), 60, seed, PKG), 0, null, false, null, 0));
    }

    @Test
    void devicesAndCaptureSpanServersAndNameCollidingSerialsByServer(@TempDir Path home) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        try (AdbFarm farm = new AdbFarm(home, 2); Simulator shared = sim(1); Simulator onlyB = sim(2);
             ServerSocket broken = new ServerSocket(0)) {
            farm.connect(0, shared.serial());
            farm.connect(1, shared.serial());
            farm.connect(1, onlyB.serial());
            String a = farm.address(0);
            String b = farm.address(1);
            // something that accepts and hangs up: not an adb server, must not stop the others
            Thread acceptor = new Thread(() -> {
                while (!broken.isClosed()) {
                    try (Socket s = broken.accept()) {
                        s.close();
                    } catch (Exception e) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            String bad = "127.0.0.1:" + broken.getLocalPort();

            Cli devices = Cli.run("devices", "--adb-server", a, "--adb-server", b, "--adb-server", bad);
            assertEquals(0, devices.exit, devices.toString());
            assertTrue(devices.out.lines().anyMatch(l -> l.startsWith(a) && l.contains(shared.serial())), devices.out);
            assertTrue(devices.out.lines().anyMatch(l -> l.startsWith(b) && l.contains(shared.serial())), devices.out);
            assertTrue(devices.out.lines().anyMatch(l -> l.startsWith(b) && l.contains(onlyB.serial())), devices.out);
            assertTrue(devices.err.contains("adb server " + bad), devices.err);

            // the shared serial is ambiguous without its server
            Cli ambiguous = Cli.run("capture", PKG, "--adb-server", a, "--adb-server", b, "-s", shared.serial(),
                    "--duration", "1s", "--out", home.resolve("x").toString());
            assertEquals(3, ambiguous.exit, ambiguous.toString());
            assertTrue(ambiguous.err.contains("use -s HOST:PORT/" + shared.serial()), ambiguous.err);

            Path out = home.resolve("out");
            Cli all = Cli.run("capture", PKG, "--all-devices", "--adb-server", a, "--adb-server", b,
                    "--adb-server", bad, "--duration", "2s", "--out", out.toString());
            assertEquals(0, all.exit, all.toString());
            assertTrue(Files.exists(out.resolve(CaptureCommand.safe(a + "/" + shared.serial())).resolve(PKG)
                    .resolve("summary.json")), all.toString());
            assertTrue(Files.exists(out.resolve(CaptureCommand.safe(b + "/" + shared.serial())).resolve(PKG)
                    .resolve("summary.json")), all.toString());
            assertTrue(Files.exists(out.resolve(CaptureCommand.safe(onlyB.serial())).resolve(PKG)
                    .resolve("summary.json")), all.toString());
            assertFalse(all.out.contains(bad), all.out);

            Cli one = Cli.run("capture", PKG, "--adb-server", a, "--adb-server", b, "-s", b + "/" + shared.serial(),
                    "--duration", "1s", "--out", home.resolve("one").toString());
            assertEquals(0, one.exit, one.toString());

            Cli usage = Cli.run("devices", "--adb-server", "nohost:port");
            assertEquals(2, usage.exit, usage.toString());

            // one --adb-server is the server to use (not -H/-P's default 127.0.0.1:5037, where none runs here)
            Cli single = Cli.run("capture", PKG, "--adb-server", b, "-s", onlyB.serial(), "--duration", "1s",
                    "--out", home.resolve("single").toString());
            assertEquals(0, single.exit, single.toString());
            Cli singleAll = Cli.run("capture", PKG, "--adb-server", b, "--all-devices", "--duration", "1s",
                    "--out", home.resolve("single-all").toString());
            assertEquals(0, singleAll.exit, singleAll.toString());
            assertTrue(Files.exists(home.resolve("single-all").resolve(CaptureCommand.safe(onlyB.serial()))
                    .resolve(PKG).resolve("summary.json")), singleAll.toString());
        }
    }
}
