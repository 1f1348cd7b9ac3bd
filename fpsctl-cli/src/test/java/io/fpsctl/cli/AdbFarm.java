package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.sim.adb.AdbCli;
import io.fpsctl.testing.PollUntil;
import io.fpsctl.testing.TestAdb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Test fixture: real adb servers on private ports (each with its own HOME), killed by {@link #close()}. Skips
 * the test when adb is not installed.
 */
final class AdbFarm implements AutoCloseable {
    private static final Duration T = Duration.ofSeconds(30);
    private final List<AdbCli> servers = new ArrayList<>();

    /** Starts {@code n} adb servers; the caller must check {@link #available()} first. */
    AdbFarm(Path home, int n) throws Exception {
        Path adb = AdbCli.findOnPath().orElseThrow();
        for (int i = 0; i < n; i++) {
            Path h = Files.createDirectories(home.resolve("adb-home-" + i));
            AdbCli cli = new AdbCli(adb, TestAdb.freePort(), h);
            servers.add(cli);
            AdbCli.Result r = cli.run(T, "start-server");
            assertEquals(0, r.exitCode(), r.toString());
        }
    }

    static boolean available() {
        Optional<Path> adb = AdbCli.findOnPath();
        return adb.isPresent();
    }

    int port(int server) {
        return servers.get(server).serverPort();
    }

    /** {@code adb -P <port of server> connect serial}, then waits until the server has it online. */
    void connect(int server, String serial) throws Exception {
        AdbCli cli = servers.get(server);
        AdbCli.Result r = cli.run(T, "connect", serial);
        assertTrue(r.stdout().contains("connected"), r.toString());
        PollUntil.value(() -> cli.run(T, "-s", serial, "get-state").stdout().strip(), "device"::equals, T,
                serial + " online at the adb server on port " + cli.serverPort());
    }

    /** {@code adb -P <port of server> args…}, as a user would type it. */
    AdbCli.Result run(int server, String... args) throws Exception {
        return servers.get(server).run(T, args);
    }

    /** "127.0.0.1:PORT" of a server, for --adb-server. */
    String address(int server) {
        return "127.0.0.1:" + port(server);
    }

    @Override
    public void close() throws Exception {
        for (AdbCli cli : servers) {
            cli.run(T, "kill-server");
        }
    }
}
