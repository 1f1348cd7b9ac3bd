package io.fpsctl.capture;

import io.fpsctl.device.Device;
import io.fpsctl.device.ShellResult;
import io.fpsctl.android.ShellQuote;

/** Whether the app under test is installed and running, asked the way adb users would ({@code pm path}, {@code pidof}). */
public final class AppCheck {

    public enum State { RUNNING, NOT_RUNNING, NOT_INSTALLED }

    private AppCheck() {
    }

    public static State check(Device device, String pkg) {
        ShellResult path = device.shell(ShellQuote.command("pm path", pkg));
        if (!path.succeeded() || !path.stdout().contains("package:")) {
            return State.NOT_INSTALLED;
        }
        ShellResult pid = device.shell(ShellQuote.command("pidof", pkg));
        return pid.succeeded() && !pid.stdout().isBlank() ? State.RUNNING : State.NOT_RUNNING;
    }
}
