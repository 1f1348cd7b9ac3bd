package io.fpsctl.capture;

import io.fpsctl.device.Device;
import io.fpsctl.device.DeviceGoneException;
import io.fpsctl.device.ShellResult;
import io.fpsctl.device.ShellStream;
import io.fpsctl.sim.device.SimulatedAndroid;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalInt;

/**
 * A simulated Android's shell called in this process, no adb in between: with a {@link SteppedClock} the capture
 * package and the engine run against the simulator's output without waiting in real time (the transport is what
 * the adb rows of {@link DeviceMatrixTest} and the end-to-end classes check).
 */
public final class InProcessSimDevice implements Device {
    private final SimulatedAndroid sim;

    public InProcessSimDevice(SimulatedAndroid sim) {
        this.sim = sim;
    }

    @Override
    public String serial() {
        return "in-process";
    }

    @Override
    public ShellResult shell(String command, Duration timeout) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc;
        try {
            rc = sim.run(command, out, err);
        } catch (IOException e) {
            throw new DeviceGoneException(serial(), e.getMessage(), e);
        }
        return new ShellResult(out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), rc);
    }

    /** The whole output at once: the command has run to its end on the stepped clock. */
    @Override
    public ShellStream openShell(String command) {
        ShellResult r = shell(command, DEFAULT_SHELL_TIMEOUT);
        InputStream in = new ByteArrayInputStream(r.stdout().getBytes(StandardCharsets.UTF_8));
        return new ShellStream() {
            @Override
            public InputStream stdout() {
                return in;
            }

            @Override
            public String stderr() {
                return r.stderr();
            }

            @Override
            public OptionalInt exitCode() {
                return OptionalInt.of(r.exitCode());
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public void install(Path apk) {
        throw new UnsupportedOperationException("the in-process device installs nothing");
    }

    @Override
    public void push(Path local, String remotePath) {
        throw new UnsupportedOperationException("the in-process device takes no files");
    }

    @Override
    public void close() {
    }
}
