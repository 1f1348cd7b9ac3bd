package io.fpsctl.sim.device;

import java.util.List;

/** {@code monkey -p <pkg> -c android.intent.category.LAUNCHER 1}: launches the app's launcher activity. */
final class MonkeyCommand implements ShellCommand {
    private final AppLifecycle app;
    private final AppRuntime runtime;

    MonkeyCommand(AppLifecycle app, AppRuntime runtime) {
        this.app = app;
        this.runtime = runtime;
    }

    @Override
    public ShellReply run(List<String> args) {
        int p = args.indexOf("-p");
        if (p < 0 || p + 1 >= args.size() || !args.get(p + 1).equals(app.packageName()) || !app.isInstalled()) {
            return new ShellReply("", "** No activities found to run, monkey aborted.\n", 252);
        }
        app.start();
        runtime.launched();
        return ShellReply.ok("  bash arg: -p\n  bash arg: " + app.packageName() + "\nEvents injected: 1\n");
    }
}
