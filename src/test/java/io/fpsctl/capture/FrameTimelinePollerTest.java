package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertFalse;
import io.fpsctl.engine.FrameTimelineVerdict;
import io.fpsctl.testing.ShellOnlyDevice;
import java.util.Set;
import io.fpsctl.device.Device;
import io.fpsctl.device.ShellResult;
import io.fpsctl.engine.FrameTimelineAttribution;
import io.fpsctl.engine.FrameTimelineSummary;
import io.fpsctl.sim.device.FrameObserver;
import io.fpsctl.sim.device.SimOptions;
import io.fpsctl.sim.device.SimulatedAndroid;
import io.fpsctl.sim.device.frames.FrameColumn;
import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;
import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The FrameTimeline poller against the simulator on its manual clock (no sleeps, no real time). */
class FrameTimelinePollerTest {

    /** The simulator as a {@link Device}, in-process; records the simulator's truth. */
    private static final class SimDevice extends ShellOnlyDevice implements FrameObserver {
        final ManualTimeSource time = new ManualTimeSource();
        final SimulatedAndroid sim;
        final List<HwuiFrame> frames = new ArrayList<>();
        /** token → what the simulated SurfaceFlinger printed for the app's buffer SurfaceFrame. */
        final Map<Long, io.fpsctl.sim.device.SurfaceFrameTruth> truth = new HashMap<>();
        /** Every SurfaceFrame of the game's layer the simulated SurfaceFlinger retained. */
        final List<io.fpsctl.sim.device.SurfaceFrameTruth> game = new ArrayList<>();

        SimDevice(String scenario, int android, int hz) {
            sim = SimulatedAndroid.create(Scenarios.byName(scenario),
                    SimOptions.defaults().withAndroid(android).withRefreshHz(hz).withSeed(21), time, this);
        }

        @Override
        public void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
            frames.add(frame);
        }

        @Override
        public void layerFrame(String layerKey, long periodNs, LayerFrame frame) {
        }

        @Override
        public void surfaceFrame(io.fpsctl.sim.device.SurfaceFrameTruth t) {
            if (t.buffer() && t.layerKey().equals("app") && t.token() >= 0) {
                truth.put(t.token(), t);
            }
            if (t.layerKey().equals("surfaceview")) {
                game.add(t);
            }
        }

        @Override
        public String serial() {
            return "sim";
        }

