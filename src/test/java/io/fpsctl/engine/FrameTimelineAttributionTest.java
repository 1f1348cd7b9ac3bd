package io.fpsctl.engine;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** METRICS.md section 9 worked by hand on small sets of SurfaceFrames. */
class FrameTimelineAttributionTest {

    private static final String WINDOW = "com.example/com.example.MainActivity";
    private static final String LAYER = WINDOW + "#151";
    private static final AppPid PID = new AppPid(4242);

    private static SurfaceFrameRecord sf(long token, String... types) {
        return new SurfaceFrameRecord(token, LAYER, 4242, 151, true, "Presented", List.of(types));
    }

    @Test
    void appVersusSystemAndTypeCounts() {
        Map<Object, FrameTimelineVerdict> seen = new HashMap<>();
        FrameTimelineAttribution a = new FrameTimelineAttribution(seen::put);
        a.surfaceFrame(sf(1));                                                   // on time
        a.surfaceFrame(sf(2, "App Deadline Missed", "Buffer Stuffing"));          // app
        a.surfaceFrame(sf(3, "SurfaceFlinger CPU Deadline Missed"));              // system (12-13 spelling)
        a.surfaceFrame(sf(4, "SurfaceFlinger deadline missed (while in HWC)"));   // system (14+ spelling)
        a.surfaceFrame(sf(5, "Buffer Stuffing"));                                 // not janky: stuffing alone
        a.surfaceFrame(sf(6, "Display HAL", "App Deadline Missed"));              // app (app wins)
        a.surfaceFrame(new SurfaceFrameRecord(7, LAYER, 4242, 151, true, "Dropped", List.of())); // to 14 r25: dropped
        a.surfaceFrame(new SurfaceFrameRecord(8, LAYER, 4242, 151, true, "Dropped", List.of("Dropped Frame"))); // r29+
        a.surfaceFrame(sf(9, "App Resynced Jitter"));                             // app (rev 4: Perfetto's Self Jank)
        a.surfaceFrame(sf(10, "Prediction Error", "SurfaceFlinger Scheduling", "SurfaceFlinger Stuffing",
                "SurfaceFlinger deadline missed (while in GPU comp)", "Unknown jank"));
        a.surfaceFrame(sf(12, "Some Future Jank"));                               // unknown string -> unknown, app
        for (long t = 1; t <= 10; t++) {
            a.renderedFrame(t, PID, WINDOW, "f" + t);
        }
        a.renderedFrame(12, PID, WINDOW, "f12");
        a.renderedFrame(11, PID, WINDOW, "f11"); // never arrives
        a.renderedFrame(0, PID, WINDOW, "f0");   // Android <= 11 style id: unattributed at once
        a.finish();

        FrameTimelineSummary s = a.summary();
        assertEquals(11, s.frames());
        assertEquals(2, s.unattributed());
        assertEquals(5, s.appJank());          // 2, 6, 9, 10 (Unknown jank is always the app's, rev 4), 12
        assertEquals(2, s.systemJank());       // 3, 4
        assertEquals(2, s.droppedBuffers());   // 7, 8: neither app nor system jank
        assertEquals(1, s.bufferStuffing());   // 5
        assertEquals(0, s.surfaceFlingerStuffing());
        assertEquals(0, s.nonPerceivable());
        assertEquals(7, s.jankyFrames());      // 5 + 2
        assertEquals(500.0 / 11, s.appJankPercent(), 1e-9);
        assertEquals(200.0 / 11, s.systemJankPercent(), 1e-9);
        Map<String, Long> t = s.types();
        assertEquals(List.of("appDeadlineMissed", "bufferStuffing", "surfaceFlingerCpu", "surfaceFlingerGpu",
                "surfaceFlingerScheduling", "surfaceFlingerStuffing", "displayHal", "predictionError", "dropped",
                "unknown", "appResyncedJitter", "nonAnimating", "displayNotOn", "modeChange", "powerModeChange"),
                List.copyOf(t.keySet()));
        assertEquals(2, t.get("appDeadlineMissed"));
        assertEquals(2, t.get("bufferStuffing"));
        assertEquals(2, t.get("surfaceFlingerCpu"));
        assertEquals(1, t.get("surfaceFlingerGpu"));
        assertEquals(1, t.get("surfaceFlingerScheduling"));
        assertEquals(1, t.get("surfaceFlingerStuffing"));
        assertEquals(1, t.get("displayHal"));
        assertEquals(1, t.get("predictionError"));
        assertEquals(2, t.get("dropped"));
        assertEquals(2, t.get("unknown"));     // "Unknown jank" and "Some Future Jank"
        assertEquals(1, t.get("appResyncedJitter"));
        assertEquals(1, s.warnings().size());
        assertTrue(s.warnings().get(0).contains("\"Some Future Jank\""));

        assertEquals("appDeadlineMissed|bufferStuffing", seen.get("f2").jankTypesColumn());
        assertEquals("Presented", seen.get("f2").presentState());
        assertEquals("", seen.get("f1").jankTypesColumn());
        assertEquals("dropped", seen.get("f7").jankTypesColumn());
        assertEquals("Dropped", seen.get("f7").presentState());
        assertFalse(seen.get("f11").attributed());
        assertEquals("", seen.get("f11").presentState());
        assertEquals(13, seen.size());
    }

