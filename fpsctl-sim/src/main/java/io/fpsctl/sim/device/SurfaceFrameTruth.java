package io.fpsctl.sim.device;

/**
 * What the simulated FrameTimeline printed about one SurfaceFrame once its display frame was presented (the truth
 * files' {@code .frametimeline.tsv} line), strings exactly as the emulated version prints them.
 *
 * @param layerKey        the truth files' logical layer key ({@code app}, {@code app-w1}, {@code surfaceview},
 *                        {@code surfaceview-container})
 * @param token           its {@code Token} (= the gfxinfo {@code FrameTimelineVsyncId} of the same hwui frame; −1
 *                        without a vsync id)
 * @param ownerPid        its {@code Owner Pid}
 * @param buffer          {@code Is Buffer?: 1}
 * @param predictionState {@code Valid}, {@code Expired} or {@code None}
 * @param presentState    {@code Presented} or {@code Dropped}
 * @param jankType        the {@code Jank Type :} text ({@code None} when on time)
 * @param finishMetadata  the {@code Finish Metadata:} text
 */
public record SurfaceFrameTruth(String layerKey, long token, int ownerPid, boolean buffer, String predictionState,
                                String presentState, String jankType, String finishMetadata) {
}
