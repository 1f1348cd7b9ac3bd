package io.fpsctl.engine;

/**
 * Moves a frame of a later boot of the device onto the run's first timeline (docs/metrics.md "Coverage" rule 5):
 * after a device restart its CLOCK_MONOTONIC starts again near 0, so its frames would sort before the frames
 * already captured; every timestamp of such a frame is written {@code shift} ns later. Sentinels keep their
 * meaning and are not moved: 0 (column absent / not yet), INT64_MAX (fence pending / deadline unknown) and
 * negative values. Intervals, flags and tokens are not times and stay as they are.
 */
final class TimelineShift {

    private TimelineShift() {
    }

    /** {@code f} with its timestamps moved by {@code shift} ns; {@code f} itself when the shift is 0. */
    static Frame apply(Frame f, long shift) {
        if (shift == 0) {
            return f;
        }
        if (f instanceof RenderedFrame r) {
            return new RenderedFrame(r.window(), r.flags(), t(r.intendedVsync(), shift), t(r.vsync(), shift),
                    t(r.handleInputStart(), shift), t(r.animationStart(), shift),
                    t(r.performTraversalsStart(), shift), t(r.drawStart(), shift), t(r.syncQueued(), shift),
                    t(r.syncStart(), shift), t(r.issueDrawCommandsStart(), shift), t(r.swapBuffers(), shift),
                    t(r.frameCompleted(), shift), t(r.gpuCompleted(), shift), t(r.frameDeadline(), shift),
                    r.frameInterval(), r.frameTimelineVsyncId());
        }
        if (f instanceof PresentedFrame p) {
            return new PresentedFrame(p.window(), t(p.desiredPresent(), shift), t(p.actualPresent(), shift),
                    t(p.frameReady(), shift), p.period());
        }
        if (f instanceof AgentFrame a) {
            return new AgentFrame(a.window(), t(a.intendedVsync(), shift), t(a.end(), shift), a.interval(),
                    a.flags(), a.interaction(), a.stageNs(), t(a.deadline(), shift), a.choreographerNs());
        }
        return f; // a frame of fpsctl's own CSV: never live
    }

    /** A timestamp moved, a sentinel kept. */
    private static long t(long ns, long shift) {
        if (ns <= 0 || ns == Long.MAX_VALUE) {
            return ns;
        }
        long moved = ns + shift;
        // a sum that overflows or leaves the valid range would read as a sentinel: keep the time as it was
        return moved <= 0 || moved == Long.MAX_VALUE || ((ns ^ moved) & (shift ^ moved)) < 0 ? ns : moved;
    }
}
