package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.sim.Simulator;
import io.fpsctl.testing.PollUntil;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@code watch} without a package follows the app in front when it changes. */
@Tag("e2e")
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
            await(err, () -> err.toString().contains("fpsctl: watching com.example.feed"));
            sim.android().stopApp(); // the launcher comes to the front
            await(err, () -> err.toString().contains(
                    "foreground app is now com.android.launcher3 (was com.example.feed)"));
            await(err, () -> err.toString().contains("cannot measure com.android.launcher3"));
            sim.android().startApp(); // and the app again
            await(err, () -> err.toString().contains(
                    "foreground app is now com.example.feed (was com.android.launcher3)"));
            await(err, () -> err.toString().split("fpsctl: watching com.example.feed", -1).length == 3);
            watch.join(30_000);
            assertEquals(0, exit.get(), err.toString());
            assertTrue(out.toString().contains("window="), out.toString());
        }
    }

    /** Polls until {@code condition} holds; a timeout shows what watch printed to standard error. */
    private static void await(StringWriter err, BooleanSupplier condition) {
        PollUntil.value(err::toString, printed -> condition.getAsBoolean(), Duration.ofSeconds(10), "watch's messages");
    }
}
