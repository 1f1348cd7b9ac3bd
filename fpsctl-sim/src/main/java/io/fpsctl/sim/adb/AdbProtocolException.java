package io.fpsctl.sim.adb;

import java.io.IOException;

/** The host sent bytes that are not a valid adb transport message; the connection is dropped. */
public final class AdbProtocolException extends IOException {

    public AdbProtocolException(String message) {
        super(message);
    }
}
