package io.fpsctl.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts {@link FrameTimelineVerdict}s into a {@link FrameTimelineSummary} (a whole capture, or one live window).
 * Not thread-safe.
 */
public final class FrameTimelineTally {

    private static final FrameTimelineJankType[] TYPES = FrameTimelineJankType.values();

    private long frames;
    private long unattributed;
    private long appJank;
    private long systemJank;
    private long droppedBuffers;
    private long bufferStuffing;
    private long surfaceFlingerStuffing;
    private long nonPerceivable;
    private final long[] types = new long[TYPES.length];
    /** Type counts over janky frames only (for the dominant type). */
    private final long[] jankyTypes = new long[TYPES.length];

    public void add(FrameTimelineVerdict v) {
        if (!v.attributed()) {
            unattributed++;
            return;
        }
        frames++;
        boolean janky = v.janky();
        if (v.appJank()) {
            appJank++;
        } else if (janky) {
            systemJank++;
        } else {
            switch (v.blame()) {
                case DROPPED_BUFFER -> droppedBuffers++;
                case BUFFER_STUFFING -> bufferStuffing++;
                case SURFACE_FLINGER_STUFFING -> surfaceFlingerStuffing++;
                case NON_PERCEIVABLE -> nonPerceivable++;
                default -> { }
            }
        }
        for (FrameTimelineJankType t : v.types()) {
            types[t.ordinal()]++;
            if (janky) {
                jankyTypes[t.ordinal()]++;
            }
        }
    }

    public long frames() {
        return frames;
    }

    /** The type most common among this tally's janky frames (ties: declaration order); null when none was janky. */
    public FrameTimelineJankType dominantType() {
        FrameTimelineJankType best = null;
        long count = 0;
        for (FrameTimelineJankType t : TYPES) {
            if (jankyTypes[t.ordinal()] > count) {
                best = t;
                count = jankyTypes[t.ordinal()];
            }
        }
        return best;
    }

    /** {@code 100 · appJank / frames}, null when no frame joined. */
    public Double appJankPercent() {
        return frames == 0 ? null : 100.0 * appJank / frames;
    }

    /** {@code 100 · systemJank / frames}, null when no frame joined. */
    public Double systemJankPercent() {
        return frames == 0 ? null : 100.0 * systemJank / frames;
    }

    public FrameTimelineSummary summary(List<String> warnings) {
        Map<String, Long> byKey = new LinkedHashMap<>();
        for (FrameTimelineJankType t : TYPES) {
            byKey.put(t.key(), types[t.ordinal()]);
        }
        return new FrameTimelineSummary(frames, unattributed, appJank + systemJank, appJank, systemJank,
                appJankPercent(), systemJankPercent(), droppedBuffers, bufferStuffing, surfaceFlingerStuffing,
                nonPerceivable, byKey, new ArrayList<>(warnings));
    }
}
