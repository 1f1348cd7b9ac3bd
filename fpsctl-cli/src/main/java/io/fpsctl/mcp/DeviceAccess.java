package io.fpsctl.mcp;

import io.fpsctl.capture.CaptureSession;
import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceDescription;
import java.util.List;

/**
 * How the server reaches devices: given by the command line, which knows {@code -s}, {@code -H}/{@code -P},
 * {@code --connect} and {@code --simulate} (a simulated device is started per opened package, as {@code capture
 * --simulate} does).
 */
public interface DeviceAccess {

    /** An open device; {@link #close} releases it (and stops a simulator behind it). */
    interface Opened extends AutoCloseable {
        Device device();

        CaptureSession.Reconnector reconnector();

        @Override
        void close();
    }

    /** The devices attached (or the simulated one). */
    List<DeviceDescription> list();

    /** Opens {@code serial} (null: the default device) to measure {@code pkg}. */
    Opened open(String pkg, String serial);
}
