package io.fpsctl.engine;

/**
 * A frame reported by the on-device agent (protocol v1 {@code F} record): FrameMetrics stage spans plus the
 * Choreographer queue times and interaction bits. The engine derives duration, janky and the rest as for a
 * gfxinfo frame (docs/metrics.md section 3).
 *
 * @param end            intendedVsync + FrameMetrics TOTAL_DURATION
 * @param interval       the vsync interval, ns (0 = unknown)
 * @param flags          the protocol's known flag bits only: 1 first draw frame, 2 (1.1) time approximate; a frame
 *                       with any of them set is counted in fps but not timed (left out of percentiles, jank,
 *                       dropped counts and stage means, docs/metrics.md section 5), else 0
 * @param interaction    {@link Interaction} bits, {@code -1} when unknown
 * @param stageNs        one span per {@link Stage} in ns, indexed by ordinal; {@code -1} where unknown
 * @param deadline       absolute frame deadline, 0 when unknown
 * @param choreographerNs time in the INPUT/ANIMATION/TRAVERSAL queues ({@link Interaction#CH_INPUT} …), -1 unknown
 */
public record AgentFrame(
        String window,
        long intendedVsync,
        long end,
        long interval,
        long flags,
        long interaction,
        long[] stageNs,
        long deadline,
        long[] choreographerNs) implements Frame {

    @Override
    public long time() {
        return intendedVsync;
    }
}
