package io.fpsctl.sim.device.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * When a window renders a deliberately slow frame and how slow. Either frame-count based
 * ({@code everyFrames} ± {@code everyFramesJitter}) or time based ({@code everyMs} ± {@code everyMsJitter},
 * measured from the previous slow frame's IntendedVsync); the slow frame's length cycles through
 * {@code missedVsyncs} (it completes that many whole vsyncs late) or, if given, {@code durationMs}
 * (FrameCompleted − IntendedVsync in ms).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SlowFrameSpec(Integer everyFrames, Integer everyFramesJitter, Long everyMs, Long everyMsJitter,
                            List<Integer> missedVsyncs, List<Long> durationMs) {

    public SlowFrameSpec {
        everyFrames = everyFrames == null ? 0 : everyFrames;
        everyFramesJitter = everyFramesJitter == null ? 0 : everyFramesJitter;
        everyMs = everyMs == null ? 0L : everyMs;
        everyMsJitter = everyMsJitter == null ? 0L : everyMsJitter;
        missedVsyncs = missedVsyncs == null ? List.of() : List.copyOf(missedVsyncs);
        durationMs = durationMs == null ? List.of() : List.copyOf(durationMs);
        if (everyFrames < 0 || everyMs < 0 || everyFramesJitter < 0 || everyMsJitter < 0) {
            throw new IllegalArgumentException("slow-frame periods must be >= 0");
        }
        if ((everyFrames > 0 || everyMs > 0) && missedVsyncs.isEmpty() && durationMs.isEmpty()) {
            throw new IllegalArgumentException("slow frames need missedVsyncs or durationMs");
        }
        if (everyFramesJitter >= Math.max(1, everyFrames) && everyFrames > 0) {
            throw new IllegalArgumentException("everyFramesJitter must be < everyFrames");
        }
    }

    /** Every {@code n ± jitter} frames, cycling through the given missed-vsync counts. */
    public static SlowFrameSpec everyFrames(int n, int jitter, List<Integer> missedVsyncs) {
        return new SlowFrameSpec(n, jitter, null, null, missedVsyncs, null);
    }

    /** Every {@code ms ± jitter} milliseconds, cycling through the given durations. */
    public static SlowFrameSpec everyMillis(long ms, long jitter, List<Long> durationMs) {
        return new SlowFrameSpec(null, null, ms, jitter, null, durationMs);
    }
}
