package io.fpsctl.sim.device.frames;

/**
 * When a touch-driven window renders: the spans of device time during which the screen is swiped, tapped or
 * the list still flings after a swipe. Outside them the window draws nothing.
 */
public interface TouchActivity {

    /** The earliest time {@code >= t} that lies in a rendering span, or {@link Long#MAX_VALUE} when none is known. */
    long renderingAtOrAfter(long t);

    /** Whether {@code t} lies in a rendering span. */
    default boolean rendering(long t) {
        return renderingAtOrAfter(t) == t;
    }
}
