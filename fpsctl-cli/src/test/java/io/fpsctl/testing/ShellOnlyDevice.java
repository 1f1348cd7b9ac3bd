package io.fpsctl.testing;

import io.fpsctl.device.Device;
import io.fpsctl.device.ShellStream;
import java.nio.file.Path;

/** A fake device for poller and shell tests: subclasses answer {@code shell}; streams, installs and pushes are unsupported. */
public abstract class ShellOnlyDevice implements Device {

    @Override
    public String serial() {
        return "fake";
    }

    @Override
    public ShellStream openShell(String command) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void install(Path apk) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void push(Path local, String remotePath) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void close() {
    }
}
