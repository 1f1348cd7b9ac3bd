package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.TestAdb;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code exporter --foreground}: the app in front of each device is measured, and followed when it changes. */
@Tag("adb")
@Tag("e2e")
class ExporterForegroundTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void measuresTheAppInFrontOfEachDevice(@TempDir Path home) throws Exception {
        assumeTrue(AdbFarm.available(), "adb is not on PATH (apt-get install adb): skipping");
        try (AdbFarm farm = new AdbFarm(home, 1);
             Simulator front = sim("org.example.maps", 1);
             Simulator back = sim("org.example.mail", 2)) {
            back.android().stopApp(); // the launcher is in front of the second device
            farm.connect(0, front.serial());
            farm.connect(0, back.serial());
            int port = TestAdb.freePort();
            StringWriter err = new StringWriter();
            AtomicInteger exit = new AtomicInteger(-1);
            Thread exporter = new Thread(() -> exit.set(Main.run(new String[] {"exporter", "--foreground",
                "--adb-server", farm.address(0), "--listen", "127.0.0.1:" + port, "--duration", "25s"},
                    new PrintWriter(new StringWriter(), true), new PrintWriter(err, true))));
            exporter.start();
            String maps = "device=\"" + front.serial() + "\"";
            String mail = "device=\"" + back.serial() + "\"";
            assertTrue(waitFor(() -> frames(port, maps, "org.example.maps") > 0), err::toString);
            assertEquals(0, frames(port, mail, "org.example.mail"), "the mail app is not in front yet");
            back.android().startApp();
            assertTrue(waitFor(() -> frames(port, mail, "org.example.mail") > 0), err::toString);
            front.android().stopApp();
            assertTrue(waitFor(() -> err.toString().contains(front.serial()
                    + ": foreground app is now com.android.launcher3 (was org.example.maps)")), err::toString);
            double stoppedAt = frames(port, maps, "org.example.maps");
            assertTrue(stoppedAt > 0, "the series of the app that left stays until the TTL");
            assertFalse(scrape(port).contains("package=\"com.android.launcher3\""), "the launcher has no frames");
            exporter.join(40_000);
            assertEquals(0, exit.get(), err.toString());
        }
    }

    private static Simulator sim(String pkg, long seed) throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName("smooth"),
                new SimOptions(AndroidVersion.of(14), 60, seed, pkg), 0, null, false, null, 0));
    }

    private static String scrape(int port) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()).body();
        } catch (Exception e) {
            return "";
        }
    }

    private static double frames(int port, String device, String pkg) {
        return scrape(port).lines().filter(l -> l.startsWith("fpsctl_frames_total{") && l.contains(device)
                && l.contains("package=\"" + pkg + "\""))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    private static boolean waitFor(BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + 15_000_000_000L;
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(200);
        }
        return condition.getAsBoolean();
    }
}
