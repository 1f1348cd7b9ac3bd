package io.fpsctl.sim.device;

import java.util.List;

/**
 * {@code monkey -p <pkg> -c android.intent.category.LAUNCHER 1}: launches the app's launcher activity.
 *
 * <p>Sourced from development {@code cmds/monkey} at android-6.0.0_r1, android-8.0.0_r1 and android-14.0.0_r1:
 * <ul>
 *   <li>the {@code monkey} script (8+; {@code monkey.sh} from 14) runs {@code echo "  bash arg:" $a} for each
 *       argument before {@code exec app_process}; the 6/7 script echoes nothing;</li>
 *   <li>{@code Monkey.getMainApps} prints {@code "** No activities found to run, monkey aborted."} with
 *       {@code System.out.println} (6–13; {@code Logger.out.println}, also stdout, on 14+) and returns false, so
 *       {@code run} returns -4 and {@code main} calls {@code System.exit(-4)}: exit status 252;</li>
 *   <li>at verbosity 0 a run prints {@code "Events injected: " + eventCounter} ({@code runMonkeyCycles}) then
 *       {@code MonkeyNetworkMonitor.dump}'s {@code "## Network stats: elapsed time=…ms (…ms mobile, …ms wifi,
 *       …ms not connected)"}. The elapsed figures (a few ms for one event, no network) are inferred.</li>
 * </ul>
 */
final class MonkeyCommand implements ShellCommand {
    private final AndroidVersion version;
    private final AppLifecycle app;
    private final AppRuntime runtime;

    MonkeyCommand(AndroidVersion version, AppLifecycle app, AppRuntime runtime) {
        this.version = version;
        this.app = app;
        this.runtime = runtime;
    }

    @Override
    public ShellReply run(List<String> args) {
        StringBuilder out = new StringBuilder();
        if (version.major() >= 8) {
            for (String a : args) {
                out.append("  bash arg: ").append(a).append('\n');
            }
        }
        int p = args.indexOf("-p");
        if (p < 0 || p + 1 >= args.size() || !args.get(p + 1).equals(app.packageName()) || !app.isInstalled()) {
            out.append("** No activities found to run, monkey aborted.\n");
            return new ShellReply(out.toString(), "", 252);
        }
        app.start();
        runtime.launched();
        out.append("Events injected: 1\n")
                .append("## Network stats: elapsed time=5ms (0ms mobile, 0ms wifi, 5ms not connected)\n");
        return ShellReply.ok(out.toString());
    }
}
