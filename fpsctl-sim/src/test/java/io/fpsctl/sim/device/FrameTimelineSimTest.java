package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.FrameColumn;
import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;
import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The simulated {@code --frametimeline} against the simulator's own truth (no fpsctl parser involved). */
class FrameTimelineSimTest {

    private static final Pattern TOKEN = Pattern.compile("(?m)^    Token: (\\d+)$");

    private record Truth(long token, String layerKey, String presentState, String jank, boolean buffer,
                         String prediction) {
    }

    private static final class Device implements FrameObserver {
        final ManualTimeSource time = new ManualTimeSource();
        final SimulatedAndroid sim;
        final Set<Long> vsyncIds = new HashSet<>();
        final List<Truth> truth = new ArrayList<>();

        Device(String scenario, int android, Integer hz) {
            sim = SimulatedAndroid.create(Scenarios.byName(scenario),
                    SimOptions.defaults().withAndroid(android).withRefreshHz(hz).withSeed(11), time, this);
        }

        @Override
        public void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
            vsyncIds.add(frame.get(FrameColumn.FRAME_TIMELINE_VSYNC_ID));
        }

        @Override
        public void layerFrame(String layerKey, long periodNs, LayerFrame frame) {
        }

        @Override
        public void surfaceFrame(SurfaceFrameTruth t) {
            truth.add(new Truth(t.token(), t.layerKey(), t.presentState(), t.jankType(), t.buffer(),
                    t.predictionState()));
        }

        String sh(String cmd) throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            sim.run(cmd, out, new ByteArrayOutputStream());
            return out.toString(StandardCharsets.UTF_8);
        }
    }

    private static List<Long> tokens(String dump) {
        List<Long> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(dump);
        while (m.find()) {
            out.add(Long.parseLong(m.group(1)));
        }
        return out;
    }

    @Test
    void systemJankOnAndroid14() throws IOException {
        Device d = new Device("system-jank", 14, 60);
        Set<Long> polled = new HashSet<>();
        String all = "";
        for (int i = 0; i < 50; i++) {
            d.time.advanceMillis(200);
            all = d.sh("dumpsys SurfaceFlinger --frametimeline -all");
            assertTrue(all.startsWith("Number of display frames : "));
            int n = Integer.parseInt(all.substring(27, all.indexOf('\n')).strip());
            assertTrue(n <= 64, "ring holds at most 64 display frames: " + n);
            polled.addAll(tokens(all));
        }
        // every SurfaceFrame token is the FrameTimelineVsyncId of a hwui frame of the same run
        assertTrue(d.vsyncIds.containsAll(polled));
        // polled every 200 ms (12 frames at 60 Hz): nothing the truth has was missed; the truth holds SurfaceFrames
        // once final, and the ring's newest display frame (the last dump's last SurfaceFrame) never is yet
        Set<Long> truthTokens = new HashSet<>();
        d.truth.stream().filter(t -> t.token() >= 0).forEach(t -> truthTokens.add(t.token()));
        List<Long> last = tokens(all);
        Set<Long> notFinal = new HashSet<>(polled);
        notFinal.removeAll(truthTokens);
        assertEquals(Set.of(last.get(last.size() - 1)), notFinal);
        assertTrue(polled.containsAll(truthTokens));
        String newest = all.substring(all.lastIndexOf("Display Frame "));
        assertTrue(newest.lines().anyMatch(l -> l.startsWith("Actual  \t|") && l.endsWith("\tN/A")),
                "the newest display frame's actual present is N/A: " + newest);
        assertTrue(d.truth.size() > 500);

        Set<String> seen = new HashSet<>();
        for (Truth t : d.truth) {
            seen.addAll(List.of(t.jank().split(", ")));
        }
        for (String s : List.of("SurfaceFlinger deadline missed (while in HWC)",
                "SurfaceFlinger deadline missed (while in GPU comp)", "Display HAL", "Prediction Error",
                "SurfaceFlinger Scheduling", "Buffer Stuffing")) {
            assertTrue(seen.contains(s), s + " in " + seen);
        }
        long app = d.truth.stream().filter(t -> t.jank().contains("App Deadline Missed")).count();
        assertTrue(app <= 1, "only the first frame after the window appears may be late: " + app);
        // the simulated 14 is QPR2+ (android-14.0.0_r29): a dropped buffer prints Dropped Frame
        assertTrue(d.truth.stream().anyMatch(t -> t.presentState().equals("Dropped") && t.jank().equals("Dropped Frame")));
        // no bufferless SurfaceFrame without a vsync id: SurfaceFlinger::setClientStateLocked makes one only when
        // the vsync id is valid (frameworks/native SurfaceFlinger.cpp, android-12.0.0_r1 … 16.0.0_r2)
        assertTrue(d.truth.stream().noneMatch(t -> t.token() == -1 && !t.buffer()));
    }

    @Test
    void ringOverflowsWhenPolledTooRarely() throws IOException {
        Device d = new Device("smooth", 13, 120);
        d.time.advanceMillis(3_000);
        String all = d.sh("dumpsys SurfaceFlinger --frametimeline -all");
        assertTrue(all.startsWith("Number of display frames : 64\n"));
        assertEquals(64, tokens(all).size());
        assertTrue(d.truth.size() > 300);
    }

    @Test
    void jankScenarioIsAppDeadlineMissedAndFifteenPrintsDroppedFrame() throws IOException {
        Device d = new Device("jank", 15, 60);
        d.time.advanceMillis(20_000);
        d.sim.advance();
        assertTrue(d.truth.stream().anyMatch(t -> t.jank().startsWith("App Deadline Missed")));
        Device s = new Device("system-jank", 15, 60);
        s.time.advanceMillis(5_000);
        s.sim.advance();
        assertTrue(s.truth.stream().anyMatch(t -> t.presentState().equals("Dropped") && t.jank().equals("Dropped Frame")));
        assertTrue(s.truth.stream().anyMatch(t -> t.jank().contains("SurfaceFlinger deadline missed (while in HWC)")));
        Device twelve = new Device("system-jank", 12, 60);
        twelve.time.advanceMillis(5_000);
        twelve.sim.advance();
        assertTrue(twelve.truth.stream().anyMatch(t -> t.jank().contains("SurfaceFlinger CPU Deadline Missed")));
        assertFalse(twelve.truth.stream().anyMatch(t -> t.jank().contains("while in")));
    }

    @Test
    void gameLayerGetsSurfaceFrames() throws IOException {
        Device d = new Device("game", 14, 60);
        d.time.advanceMillis(10_000);
        String all = d.sh("dumpsys SurfaceFlinger --frametimeline -all");
        // a BLAST layer's SurfaceFrames are named "TX - " + its name (Layer.h mTransactionName)
        assertTrue(all.contains("    Layer - TX - " + d.sim.surfaceViewLayerName()));
        assertTrue(d.truth.stream().filter(t -> t.layerKey().equals("surfaceview")).count() > 300);
    }

    @Test
    void android11HasNoFrameTimeline() throws IOException {
        Device d = new Device("jank", 11, 60);
        d.time.advanceMillis(2_000);
        String out = d.sh("dumpsys SurfaceFlinger --frametimeline -all");
        assertFalse(out.contains("Display Frame"));
        assertTrue(d.truth.isEmpty());
    }
}
