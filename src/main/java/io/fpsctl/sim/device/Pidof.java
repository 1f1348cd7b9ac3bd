package io.fpsctl.sim.device;

import java.util.ArrayList;
import java.util.List;

/** {@code pidof <name>…}: the app's pid when it runs; exit 1 when nothing matched. */
final class Pidof implements ShellCommand {

    private final AppLifecycle app;

    Pidof(AppLifecycle app) {
        this.app = app;
    }

    @Override
    public ShellReply run(List<String> args) {
        AppProcess process = app.process();
        List<String> pids = new ArrayList<>();
        for (String a : args) {
            if (process != null && a.equals(app.packageName())) {
                pids.add(String.valueOf(process.pid()));
            }
        }
        if (pids.isEmpty()) {
            return ShellReply.exit(1);
        }
        return ShellReply.ok(String.join(" ", pids) + "\n");
    }
}
