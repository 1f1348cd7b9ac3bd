package io.fpsctl.sim.device.frames;

/**
 * Every value hwui can record for a frame (the union of {@code FrameInfoIndex} over Android 6–16), in no
 * particular order. Which of them a given Android version prints, in which order and under which label is
 * decided by {@link io.fpsctl.sim.device.AndroidVersion}.
 */
public enum FrameColumn {
    FLAGS("Flags"),
    FRAME_TIMELINE_VSYNC_ID("FrameTimelineVsyncId"),
    INTENDED_VSYNC("IntendedVsync"),
    VSYNC("Vsync"),
    OLDEST_INPUT_EVENT("OldestInputEvent"),
    NEWEST_INPUT_EVENT("NewestInputEvent"),
    INPUT_EVENT_ID("InputEventId"),
    HANDLE_INPUT_START("HandleInputStart"),
    ANIMATION_START("AnimationStart"),
    PERFORM_TRAVERSALS_START("PerformTraversalsStart"),
    DRAW_START("DrawStart"),
    FRAME_DEADLINE("FrameDeadline"),
    FRAME_START_TIME("FrameStartTime"),
    FRAME_INTERVAL("FrameInterval"),
    WORKLOAD_TARGET("WorkloadTarget"),
    SYNC_QUEUED("SyncQueued"),
    SYNC_START("SyncStart"),
    ISSUE_DRAW_COMMANDS_START("IssueDrawCommandsStart"),
    SWAP_BUFFERS("SwapBuffers"),
    FRAME_COMPLETED("FrameCompleted"),
    DEQUEUE_BUFFER_DURATION("DequeueBufferDuration"),
    QUEUE_BUFFER_DURATION("QueueBufferDuration"),
    GPU_COMPLETED("GpuCompleted"),
    SWAP_BUFFERS_COMPLETED("SwapBuffersCompleted"),
    DISPLAY_PRESENT_TIME("DisplayPresentTime"),
    COMMAND_SUBMISSION_COMPLETED("CommandSubmissionCompleted");

    private final String label;

    FrameColumn(String label) {
        this.label = label;
    }

    /** The name hwui gives this index in {@code FrameInfoNames} (before any version's label mix-up). */
    public String label() {
        return label;
    }

    /** True for columns holding a CLOCK_MONOTONIC timestamp (as opposed to flags, ids and durations). */
    public boolean isTimestamp() {
        switch (this) {
            case FLAGS:
            case FRAME_TIMELINE_VSYNC_ID:
            case INPUT_EVENT_ID:
            case FRAME_INTERVAL:
            case WORKLOAD_TARGET:
            case DEQUEUE_BUFFER_DURATION:
            case QUEUE_BUFFER_DURATION:
                return false;
            default:
                return true;
        }
    }
}
