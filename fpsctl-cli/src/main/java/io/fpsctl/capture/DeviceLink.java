package io.fpsctl.capture;

import io.fpsctl.device.Device;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * The device a measurement runs on and how its poll loop lives with it: how a device that went away is waited for
 * and for how long, the host clock of the loop's deadline and sleeps, and where notes for the user go.
 *
 * @param device           the device (its shell, the loop's commands go through one stream per poll)
 * @param reconnector      waits for the device when it went away
 * @param reconnectTimeout how long at most (never past the end of the run)
 * @param clock            the loop's host clock ({@link HostClock#SYSTEM}; a test's runs faster than real time)
 * @param notes            one-line notes for the user (stderr), as they happen
 */
public record DeviceLink(Device device, CaptureSession.Reconnector reconnector, Duration reconnectTimeout,
                         HostClock clock, Consumer<String> notes) {
}
