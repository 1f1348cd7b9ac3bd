/**
 * Everything that talks adb, behind {@link io.fpsctl.device.Device}.
 *
 * <ul>
 *   <li>{@link io.fpsctl.device.Device} / {@link io.fpsctl.device.DadbDevice}: shell commands (shell protocol
 *       v2, exit codes kept), streaming shells, install/push; through the adb server or straight to a device
 *       port ({@code --simulate}).</li>
 *   <li>{@link io.fpsctl.device.AdbHostClient}: the adb server's host services (version, devices, track-devices,
 *       connect, disconnect), starting the server once if needed.</li>
 *   <li>{@link io.fpsctl.device.Devices}: which device a command uses, listing with model/Android
 *       version/refresh rate, waiting for a device to come back.</li>
 *   <li>Failures are {@link io.fpsctl.device.DeviceException}s (exit code 3) with one line saying what happened
 *       and what to do; {@link io.fpsctl.device.DeviceGoneException} means the transport died and the device may
 *       come back ({@link io.fpsctl.device.Devices#awaitOnline}).</li>
 * </ul>
 *
 * Protocol references are to {@code docs/docs/formats.md section 5.6.
 */
package io.fpsctl.device;
