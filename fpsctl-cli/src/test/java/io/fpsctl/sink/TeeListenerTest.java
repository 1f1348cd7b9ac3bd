package io.fpsctl.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameTimelineAttribution;
import io.fpsctl.engine.FrameTimelineVerdict;
import io.fpsctl.engine.RenderedFrame;
import io.fpsctl.engine.Source;
import io.fpsctl.engine.SurfaceFrameRecord;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Both listeners behind a tee hear every FrameTimeline verdict (a CSV and a report on the same engine). */
class TeeListenerTest {
    private static final long T = 16_666_667L;

    @Test
    void verdictsReachBothListeners() {
        List<String> first = new ArrayList<>();
        List<String> second = new ArrayList<>();
        FrameEngine engine = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(),
                TeeListener.of(recorder(first), recorder(second)));
        FrameTimelineAttribution ft = new FrameTimelineAttribution();
        engine.frameTimeline(ft);
        long v = 5_000_000_000L;
        engine.blockStart("W");
        for (int i = 0; i < 2; i++) {
            long s = v + i * T;
            engine.frame(new RenderedFrame("W", 0, s, s, s + 1, s + 1, s + 2, s + 3, s + 4, s + 4, s + 4, s + 5,
                    s + 6_000_000, 0, 0, T, 300 + i));
        }
        engine.blockEnd();
        ft.surfaceFrame(new SurfaceFrameRecord(301, "W#3", 9, 3, true, "Presented", List.of("Display HAL")));
        ft.finish();
        engine.finish();
        // frame 1 (token 301) is system jank; frame 0 never got its SurfaceFrame: unattributed at the end
        assertEquals(List.of("1 displayHal", "0 unattributed"), first);
        assertEquals(first, second);
    }

    private static FrameEngine.Listener recorder(List<String> into) {
        return new FrameEngine.Listener() {
            @Override
            public void frameTimeline(long sequence, FrameTimelineVerdict v) {
                into.add(sequence + " " + (v.attributed() ? v.jankTypesColumn() : "unattributed"));
            }
        };
    }
}
