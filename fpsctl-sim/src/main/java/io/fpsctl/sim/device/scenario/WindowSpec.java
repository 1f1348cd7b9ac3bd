package io.fpsctl.sim.device.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * One hwui window (a {@code ViewRootImpl}) of the app. Its phases repeat in a loop for as long as the app runs.
 *
 * @param activity   activity class; a leading {@code .} is prefixed with the package
 * @param title      window title; default {@code <package>/<activity class>} (the Activity default)
 * @param visibility {@code View} visibility printed in gfxinfo (0 visible, 4 invisible, 8 gone)
 * @param startMs    delay after app start before the window's first frame
 * @param views      number of views reported under {@code View hierarchy}
 * @param phases     the timeline, looped
 * @param touchDriven the window draws only while the screen is touched ({@code input swipe}: the swipe's
 *                    duration plus a 300 ms fling; {@code input tap}: 50 ms), one frame per vsync with the
 *                    first render phase's timing; its phases' durations are then ignored. Default false
 * @param surfaceView this window hosts the scenario's SurfaceView layer
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WindowSpec(String activity, String title, Integer visibility, Long startMs, Integer views,
                         List<PhaseSpec> phases, Boolean touchDriven) {

    public WindowSpec {
        activity = activity == null ? ".MainActivity" : activity;
        visibility = visibility == null ? 0 : visibility;
        startMs = startMs == null ? 0L : startMs;
        views = views == null ? 57 : views;
        phases = phases == null || phases.isEmpty() ? List.of(PhaseSpec.render(10_000, 0, null, false))
                : List.copyOf(phases);
        touchDriven = touchDriven != null && touchDriven;
    }

    public static WindowSpec of(String activity, List<PhaseSpec> phases) {
        return new WindowSpec(activity, null, null, null, null, phases, null);
    }

    /** The fully qualified activity class name for a package. */
    public String activityClass(String packageName) {
        return activity.startsWith(".") ? packageName + activity : activity;
    }

    /** The window title for a package (the jank-tracker name and the SurfaceFlinger layer base name). */
    public String titleFor(String packageName) {
        return title != null ? title : packageName + "/" + activityClass(packageName);
    }
}
