package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** {@code watch} without a package follows the app in front when it changes. */
class WatchForegroundTest {

    @Test
    void followsASwitchOfTheForegroundApp() throws Exception {
        try (Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName("smooth"),
                new SimOptions(AndroidVersion.of(14), 60, 3, "com.example.feed"), 0, null, false, null, 0))) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            AtomicInteger exit = new AtomicInteger(-1);
            Thread watch = new Thread(() -> exit.set(Main.run(new String[] {"watch", "--connect",
                "127.0.0.1:" + sim.port(), "--plain", "--duration", "14s"}, new PrintWriter(out, true),
                    new PrintWriter(err, true))));
            watch.start();
            assertTrue(waitFor(() -> err.toString().contains("fpsctl: watching com.example.feed")), err::toString);
            sim.android().stopApp(); // the launcher comes to the front
            assertTrue(waitFor(() -> err.toString().contains(
                    "foreground app is now com.android.launcher3 (was com.example.feed)")), err::toString);
            assertTrue(waitFor(() -> err.toString().contains("cannot measure com.android.launcher3")), err::toString);
            sim.android().startApp(); // and the app again
            assertTrue(waitFor(() -> err.toString().contains(
                    "foreground app is now com.example.feed (was com.android.launcher3)")), err::toString);
            assertTrue(waitFor(() -> err.toString().split("fpsctl: watching com.example.feed", -1).length == 3),
                    err::toString);
            watch.join(30_000);
            assertEquals(0, exit.get(), err.toString());
            assertTrue(out.toString().contains("window="), out.toString());
        }
    }

    private static boolean waitFor(BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(50);
        }
        return condition.getAsBoolean();
    }
}