    @Test
    void frameBeforeItsSurfaceFrameWaitsAndHorizonSettles() {
        Map<Object, FrameTimelineVerdict> seen = new HashMap<>();
        FrameTimelineAttribution a = new FrameTimelineAttribution(seen::put);
        a.renderedFrame(20, PID, WINDOW, "a");
        a.renderedFrame(21, PID, WINDOW, "b");
        assertTrue(seen.isEmpty());
        a.surfaceFrame(sf(21, "App Deadline Missed"));
        assertTrue(seen.get("b").appJank());
        a.horizon(21); // token 20 is older than the ring: it will never come
        assertFalse(seen.get("a").attributed());
        assertEquals(1, a.summary().frames());
        assertEquals(1, a.summary().unattributed());
    }

    @Test
    void duplicatesFromOverlappingPollsCountOnceAndOtherPidsAreNotJoined() {
        FrameTimelineAttribution a = new FrameTimelineAttribution();
        assertTrue(a.surfaceFrame(sf(30, "App Deadline Missed")));
        assertFalse(a.surfaceFrame(sf(30, "App Deadline Missed")));
        // another process drew on the same vsync: same token, its own layer and pid
        a.surfaceFrame(new SurfaceFrameRecord(31, "StatusBar#77", 1500, 77, true, "Presented", List.of("Display HAL")));
        a.renderedFrame(30, PID, WINDOW, null);
        a.renderedFrame(31, PID, WINDOW, null);
        a.finish();
        FrameTimelineSummary s = a.summary();
        assertEquals(1, s.frames());
        assertEquals(1, s.unattributed());
        assertEquals(1, s.appJank());
        assertEquals(2, a.surfaceFrames()); // the app's once, the status bar's once
    }

    @Test
    void sameTokenSeveralWindowsPrefersTheWindowsLayer() {
        Map<Object, FrameTimelineVerdict> seen = new HashMap<>();
        FrameTimelineAttribution a = new FrameTimelineAttribution(seen::put);
        a.surfaceFrame(new SurfaceFrameRecord(40, "com.example/com.example.Dialog#160", 4242, 160, true, "Presented",
                List.of("App Deadline Missed")));
        a.surfaceFrame(sf(40));
        a.renderedFrame(40, PID, WINDOW, "main");
        a.renderedFrame(40, PID, "com.example/com.example.Dialog", "dialog");
        assertFalse(seen.get("main").janky());
        assertTrue(seen.get("dialog").appJank());
    }

    @Test
    void gameLayerFramesAreItsSurfaceFrames() {
        FrameTimelineAttribution a = new FrameTimelineAttribution();
        a.followLayer("SurfaceView[com.example/com.example.MainActivity](BLAST)#160");
        a.surfaceFrame(new SurfaceFrameRecord(50, "SurfaceView[com.example/com.example.MainActivity](BLAST)#160",
                4242, 160, true, "Presented", List.of("Display HAL")));
        a.surfaceFrame(new SurfaceFrameRecord(51, "SurfaceView[com.example/com.example.MainActivity](BLAST)#160",
                4242, 160, true, "Presented", List.of()));
        a.surfaceFrame(sf(51, "App Deadline Missed")); // the HUD window: not the followed layer
        FrameTimelineSummary s = a.summary();
        assertEquals(2, s.frames());
        assertEquals(1, s.systemJank());
        assertEquals(0, s.appJank());
        assertEquals(50.0, s.systemJankPercent(), 1e-9);
    }

    @Test
    void noJoinedFramesGivesNullPercentages() {
        FrameTimelineAttribution a = new FrameTimelineAttribution();
        a.renderedFrame(5, PID, WINDOW, null);
        a.finish();
        assertNull(a.summary().appJankPercent());
        assertNull(a.summary().systemJankPercent());
        assertEquals(1, a.summary().unattributed());
    }

