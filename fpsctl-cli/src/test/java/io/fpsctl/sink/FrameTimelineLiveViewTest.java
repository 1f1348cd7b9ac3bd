package io.fpsctl.sink;

import io.fpsctl.text.TerminalWriter;
import io.fpsctl.engine.EngineRun;
import io.fpsctl.engine.FrameTimelineAttribution;
import io.fpsctl.engine.FrameTimelineTally;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.SurfaceFrameRecord;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** watch: each window line carries the FrameTimeline verdicts settled since the previous one. */
class FrameTimelineLiveViewTest {

    private static SurfaceFrameRecord sf(long token, String... types) {
        return new SurfaceFrameRecord(token, EngineRun.WINDOW + "#3", 7, 3, true, "Presented", List.of(types));
    }

    @Test
    void plainAndAnsiLinesShowAppJankAndTheDominantType() {
        FrameTimelineAttribution a = new FrameTimelineAttribution();
        a.followAll(EngineRun.WINDOW);
        // before window 0: 4 frames, one app-late; before window 2: 2 frames, both Display HAL
        a.surfaceFrame(sf(1));
        a.surfaceFrame(sf(2, "App Deadline Missed"));
        a.surfaceFrame(sf(3));
        a.surfaceFrame(sf(4, "Buffer Stuffing"));
        List<FrameTimelineTally> batches = new java.util.ArrayList<>();
        batches.add(a.drainRecent());
        batches.add(a.drainRecent());
        a.surfaceFrame(sf(5, "Display HAL"));
        a.surfaceFrame(sf(6, "Display HAL"));
        batches.add(a.drainRecent());

        StringWriter text = new StringWriter();
        long[] now = {0};
        LiveView v = new LiveView(new PrintWriter(new TerminalWriter(text)), false, "d", "com.example", Source.GFXINFO, () -> now[0]);
        int[] next = {0};
        v.frameTimeline(() -> batches.get(next[0]++));
        EngineRun run = EngineRun.threeWindows();
        run.windows.forEach(v::window);
        String s = text.toString();
        assertTrue(s.contains("window=0 ") && s.contains(" appJankPercent=25.00 dominantJank=appDeadlineMissed\n"), s);
        assertTrue(s.contains(" appJankPercent=- dominantJank=-\n"), s); // nothing settled in window 1
        assertTrue(s.contains(" appJankPercent=0.00 dominantJank=displayHal\n"), s);

        StringWriter ansi = new StringWriter();
        LiveView va = new LiveView(new PrintWriter(new TerminalWriter(ansi)), true, "d", "com.example", Source.GFXINFO, () -> now[0],
                () -> 120);
        FrameTimelineTally one = new FrameTimelineTally();
        one.add(a.verdictOf(sf(9, "App Deadline Missed")));
        va.frameTimeline(() -> one);
        va.window(run.windows.get(0));
        assertTrue(ansi.toString().contains("split  app 100.00 %  system 0.00 %  (appDeadlineMissed)"),
                ansi.toString());
    }

    /**
     * Issue 25 item 7: at 80 columns the split was appended to the jank line and cut to "app…". By hand: 8 frames
     * settled, 2 App Deadline Missed (app jank: 2 / 8 = 25.00 %), 1 Display HAL (system jank: 1 / 8 = 12.50 %),
     * 5 on time; the dominant janky type is appDeadlineMissed (2 against 1).
     */
    @Test
    void theSplitFitsEightyColumnsWithBothPercentages() {
        FrameTimelineAttribution a = new FrameTimelineAttribution();
        a.followAll(EngineRun.WINDOW);
        FrameTimelineTally tally = new FrameTimelineTally();
        tally.add(a.verdictOf(sf(1, "App Deadline Missed")));
        tally.add(a.verdictOf(sf(2, "App Deadline Missed")));
        tally.add(a.verdictOf(sf(3, "Display HAL")));
        for (long t = 4; t <= 8; t++) {
            tally.add(a.verdictOf(sf(t)));
        }
        StringWriter ansi = new StringWriter();
        long[] now = {0};
        LiveView v = new LiveView(new PrintWriter(ansi), true, "emulator-5554", "com.example.feed", Source.GFXINFO,
                () -> now[0], () -> 80);
        v.frameTimeline(() -> tally);
        EngineRun run = EngineRun.threeWindows();
        run.windows.forEach(v::window);
        String out = ansi.toString();
        assertTrue(out.contains("split  app 25.00 %  system 12.50 %  (appDeadlineMissed)"), out);
        for (String line : out.split("\n")) {
            assertTrue(Ansi.visibleLength(line) <= 80, () -> Ansi.visibleLength(line) + " columns: " + line);
            assertFalse(line.contains("…"), line); // nothing was cut
        }
    }
}
