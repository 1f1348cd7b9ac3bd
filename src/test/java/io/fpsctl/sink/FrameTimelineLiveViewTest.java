package io.fpsctl.sink;

import io.fpsctl.engine.FrameTimelineAttribution;
import io.fpsctl.engine.FrameTimelineTally;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.SurfaceFrameRecord;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

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
        LiveView v = new LiveView(new PrintWriter(text), false, "d", "com.example", Source.GFXINFO, () -> now[0]);
        int[] next = {0};
        v.frameTimeline(() -> batches.get(next[0]++));
        EngineRun run = EngineRun.threeWindows();
        run.windows.forEach(v::window);
        String s = text.toString();
        assertTrue(s.contains("window=0 ") && s.contains(" appJankPercent=25.00 dominantJank=appDeadlineMissed\n"), s);
        assertTrue(s.contains(" appJankPercent=- dominantJank=-\n"), s); // nothing settled in window 1
        assertTrue(s.contains(" appJankPercent=0.00 dominantJank=displayHal\n"), s);

        StringWriter ansi = new StringWriter();
        LiveView va = new LiveView(new PrintWriter(ansi), true, "d", "com.example", Source.GFXINFO, () -> now[0],
                () -> 120);
        FrameTimelineTally one = new FrameTimelineTally();
        one.add(a.verdictOf(sf(9, "App Deadline Missed")));
        va.frameTimeline(() -> one);
        va.window(run.windows.get(0));
        assertTrue(ansi.toString().contains("   app 100.00 % (appDeadlineMissed)"), ansi.toString());
    }
}
