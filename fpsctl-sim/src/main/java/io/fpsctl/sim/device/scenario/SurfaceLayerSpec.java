package io.fpsctl.sim.device.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * A SurfaceView (game) layer that draws straight to its Surface: only SurfaceFlinger {@code --latency} sees
 * its frames, gfxinfo never does. It hangs off the app's first window.
 *
 * @param minFps         lowest target frame rate
 * @param maxFps         highest target frame rate (the target drifts between the two every ~2 s)
 * @param startMs        delay after app start before the first game frame
 * @param jankEveryMs    mean time between hitches (0 = none)
 * @param jankJitterMs   ± variation of that time
 * @param jankGapMs      present-to-present gaps used for the hitches, cycled (e.g. 100 (> 83.33 ms), 150 (> 125 ms))
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SurfaceLayerSpec(Double minFps, Double maxFps, Long startMs, Long jankEveryMs, Long jankJitterMs,
                               List<Long> jankGapMs) {

    public SurfaceLayerSpec {
        minFps = minFps == null ? 40.0 : minFps;
        maxFps = maxFps == null ? 60.0 : maxFps;
        startMs = startMs == null ? 500L : startMs;
        jankEveryMs = jankEveryMs == null ? 0L : jankEveryMs;
        jankJitterMs = jankJitterMs == null ? 0L : jankJitterMs;
        jankGapMs = jankGapMs == null ? List.of() : List.copyOf(jankGapMs);
        if (minFps <= 0 || maxFps < minFps) {
            throw new IllegalArgumentException("need 0 < minFps <= maxFps");
        }
        if (jankEveryMs > 0 && (jankGapMs.isEmpty() || jankJitterMs >= jankEveryMs)) {
            throw new IllegalArgumentException("jank needs jankGapMs and jankJitterMs < jankEveryMs");
        }
    }
}
