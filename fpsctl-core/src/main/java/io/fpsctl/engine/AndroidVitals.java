package io.fpsctl.engine;

/**
 * Android vitals computed locally (docs/metrics.md section 6: the thresholds Google Play uses. Rendered
 * frames (gfxinfo, agent) fill the two frame keys over counted frames; presented frames (SurfaceFlinger, games)
 * fill the two slow-session keys over judged frames. Keys that do not apply, and every key over zero frames,
 * are null (never 0).
 *
 * @param slowFramesPercent    share of counted frames with {@code duration > 16 ms}
 * @param frozenFramesPercent  share of counted frames with {@code duration > 700 ms}
 * @param slowSession20Percent share of judged frames with {@code gap > 50 ms} (below 20 fps)
 * @param slowSession30Percent share of judged frames with {@code gap > 34 ms} (below 30 fps)
 */
public record AndroidVitals(Double slowFramesPercent, Double frozenFramesPercent, Double slowSession20Percent,
                            Double slowSession30Percent) {

    /** A frame is slow above this duration (Android vitals' 16 ms, whatever the refresh rate). */
    public static final long SLOW_FRAME_NS = 16_000_000L;
    /** A frame is frozen above this duration. */
    public static final long FROZEN_FRAME_NS = 700_000_000L;
    /** A game frame counts toward the 20 fps slow session above this gap. */
    public static final long SESSION_20_NS = 50_000_000L;
    /** A game frame counts toward the 30 fps slow session above this gap. */
    public static final long SESSION_30_NS = 34_000_000L;

    /** Vitals of rendered frames: {@code slow} and {@code frozen} of {@code frames} counted frames. */
    public static AndroidVitals rendered(long frames, long slow, long frozen) {
        return new AndroidVitals(percent(slow, frames), percent(frozen, frames), null, null);
    }

    /** Vitals of presented frames: gaps over 50 ms and over 34 ms of {@code judged} judged frames. */
    public static AndroidVitals presented(long judged, long over50, long over34) {
        return new AndroidVitals(null, null, percent(over50, judged), percent(over34, judged));
    }

    private static Double percent(long n, long of) {
        return of == 0 ? null : n * 100.0 / of;
    }
}
