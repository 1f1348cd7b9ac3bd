package io.fpsctl.android;

/**
 * What {@link FrameTimelineParser} saw in one {@code dumpsys SurfaceFlinger --frametimeline -all|-jank} dump besides
 * the SurfaceFrames (which went to the consumer).
 *
 * @param all                 a {@code Number of display frames :} line was present ({@code -all}); false for {@code -jank}
 * @param displayFramesHeader the number printed on that line, −1 when absent
 * @param displayFrames       {@code Display Frame <i>} blocks read
 * @param jankyDisplayFrames  of those, marked {@code [*]}
 * @param surfaceFrames       SurfaceFrame ({@code Layer - …}) blocks read
 * @param oldestToken         smallest SurfaceFrame Token read, −1 when none
 * @param newestToken         largest SurfaceFrame Token read, −1 when none
 * @param unknownLines        non-blank lines that matched nothing known (kept out of the result, never fatal)
 * @param skippedDisplayFrames display frames skipped as already seen ({@link FrameTimelineParser#skippingSeen}); their
 *                            SurfaceFrames are not counted above, but their first SurfaceFrame's Token is in the
 *                            oldest and newest Tokens
 * @param pendingSurfaceFrames SurfaceFrames of display frames whose present SurfaceFlinger had not processed yet
 *                            ({@code Actual} present time {@code N/A}): their jank is not classified, so they are
 *                            not handed on (a later dump shows them final); their Tokens are in the oldest and
 *                            newest Tokens
 */
public record FrameTimelineDump(boolean all, int displayFramesHeader, int displayFrames, int jankyDisplayFrames,
                                int surfaceFrames, long oldestToken, long newestToken, long unknownLines,
                                int skippedDisplayFrames, int pendingSurfaceFrames) {

    /** SurfaceFlinger's ring size ({@code kDefaultMaxDisplayFrames}, Android 12–16). */
    public static final int RING_DISPLAY_FRAMES = 64;

    /** The ring was full: display frames older than the oldest shown have been dropped by SurfaceFlinger. */
    public boolean ringFull() {
        return Math.max(displayFramesHeader, displayFrames) >= RING_DISPLAY_FRAMES;
    }
}
