package io.fpsctl.capture;

import io.fpsctl.android.Pm;
import io.fpsctl.android.Pidof;
import io.fpsctl.device.Device;
import io.fpsctl.device.ShellResult;

/** Whether the app under test is installed and running, asked the way adb users would ({@code pm path}, {@code pidof}). */
public final class AppCheck {

    public enum State { RUNNING, NOT_RUNNING, NOT_INSTALLED }

    private AppCheck() {
    }

    public static State check(Device device, String pkg) {
        ShellResult path = device.shell(Pm.path(pkg));
        if (!Pm.installed(path.succeeded(), path.stdout())) {
            return State.NOT_INSTALLED;
        }
        ShellResult pid = device.shell(Pidof.command(pkg));
        return pid.succeeded() && Pidof.parse(pid.stdout()) != null ? State.RUNNING : State.NOT_RUNNING;
    }
}
