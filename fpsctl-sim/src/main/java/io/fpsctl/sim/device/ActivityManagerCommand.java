package io.fpsctl.sim.device;

import java.util.List;

/**
 * {@code am force-stop <pkg>}, {@code am start|start-activity … <pkg>/<activity>} and
 * {@code am broadcast -a ACTION [-p PKG]}; {@code am instrument} is streamed separately ({@link ShellDispatcher}).
 */
final class ActivityManagerCommand implements ShellCommand {

    private final AppLifecycle app;
    private final AppRuntime runtime;

    ActivityManagerCommand(AppLifecycle app, AppRuntime runtime) {
        this.app = app;
        this.runtime = runtime;
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
                    runtime.launched();
                    return ShellReply.ok("Starting: Intent { cmp=" + a + " }\n");
                }
            }
            return new ShellReply("", "Error: Activity not started, unable to resolve Intent\n", 1);
        }
        if (sub.equals("broadcast")) {
            int a = args.indexOf("-a");
            String action = a >= 0 && a + 1 < args.size() ? args.get(a + 1) : "";
            if (runtime.broadcastsLost()) {
                // a fault, not Android's text: the broadcast reaches nobody and am says it failed
                return new ShellReply("", "Error: broadcast " + action + " lost (simulated fault)\n", 1);
            }
            if (app.process() != null) {
                runtime.broadcast(action);
            }
            return ShellReply.ok("Broadcasting: Intent { act=" + action + " flg=0x400000 }\n"
                    + "Broadcast completed: result=0\n");
        }
        return new ShellReply("", "Unknown command: " + sub + "\n", 1);
    }
}
