package io.fpsctl.engine;

/**
 * The pid of the measured app's process: with a SurfaceFrame's {@code Token} the key of the FrameTimeline join
 * (docs/metrics.md 10. SurfaceFlinger prints it as {@code Owner Pid : N} ({@code SurfaceFrame::dump}, frameworks/native
 * {@code services/surfaceflinger/FrameTimeline/FrameTimeline.cpp}, android-12.0.0_r1 … android-16.0.0_r2): the layer's
 * {@code mOwnerPid}, which {@code Layer::Layer} takes from the window's {@code METADATA_OWNER_PID} (the app's pid, set
 * by the window manager) or else from the creating process ({@code Layer.cpp}, same tags). A capture learns it from
 * gfxinfo's {@code ** Graphics info for pid N [pkg] **} line or from {@code pidof}, and again after the app restarts.
 *
 * @param value the pid, positive
 */
public record AppPid(int value) {

    public AppPid {
        if (value <= 0) {
            throw new IllegalArgumentException("a pid is positive: " + value);
        }
    }

    /** The pid a SurfaceFrame printed as its {@code Owner Pid}: true when it is this one. */
    public boolean owns(SurfaceFrameRecord r) {
        return r.ownerPid() == value;
    }

    @Override
    public String toString() {
        return Integer.toString(value);
    }
}
