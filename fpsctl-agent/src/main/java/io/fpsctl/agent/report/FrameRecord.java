package io.fpsctl.agent.report;

/**
 * One rendered frame, the fields of an {@code F} record in protocol order. Mutable and reusable so the
 * FrameMetrics listener allocates nothing per frame beyond the encoded text.
 */
public final class FrameRecord {
    /** Window name (activity short class name). */
    public String window = "";
    /** FrameMetrics INTENDED_VSYNC_TIMESTAMP, 0 if unknown. */
    public long intendedVsyncNs;
    /** FrameMetrics VSYNC_TIMESTAMP, 0 if unknown. */
    public long vsyncNs;
    /** intendedVsync + TOTAL_DURATION, 0 if unknown. */
    public long endNs;
    /** Interval since the previous frame's vsync, -1 if unknown. */
    public long intervalNs = Protocol.UNKNOWN;
    /** {@link Protocol#FLAG_FIRST_DRAW} bits. */
    public int flags;
    /** {@link Protocol}{@code .INTERACTION_*} bits. */
    public int interaction;
    /** UNKNOWN_DELAY_DURATION. */
    public long delayNs = Protocol.UNKNOWN;
    /** INPUT_HANDLING_DURATION. */
    public long inputNs = Protocol.UNKNOWN;
    /** ANIMATION_DURATION. */
    public long animationNs = Protocol.UNKNOWN;
    /** LAYOUT_MEASURE_DURATION. */
    public long layoutNs = Protocol.UNKNOWN;
    /** DRAW_DURATION. */
    public long drawNs = Protocol.UNKNOWN;
    /** SYNC_DURATION. */
    public long syncNs = Protocol.UNKNOWN;
    /** COMMAND_ISSUE_DURATION. */
    public long commandNs = Protocol.UNKNOWN;
    /** SWAP_BUFFERS_DURATION. */
    public long swapNs = Protocol.UNKNOWN;
    /** GPU_DURATION (API 31+). */
    public long gpuNs = Protocol.UNKNOWN;
    /** Absolute deadline (intendedVsync + DEADLINE, API 31+), 0 if unknown. */
    public long deadlineNs;
    /** Time in Choreographer's INPUT queue, -1 if the queue hook is unavailable. */
    public long chInputNs = Protocol.UNKNOWN;
    /** Time in Choreographer's ANIMATION queue (and INSETS_ANIMATION), -1 if unavailable. */
    public long chAnimationNs = Protocol.UNKNOWN;
    /** Time from the TRAVERSAL queue head to the end of the frame message, -1 if unavailable. */
    public long chTraversalNs = Protocol.UNKNOWN;
}
