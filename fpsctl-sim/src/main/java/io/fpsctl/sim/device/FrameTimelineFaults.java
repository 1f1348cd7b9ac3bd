package io.fpsctl.sim.device;

/**
 * Where the simulated SurfaceFlinger, display or scheduler is at fault (the {@code system-jank} scenario), decided
 * from the vsync index alone so it is deterministic and independent of polling: every 37th display frame is late
 * for a system reason (cycling SurfaceFlinger CPU, Display HAL, Prediction Error, SurfaceFlinger GPU,
 * SurfaceFlinger Scheduling), every 41st app buffer is stuffed (the layer's previous buffer was latched only at this
 * one's deadline, so it is presented one vsync late although on time: {@code Buffer Stuffing} by AOSP's rule, see
 * {@link SurfaceFrameClassifier}) and every 53rd app buffer is dropped by SurfaceFlinger (a newer one replaced it
 * before latch).
 */
final class FrameTimelineFaults {

    static final FrameTimelineFaults NONE = new FrameTimelineFaults(false);
    static final FrameTimelineFaults SYSTEM = new FrameTimelineFaults(true);

    private static final int[] DISPLAY_CYCLE = {JankBits.SF_CPU_DEADLINE_MISSED, JankBits.DISPLAY_HAL,
            JankBits.PREDICTION_ERROR, JankBits.SF_GPU_DEADLINE_MISSED, JankBits.SF_SCHEDULING};

    private final boolean on;

    private FrameTimelineFaults(boolean on) {
        this.on = on;
    }

    /** The faults of a scenario: only {@code system-jank} has any. */
    static FrameTimelineFaults forScenario(String name) {
        return "system-jank".equals(name) ? SYSTEM : NONE;
    }

    /** The system jank of the display frame presenting at vsync index {@code n} (0 = none). */
    int displayFault(long n) {
        if (!on || n % 37 != 0) {
            return JankBits.NONE;
        }
        return DISPLAY_CYCLE[(int) ((n / 37) % DISPLAY_CYCLE.length)];
    }

    /** The app buffer drawn at vsync index {@code n} is stuffed (presented a vsync late, app on time). */
    boolean stuffed(long n) {
        return on && n % 41 == 0 && displayFault(n) == JankBits.NONE;
    }

    /** The app buffer drawn at vsync index {@code n} is dropped by SurfaceFlinger. */
    boolean dropped(long n) {
        return on && n % 53 == 0 && !stuffed(n);
    }
}
