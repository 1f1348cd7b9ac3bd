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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ForegroundAppTest {

    @Test
    void readsTheFocusLinesAsPrinted() {
        // Android 14 'dumpsys window displays' (DisplayContent.dump)
        assertEquals(Optional.of("com.example.feed"), ForegroundApp.fromWindowDump(
                "  mCurrentFocus=Window{4b1a2f u0 com.example.feed/com.example.feed.MainActivity}\n"
                        + "  mFocusedApp=ActivityRecord{9c3e21 u0 com.example.feed/.MainActivity t12}\n"));
        // a transition: no focused window, the focused app still names it
        assertEquals(Optional.of("org.wiki"), ForegroundApp.fromWindowDump(
                "  mCurrentFocus=null\n  mFocusedApp=AppWindowToken{1f token=Token{2e ActivityRecord{3d u0 "
                        + "org.wiki/.Main t4}}}\n"));
        assertEquals(Optional.empty(), ForegroundApp.fromWindowDump("  mCurrentFocus=null\n"));
        // dumpsys activity activities: 13+, 8-12, 6-7
        assertEquals(Optional.of("a.b"), ForegroundApp.fromActivityDump(
                "      topResumedActivity=ActivityRecord{1 u0 a.b/.X t3}\n"));
        assertEquals(Optional.of("c.d"), ForegroundApp.fromActivityDump(
                "  ResumedActivity: ActivityRecord{2 u0 c.d/.Y t5}\n"));
        assertEquals(Optional.of("e.f"), ForegroundApp.fromActivityDump(
                "  mFocusedActivity: ActivityRecord{3 u0 e.f/.Z t7}\n"));
    }

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