    @Test
    void tallyDominantTypeIsOverJankyFramesOnly() {
        FrameTimelineAttribution a = new FrameTimelineAttribution();
        FrameTimelineTally tally = new FrameTimelineTally();
        tally.add(a.verdictOf(sf(1, "Buffer Stuffing")));
        tally.add(a.verdictOf(sf(2, "Buffer Stuffing")));
        tally.add(a.verdictOf(sf(3, "Display HAL")));
        assertEquals(FrameTimelineJankType.DISPLAY_HAL, tally.dominantType());
        assertEquals(0.0, tally.appJankPercent(), 1e-9);
    }

    // ---- METRICS.md 9 rev 3: the join key is (Token, Owner Pid); names only as a fallback, without "TX - "

    private static final String TX_LAYER = "TX - " + LAYER;

    private static SurfaceFrameRecord tx(long token, int pid, boolean buffer, String... types) {
        return new SurfaceFrameRecord(token, TX_LAYER, pid, 151, buffer, "Presented", List.of(types));
    }

    /** A real dump names BLAST SurfaceFrames "TX - <layer>": the pid joins them, whatever the name. */
    @Test
    void transactionNamedSurfaceFramesJoinOnTokenAndPid() {
        Map<Object, FrameTimelineVerdict> seen = new HashMap<>();
        FrameTimelineAttribution a = new FrameTimelineAttribution(seen::put);
        a.surfaceFrame(tx(60, 4242, true, "App Deadline Missed"));
        a.surfaceFrame(new SurfaceFrameRecord(61, "TX - something else entirely#9", 4242, 9, true, "Presented",
                List.of()));
        a.renderedFrame(60, PID, WINDOW, "a");
        a.renderedFrame(61, PID, WINDOW, "b"); // the pid is the key: the layer's name does not matter
        assertTrue(seen.get("a").appJank());
        assertTrue(seen.get("b").attributed());
        assertEquals(2, a.summary().frames());
    }

    /** Another process with the same window name (a cloned app) and the same token is not the app's frame. */
    @Test
    void samePidDecidesOverTheSameName() {
        Map<Object, FrameTimelineVerdict> seen = new HashMap<>();
        FrameTimelineAttribution a = new FrameTimelineAttribution(seen::put);
        a.surfaceFrame(tx(62, 5555, true, "App Deadline Missed")); // first in the dump, same name, other pid
        a.surfaceFrame(tx(62, 4242, true));
        a.renderedFrame(62, PID, WINDOW, "f");
        assertTrue(seen.get("f").attributed());
        assertFalse(seen.get("f").janky());
    }

    /** Of the app's SurfaceFrames with one token, the buffer's wins over a bufferless transaction's. */
    @Test
    void bufferSurfaceFrameIsPreferred() {
        Map<Object, FrameTimelineVerdict> seen = new HashMap<>();
        FrameTimelineAttribution a = new FrameTimelineAttribution(seen::put);
        a.surfaceFrame(new SurfaceFrameRecord(63, "TX - SurfaceView[" + WINDOW + "]#160", 4242, 160, false,
                "Presented", List.of()));
        a.renderedFrame(63, PID, WINDOW, "f"); // only a bufferless one yet: the frame waits for its buffer's
        assertFalse(seen.containsKey("f"));
        a.surfaceFrame(tx(63, 4242, true, "App Deadline Missed")); // the buffer, in a later display frame
        assertTrue(seen.get("f").appJank());
        a.surfaceFrame(tx(64, 4242, false));
        a.surfaceFrame(tx(64, 4242, true, "App Deadline Missed"));
        a.renderedFrame(64, PID, WINDOW, "g");
        assertTrue(seen.get("g").appJank());
        a.renderedFrame(63, PID, WINDOW, "h"); // (another frame of that token: the buffer's again)
        assertTrue(seen.get("h").appJank());
        a.surfaceFrame(tx(66, 4242, false, "Prediction Error"));
        a.renderedFrame(66, PID, WINDOW, "i"); // its buffer's SurfaceFrame never comes: the bufferless one at the end
        a.finish();
        assertTrue(seen.get("i").systemJank());
        // 63: container + buffer; 64: bufferless + buffer on one layer (two SurfaceFrames); 66: bufferless
        assertEquals(5, a.surfaceFrames(), "a bufferless and a buffer SurfaceFrame of one token and layer are two");
    }

    /** Without a pid (a saved dump without its pid line) the window's name is the key, after "TX - ". */
    @Test
    void withoutAPidTheNameWithoutTheTransactionPrefixIsTheKey() {
        Map<Object, FrameTimelineVerdict> seen = new HashMap<>();
        FrameTimelineAttribution a = new FrameTimelineAttribution(seen::put);
        a.surfaceFrame(new SurfaceFrameRecord(65, "TX - StatusBar#77", 1500, 77, true, "Presented",
                List.of("Display HAL")));
        a.surfaceFrame(tx(65, 4242, true, "App Deadline Missed"));
        a.renderedFrame(65, null, WINDOW, "f");
        a.renderedFrame(65, null, "com.other/com.other.Main", "g");
        a.finish();
        assertTrue(seen.get("f").appJank());
        assertFalse(seen.get("g").attributed());
    }

