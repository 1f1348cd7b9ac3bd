package io.fpsctl.sim.device;

import java.util.List;

/**
 * {@code am force-stop <pkg>} and {@code am start|start-activity … <pkg>/<activity>}; {@code am instrument} is
 * streamed separately ({@link ShellDispatcher}).
 */
final class ActivityManagerCommand implements ShellCommand {

    private final AppLifecycle app;

    ActivityManagerCommand(AppLifecycle app) {
        this.app = app;
    }

    @Override
    public ShellReply run(List<String> args) {
        String packageName = app.packageName();
        String sub = args.isEmpty() ? "" : args.get(0);
        if (sub.equals("force-stop")) {
            if (args.size() > 1 && args.get(1).equals(packageName)) {
                app.stop();
            }
            return ShellReply.ok("");
        }
        if (sub.equals("start") || sub.equals("start-activity")) {
            for (String a : args) {
                if (a.startsWith(packageName + "/")) {
                    if (!app.isInstalled()) {
                        return new ShellReply("Starting: Intent { cmp=" + a + " }\n",
                                "Error type 3\nError: Activity class {" + a + "} does not exist.\n", 1);
                    }
                    app.start();
                    return ShellReply.ok("Starting: Intent { cmp=" + a + " }\n");
                }
            }
            return new ShellReply("", "Error: Activity not started, unable to resolve Intent\n", 1);
        }
        return new ShellReply("", "Unknown command: " + sub + "\n", 1);
    }
}
