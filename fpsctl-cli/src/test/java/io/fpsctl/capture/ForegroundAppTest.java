package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fpsctl.device.DadbDevice;
import io.fpsctl.device.Device;
import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.TestAdb;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("e2e")
class ForegroundAppTest {

    @Test
    void followsTheSimulatedAppOnEveryVersion(@TempDir Path keys) throws Exception {
        var pair = TestAdb.throwawayKeys(keys);
        for (int v = 6; v <= 16; v++) {
            try (Simulator sim = Simulator.start(new Simulator.Config(Scenarios.byName("smooth"),
                    new SimOptions(AndroidVersion.of(v), 60, 1, "com.example.feed"), 0, null, false, null, 0));
                 Device d = DadbDevice.direct("127.0.0.1", sim.port(), pair)) {
                assertEquals(Optional.of("com.example.feed"), ForegroundApp.read(d), "Android " + v);
                sim.android().stopApp();
                assertEquals(Optional.of("com.android.launcher3"), ForegroundApp.read(d), "Android " + v);
            }
        }
    }
}