        @Override
        public ShellResult shell(String command, Duration timeout) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            try {
                int exit = sim.run(command, out, err);
                return new ShellResult(out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), exit);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        long period() {
            return sim.clock().periodAt(time.nanoTime());
        }
    }

    /** 32 periods (half the 64-display-frame ring), by hand: 533.33 (capped at 500), 266.67 and 222.22 ms. */
    @ParameterizedTest
    @CsvSource({"60,500", "120,266", "144,222"})
    void pollsHalfTheRingAndCoversEveryFrame(int hz, long expectedMs) {
        SimDevice d = new SimDevice("system-jank", 14, hz);
        FrameTimelineAttribution a = new FrameTimelineAttribution();
        List<String> notes = new ArrayList<>();
        FrameTimelinePoller p = new FrameTimelinePoller(d, a, d::period, notes::add);
        Duration delay = p.pollOnce().nextDelay();
        assertEquals(expectedMs, delay.toMillis());
        for (int i = 0; i < 40; i++) {
            d.time.advanceNanos(delay.toNanos());
            FrameTimelinePoller.Poll poll = p.pollOnce();
            delay = poll.nextDelay();
            // half the ring (or more, at 60 Hz) was in the previous dump too: skipped, not read again
            if (i > 0) { // (the poll at 0 found the ring empty; i = 0 was the first to read display frames)
                // the ring keeps 64 display frames and the poll came 32 periods later (60 Hz: 30): the 32 (34) still
                // there were in the previous dump and are skipped, but for its newest, which was not final then and
                // is read again (31, 33), and a few fewer where a vsync had no frame
                assertTrue(poll.skippedDisplayFrames() >= 27, "skipped " + poll.skippedDisplayFrames());
            }
        }
        assertEquals(0, p.overflows());
        assertTrue(notes.isEmpty());
        // every SurfaceFrame the simulated SurfaceFlinger retained was read once
        assertEquals(d.truth.size(), p.surfaceFrames());
        assertEquals(d.truth.size(), a.surfaceFrames());
        assertTrue(d.truth.size() >= 40 * 30 * hz / 60 * delay.toMillis() / 533,
                "frames covered: " + d.truth.size());
    }

    @Test
    void tooRarePollsAreOverflowsAndSpeedUp() {
        SimDevice d = new SimDevice("smooth", 14, 120);
        FrameTimelineAttribution a = new FrameTimelineAttribution();
        List<String> notes = new ArrayList<>();
        FrameTimelinePoller p = new FrameTimelinePoller(d, a, d::period, notes::add);
        d.time.advanceMillis(1_000);
        p.pollOnce();
        d.time.advanceMillis(2_000);
        FrameTimelinePoller.Poll second = p.pollOnce();
        assertTrue(second.overflow());
        assertEquals(1, p.overflows());
        assertEquals(1, notes.size());
        assertEquals(133, second.nextDelay().toMillis()); // 266.67 ms halved
    }

    /** Attribution through the poller equals the truth, computed here from the simulator's own records. */
    @Test
    void attributionEqualsTruth() {
        SimDevice d = new SimDevice("system-jank", 14, 60);
        FrameTimelineAttribution a = new FrameTimelineAttribution();
        io.fpsctl.engine.AppPid pid = new io.fpsctl.engine.AppPid(d.sim.pid().getAsInt());
        FrameTimelinePoller p = new FrameTimelinePoller(d, a, d::period, s -> { });
        String window = d.sim.windowLayerName(0);
        window = window.substring(0, window.lastIndexOf('#'));
        int fed = 0;
        for (int i = 0; i < 30; i++) {
            d.time.advanceMillis(250);
            p.pollOnce();
            for (; fed < d.frames.size(); fed++) {
                a.renderedFrame(d.frames.get(fed).get(FrameColumn.FRAME_TIMELINE_VSYNC_ID), pid, window, fed);
            }
        }
        d.time.advanceMillis(250);
        p.pollOnce();
        for (; fed < d.frames.size(); fed++) { // frames the last poll's advance completed
            a.renderedFrame(d.frames.get(fed).get(FrameColumn.FRAME_TIMELINE_VSYNC_ID), pid, window, fed);
        }
        a.finish();
        long app = 0;
        long system = 0;
        long joined = 0;
        long dropped = 0;
        for (HwuiFrame f : d.frames) {
            io.fpsctl.sim.device.SurfaceFrameTruth t = d.truth.get(f.get(FrameColumn.FRAME_TIMELINE_VSYNC_ID));
            if (t == null) {
                continue;
            }
            joined++;
            // docs/metrics.md 10 rev 4 (Perfetto's jank tag), applied to the printed strings by hand
            switch (io.fpsctl.testing.JankTagByHand.ofPrinted(t.presentState(), t.jankType())) {
                case "dropped" -> dropped++;
                case "app" -> app++;
                case "system" -> system++;
                default -> { }
            }
        }
        FrameTimelineSummary s = a.summary();
        assertEquals(joined, s.frames());
        assertEquals(d.frames.size() - joined, s.unattributed());
        assertEquals(app, s.appJank());
        assertEquals(system, s.systemJank());
        assertEquals(dropped, s.droppedBuffers());
        assertTrue(system > 10 && dropped > 3, "system jank frames: " + system + ", dropped buffers " + dropped);
    }

    /**
     * A dump that shows no display frame (refused, or the display off) for {@value FrameTimelinePoller#GIVE_UP_POLLS}
     * polls: frames stop waiting for SurfaceFrames, the poller slows down, and when display frames come back
     * frames wait for theirs again.
     */
    @Test
    void aDumpWithoutDisplayFramesStopsFramesWaitingUntilItShowsSomeAgain() {
        SimDevice sim = new SimDevice("smooth", 14, 60);
        boolean[] refuse = {true};
        Device d = new ShellOnlyDevice() {
            @Override
            public ShellResult shell(String command, Duration timeout) {
                return refuse[0] ? new ShellResult("", "", 0) : sim.shell(command, timeout);
            }
        };
        Map<Object, FrameTimelineVerdict> settled = new HashMap<>();
        FrameTimelineAttribution a = new FrameTimelineAttribution(settled::put);
        List<String> notes = new ArrayList<>();
        FrameTimelinePoller p = new FrameTimelinePoller(d, a, sim::period, notes::add);
        a.renderedFrame(1_000_000, null, "w", "early");
        for (int i = 1; i < FrameTimelinePoller.GIVE_UP_POLLS; i++) {
            p.pollOnce();
        }
        assertTrue(settled.isEmpty(), "still waiting after " + (FrameTimelinePoller.GIVE_UP_POLLS - 1) + " polls");
        assertEquals(Duration.ofMillis(500), p.pollOnce().nextDelay());
        assertTrue(p.gaveUp());
        assertEquals(Set.of("early"), settled.keySet());
        assertFalse(settled.get("early").attributed());
        a.renderedFrame(1_000_001, null, "w", "meanwhile");
        assertFalse(settled.get("meanwhile").attributed(), "settled at once");
        assertEquals(1, notes.size(), notes.toString());

        refuse[0] = false;
        sim.time.advanceMillis(1_000);
        p.pollOnce();
        assertFalse(p.gaveUp());
        a.renderedFrame(Long.MAX_VALUE - 1, null, "w", "after");
        assertFalse(settled.containsKey("after"), "waits for its SurfaceFrame again");
        assertEquals(2, notes.size(), notes.toString());
    }

    /**
     * A game (SurfaceFlinger source) is its layer's buffer SurfaceFrames of the app's pid, read with {@code pidof};
     * after the app restarts (a new pid, a new layer id) the poller reads the pid again when the layer shows it,
     * and the new process's frames count. Expected: the truth's SurfaceFrames of the game's layer that came after
     * the first poll (the ring's earlier frames are history), every one of them, old pid and new.
     */
    @Test
    void gameFollowsTheAppsPidAcrossARestart() {
        SimDevice d = new SimDevice("game", 14, 60);
        FrameTimelineAttribution a = new FrameTimelineAttribution();
        FrameTimelinePoller p = new FrameTimelinePoller(d, a, d::period, s -> { });
        d.time.advanceMillis(1_000);
        p.pollOnce(); // history
        int before = d.game.size();
        long newestHistory = d.game.stream().mapToLong(t -> t.token()).max().orElse(-1);
        p.followGame(d.sim.packageName(), d.sim.surfaceViewLayerName());
        int oldPid = d.sim.pid().getAsInt();
        for (int i = 0; i < 8; i++) {
            d.time.advanceMillis(250);
            p.pollOnce();
        }
        long beforeRestart = a.summary().frames();
        assertTrue(beforeRestart > 60, "the game's frames: " + a.summary());
        d.shell("am force-stop " + d.sim.packageName(), Duration.ofSeconds(5));
        d.shell("monkey -p " + d.sim.packageName() + " -c android.intent.category.LAUNCHER 1", Duration.ofSeconds(5));
        for (int i = 0; i < 12; i++) {
            d.time.advanceMillis(250);
            p.pollOnce();
        }
        int newPid = d.sim.pid().getAsInt();
        assertTrue(newPid != oldPid, "restarted: " + oldPid + " -> " + newPid);
        d.time.advanceMillis(100);
        p.stop();
        long truthAfterFirstPoll = d.game.stream().filter(t -> t.buffer() && t.token() > newestHistory).count();
        long truthNewPid = d.game.stream().filter(t -> t.buffer() && t.ownerPid() == newPid).count();
        assertTrue(truthNewPid > 60, "the new process drew: " + truthNewPid);
        assertEquals(truthAfterFirstPoll, a.summary().frames(), "game frames after " + before + " of history");
        assertEquals(0, a.summary().unattributed());
    }

    /** A display frame with one SurfaceFrame (Token {@code token}); {@code pending}: its actual present N/A. */
    private static String displayFrame(long token, boolean pending) {
        String rule = "-".repeat(88);
        return "Display Frame 0\nPrediction State : Valid\nJank Type : None\n"
                + "\t\t    Start time\t\t|    End time\t\t|    Present time\n"
                + "Expected\t|\t     10.00\t|\t     13.47\t|\t     20.83\n"
                + "Actual  \t|\t     10.10\t|\t     12.90\t|" + (pending ? "\t\tN/A\n" : "\t     20.83\n")
                + rule + "\n\n"
                + "    Layer - com.example/com.example.MainActivity#151\n    Token: " + token + "\n"
                + "    Is Buffer?: 1\n    Owner Pid : 4242\n    Layer ID : 151\n    Present State : Presented\n"
                + "    Jank Type : None\n\n";
    }

    /** A full ring of display frames {@code first..first+63}, the newest pending. */
    private static String fullRing(long first) {
        StringBuilder sb = new StringBuilder("Number of display frames : 64\n");
        for (long t = first; t < first + 64; t++) {
            sb.append(displayFrame(t, t == first + 63));
        }
        return sb.toString();
    }

    /**
     * By hand: the first poll shows Tokens 1..64 (64 pending), the second 64..127; they overlap in display frame 64
     * only, which the first poll saw pending (not read) and the second reads final. Nothing was lost: no overflow.
     */
    @Test
    void pollsThatOverlapOnlyInAPendingDisplayFrameAreNoOverflow() {
        java.util.ArrayDeque<String> dumps = new java.util.ArrayDeque<>(List.of(fullRing(1), fullRing(64)));
        ShellOnlyDevice d = new ShellOnlyDevice() {
            @Override
            public ShellResult shell(String command, Duration timeout) {
                return new ShellResult(dumps.poll(), "", 0);
            }
        };
        List<String> notes = new ArrayList<>();
        FrameTimelineAttribution a = new FrameTimelineAttribution();
        FrameTimelinePoller p = new FrameTimelinePoller(d, a, () -> 16_666_667L, notes::add);
        assertEquals(63, p.pollOnce().surfaceFrames());
        FrameTimelinePoller.Poll second = p.pollOnce();
        assertEquals(0, second.skippedDisplayFrames()); // 64 was pending, so not seen: read now, then 65..126
        assertEquals(63, second.surfaceFrames());
        assertFalse(second.overflow());
        assertEquals(0, p.overflows());
        assertTrue(notes.isEmpty(), notes::toString);
    }
}
