package io.fpsctl.sim.device.frames;

import java.util.Arrays;

/**
 * One frame rendered by hwui for one window: every {@link FrameColumn} value plus the time SurfaceFlinger
 * presents it ({@link #presentTime()}, not a framestats column: {@code DisplayPresentTime} stays 0 as in
 * real dumps, docs/formats.md 5.8). Immutable.
 */
public final class HwuiFrame {

    /** Flag bit: first frame after a visibility/layout change. */
    public static final long FLAG_WINDOW_VISIBILITY_CHANGED = 1;
    /** Flag bit: RenderThread-driven animation frame. */
    public static final long FLAG_RT_ANIMATION = 2;

    private static final FrameColumn[] ALL = FrameColumn.values();

    private final long[] values;
    private final long presentTime;

    private HwuiFrame(long[] values, long presentTime) {
        this.values = values;
        this.presentTime = presentTime;
    }

    public long get(FrameColumn column) {
        return values[column.ordinal()];
    }

    public long flags() {
        return get(FrameColumn.FLAGS);
    }

    public long intendedVsync() {
        return get(FrameColumn.INTENDED_VSYNC);
    }

    public long frameCompleted() {
        return get(FrameColumn.FRAME_COMPLETED);
    }

    /** The time everything about this frame is known: {@code max(FrameCompleted, GpuCompleted)}. */
    public long completionTime() {
        return Math.max(get(FrameColumn.FRAME_COMPLETED), get(FrameColumn.GPU_COMPLETED));
    }

    /** Display present time (SurfaceFlinger {@code actualPresentTime}) of this frame's buffer. */
    public long presentTime() {
        return presentTime;
    }

    /**
     * How the frame looks in a dump taken at {@code now} while it is still in flight: timestamps that lie in
     * the future (and the durations measured after SwapBuffers) read 0, so {@code FrameCompleted} is 0.
     */
    public HwuiFrame asSeenAt(long now) {
        long[] copy = values.clone();
        for (FrameColumn c : ALL) {
            if (c.isTimestamp() && copy[c.ordinal()] > now && copy[c.ordinal()] != Long.MAX_VALUE) {
                copy[c.ordinal()] = 0;
            }
        }
        if (values[FrameColumn.SWAP_BUFFERS.ordinal()] > now) {
            copy[FrameColumn.DEQUEUE_BUFFER_DURATION.ordinal()] = 0;
            copy[FrameColumn.QUEUE_BUFFER_DURATION.ordinal()] = 0;
        }
        return new HwuiFrame(copy, presentTime);
    }

    @Override
    public String toString() {
        return "HwuiFrame" + Arrays.toString(values);
    }

    /** Builder used by the generator (and tests). Unset values are 0. */
    public static final class Builder {
        private final long[] values = new long[ALL.length];
        private long presentTime;

        public Builder set(FrameColumn column, long value) {
            values[column.ordinal()] = value;
            return this;
        }

        public long get(FrameColumn column) {
            return values[column.ordinal()];
        }

        public Builder presentTime(long t) {
            this.presentTime = t;
            return this;
        }

        public HwuiFrame build() {
            return new HwuiFrame(values.clone(), presentTime);
        }
    }
}
