package io.fpsctl.android;

/**
 * What one FrameTimeline dump held besides its SurfaceFrames, counted while {@link FrameTimelineParser} reads it:
 * the counts and the span of Tokens that {@link FrameTimelineDump} reports. Nothing here decides anything; the
 * parser says what it read.
 */
final class FrameTimelineCounts {
    private boolean all;
    private int header = -1;
    private int displayFrames;
    private int jankyDisplayFrames;
    private int surfaceFrames;
    private int skippedDisplayFrames;
    private int pendingSurfaceFrames;
    private long unknownLines;
    private long oldest = -1;
    private long newest = -1;

    /** The {@code Number of display frames : N} line of an {@code -all} dump; −1 when N is not a number. */
    void header(int value) {
        all = true;
        header = value;
    }

    void displayFrame(boolean janky) {
        displayFrames++;
        if (janky) {
            jankyDisplayFrames++;
        }
    }

    /** A SurfaceFrame handed on. */
    void surfaceFrame() {
        surfaceFrames++;
    }

    /** A display frame skipped as seen by the previous dump. */
    void skippedDisplayFrame() {
        skippedDisplayFrames++;
    }

    /** A SurfaceFrame of a display frame whose present was not processed yet: not handed on. */
    void pendingSurfaceFrame() {
        pendingSurfaceFrames++;
    }

    void unknownLine() {
        unknownLines++;
    }

    /** A Token read; {@code -1} (a transaction without a vsync id) is no position and widens nothing. */
    void token(long value) {
        if (value >= 0) {
            oldest = oldest < 0 ? value : Math.min(oldest, value);
            newest = Math.max(newest, value);
        }
    }

    FrameTimelineDump dump() {
        return new FrameTimelineDump(all, header, displayFrames, jankyDisplayFrames, surfaceFrames, oldest, newest,
                unknownLines, skippedDisplayFrames, pendingSurfaceFrames);
    }
}
