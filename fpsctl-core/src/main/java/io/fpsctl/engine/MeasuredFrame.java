package io.fpsctl.engine;

/**
 * A rendered frame whose per-frame values were derived earlier (fpsctl's own per-frame CSV). The engine
 * takes duration, interval, janky and stage spans as given and derives the rest (dropped, drop level,
 * main cause, summaries) exactly as for a {@link RenderedFrame}.
 *
 * @param stageNs         one span per {@link Stage} in ns, indexed by ordinal; {@code -1} where absent (e.g. gpu)
 * @param interaction     agent {@link Interaction} bits, {@code -1} when unknown (CSV of another source)
 * @param choreographerNs agent Choreographer queue spans ({@link Interaction#CH_INPUT} …), null when unknown
 * @param verdict         the frame's FrameTimeline verdict as the CSV recorded it (its {@code presentState} cell was
 *                        not empty), or null: the engine counts it into the summary's {@code frameTimeline} and
 *                        hands it to the listener right after the frame (docs/metrics.md 10)
 */
public record MeasuredFrame(
        String window,
        long intendedVsync,
        long end,
        long interval,
        long flags,
        long duration,
        boolean janky,
        long[] stageNs,
        long interaction,
        long[] choreographerNs,
        FrameTimelineVerdict verdict) implements Frame {

    /** A frame without a FrameTimeline verdict. */
    public MeasuredFrame(String window, long intendedVsync, long end, long interval, long flags, long duration,
                         boolean janky, long[] stageNs, long interaction, long[] choreographerNs) {
        this(window, intendedVsync, end, interval, flags, duration, janky, stageNs, interaction, choreographerNs, null);
    }

    /** A frame without agent values. */
    public MeasuredFrame(String window, long intendedVsync, long end, long interval, long flags, long duration,
                         boolean janky, long[] stageNs) {
        this(window, intendedVsync, end, interval, flags, duration, janky, stageNs, Interaction.UNKNOWN, null, null);
    }

    @Override
    public long time() {
        return intendedVsync;
    }
}
