package io.fpsctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.sim.Simulator;
import io.fpsctl.sim.device.AndroidVersion;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.scenario.Scenarios;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --source agent} per Android level and targetSdk against the simulator's agent, which reports what the
 * real agent can there: the restart and relaunch, the one-line warning for a refused capability, Android 7's
 * frames dated by the Choreographer frame time, and the agent detaching when fpsctl stops.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
@Tag("e2e")
class AgentLifecycleTest {
    private static final String PKG = "com.example.feed";

    private static Simulator sim(int android, String scenario) throws Exception {
        return Simulator.start(new Simulator.Config(Scenarios.byName(scenario),
                new SimOptions(AndroidVersion.of(android), 60, 5, PKG), 0, null, false, null, 0));
    }

    private static String summary(Path dir) throws Exception {
        try (var w = Files.walk(dir)) {
            return Files.readString(w.filter(p -> p.getFileName().toString().equals("summary.json")).findFirst()
                    .orElseThrow());
        }
    }

    @Test
    void android14AppTargeting34GetsQueueHookStagesThroughNoHiddenApiChecksThenDetaches(@TempDir Path dir)
            throws Exception {
        try (Simulator s = sim(14, "freeze")) {
            Cli r = Cli.run("capture", PKG, "--connect", s.serial(), "--source", "agent", "--duration", "4s",
                    "--out", dir.toString());
            assertEquals(0, r.exit, r.toString());
            String all = r.out + r.err;
            assertTrue(all.contains("Android restarted " + PKG + " to attach the agent"), all);
            assertTrue(all.contains(", the screen you were on (app state was reset)"), all); // from dumpsys activity
            String json = summary(dir);
            assertTrue(json.contains("\"choreographerMs\" : {"), json);
            assertTrue(json.matches("(?s).*\"scrollFps\" : \\d+\\.\\d.*"), json);
            assertTrue(json.contains("\"slowMessages\" : ["), json);
            // fpsctl ran `am instrument --no-hidden-api-checks` (API 28+): mLock (maxTargetSdk 28) is not refused
            assertFalse(json.contains("choreographer-queues"), json);
            assertTrue(s.android().isRunning(), "the app keeps running after fpsctl stops");
            assertFalse(s.android().agentAttached(), "the agent detached");
        }
    }

    @Test
    void anAppTargeting28KeepsTheQueueHooksOnAndroid14(@TempDir Path dir) throws Exception {
        try (Simulator s = sim(14, "smooth")) {
            s.android().setAppTargetSdk(28);
            s.android().stopApp(); // not running: nothing to go back to, so the launcher activity
            Cli r = Cli.run("capture", PKG, "--connect", s.serial(), "--source", "agent", "--duration", "2s",
                    "--out", dir.toString());
            assertEquals(0, r.exit, r.toString());
            assertFalse((r.out + r.err + summary(dir)).contains("choreographer-queues"), r.toString());
            assertTrue(r.err.contains("fpsctl relaunched its launcher activity"), r.err);
        }
    }

    @Test
    void android7FramesAreDatedByTheirOwnFrameInfoVsync(@TempDir Path dir) throws Exception {
        try (Simulator s = sim(7, "smooth")) {
            Cli r = Cli.run("capture", PKG, "--connect", s.serial(), "--source", "agent", "--duration", "3s",
                    "--out", dir.toString());
            assertEquals(0, r.exit, r.toString());
            String json = summary(dir);
            // smooth at 60 Hz for ~2.5 s of frames after the relaunch: well over 60 frames, none without a time
            assertTrue(json.matches("(?s).*\"frames\" : (\\d{3,}|[6-9]\\d).*"), json);
            assertTrue(json.contains("\"choreographerMs\" : {"), json);
            assertFalse(json.contains("malformed"), json);
        }
    }
}