    /** {@code Token: -1} ({@code Prediction State : None}) joins nothing and is not kept. */
    @Test
    void aTransactionWithoutVsyncIdJoinsNothing() {
        FrameTimelineAttribution a = new FrameTimelineAttribution();
        assertFalse(a.surfaceFrame(new SurfaceFrameRecord(-1, TX_LAYER, 4242, 151, false, "Presented", List.of(),
                "None", "Unknown Finish")));
        assertEquals(0, a.surfaceFrames());
    }

    /**
     * The per-release cases under rev 4 (Perfetto's jank tag): Unknown jank is the app's whatever its finish and
     * prediction (rev 3 called 72 the system's); a dropped buffer (either spelling) is neither and counts in
     * droppedBuffers. By hand: app 70, 71, 72; dropped 73, 74; buffer stuffing 75 → 6 frames, 3 janky.
     */
    @Test
    void perReleaseRules() {
        FrameTimelineAttribution a = new FrameTimelineAttribution();
        a.surfaceFrame(new SurfaceFrameRecord(70, TX_LAYER, 4242, 151, true, "Presented", List.of("Unknown jank"),
                "Valid", "Late Finish"));                                  // finished late, presented early
        a.surfaceFrame(new SurfaceFrameRecord(71, TX_LAYER, 4242, 151, true, "Presented", List.of("Unknown jank"),
                "Expired", "Unknown Finish"));                             // 12/12L: predictions evicted
        a.surfaceFrame(new SurfaceFrameRecord(72, TX_LAYER, 4242, 151, true, "Presented", List.of("Unknown jank"),
                "Valid", "On Time Finish"));                               // the app was on time
        a.surfaceFrame(new SurfaceFrameRecord(73, TX_LAYER, 4242, 151, true, "Dropped", List.of(),
                "Valid", "Unknown Finish"));                               // 12 … 14 r25
        a.surfaceFrame(new SurfaceFrameRecord(74, TX_LAYER, 4242, 151, true, "Dropped", List.of("Dropped Frame"),
                "Valid", "On Time Finish"));                               // 14 r29+
        a.surfaceFrame(new SurfaceFrameRecord(75, TX_LAYER, 4242, 151, true, "Presented", List.of("Buffer Stuffing"),
                "Valid", "On Time Finish"));
        for (long t = 70; t <= 75; t++) {
            a.renderedFrame(t, PID, WINDOW, "f" + t);
        }
        FrameTimelineSummary s = a.summary();
        assertEquals(6, s.frames());
        assertEquals(3, s.appJank());
        assertEquals(0, s.systemJank());
        assertEquals(2, s.droppedBuffers());
        assertEquals(1, s.bufferStuffing());
        assertEquals(3, s.jankyFrames());
        assertEquals(2, s.types().get("dropped"));
        assertEquals(3, s.types().get("unknown"));
    }

    /**
     * A game: the buffer SurfaceFrames of its layer (compared without "TX - " and "#id") and of the app's pids. A
     * SurfaceFrame of that layer from another pid waits; it counts once the pid is known to be the app's (a restart).
     */
    @Test
    void gameLayerFollowsThePidsOfTheApp() {
        FrameTimelineAttribution a = new FrameTimelineAttribution();
        String game = "SurfaceView[" + WINDOW + "](BLAST)";
        a.appPid(PID);
        a.followLayer(game + "#160");
        a.surfaceFrame(new SurfaceFrameRecord(80, "TX - " + game + "#160", 4242, 160, true, "Presented", List.of()));
        a.surfaceFrame(new SurfaceFrameRecord(80, "TX - SurfaceView[" + WINDOW + "]#159", 4242, 159, false,
                "Presented", List.of()));                                  // the container: not the game's layer
        a.surfaceFrame(new SurfaceFrameRecord(81, "TX - " + game + "#160", 4242, 160, false, "Presented",
                List.of()));                                               // bufferless: not a frame
        assertEquals(1, a.summary().frames());
        assertEquals(-1, a.strangerPid());
        // the game restarted: pid 4300, a new layer #210 of the same name
        a.surfaceFrame(new SurfaceFrameRecord(90, "TX - " + game + "#210", 4300, 210, true, "Presented",
                List.of("Display HAL")));
        assertEquals(1, a.summary().frames(), "not the app's pid yet");
        assertEquals(4300, a.strangerPid());
        a.appPid(new AppPid(4300));
        assertEquals(2, a.summary().frames());
        assertEquals(1, a.summary().systemJank());
        assertEquals(-1, a.strangerPid());
    }
}
