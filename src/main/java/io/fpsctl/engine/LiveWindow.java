package io.fpsctl.engine;

/**
 * One closed live window of {@code --window} length on the frames' own timeline (METRICS.md section 6). A
 * window without frames is idle ({@code stats.idle()}), not 0 fps.
 *
 * @param index   0 for the window that starts at the first counted frame
 * @param startNs inclusive start on the frame timeline
 * @param endNs   exclusive end
 */
public record LiveWindow(long index, long startNs, long endNs, Summary stats) {
}
