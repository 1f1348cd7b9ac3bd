package io.fpsctl.sim.device.scenario;

/**
 * A mid-run display refresh-rate switch.
 *
 * @param atMs time after the simulator start
 * @param hz   new refresh rate
 */
public record RefreshChange(long atMs, int hz) {
}
