package io.fpsctl.sim.device;

import java.util.List;

/**
 * {@code pm list packages [-3|-s] [filter]}, {@code pm path <pkg>}, {@code pm install …} (any APK is fpsctl's
 * agent), {@code pm uninstall <pkg>}; also what {@code cmd package …} runs.
 */
final class PackageManagerCommand implements ShellCommand {

    /** The only APK fpsctl installs: its agent. The simulator cannot read an APK's manifest, so any install is it. */
    static final String AGENT_PACKAGE = "io.fpsctl.agent";

    private static final String[] SYSTEM_PACKAGES = {"android", "com.android.systemui", "com.android.settings",
            "com.android.shell", "com.android.launcher3", "com.google.android.webview"};

    private final AppLifecycle app;

    PackageManagerCommand(AppLifecycle app) {
        this.app = app;
    }

    @Override
    public ShellReply run(List<String> args) {
        String packageName = app.packageName();
        if (args.size() >= 2 && args.get(0).equals("list") && args.get(1).equals("packages")) {
            boolean thirdParty = args.contains("-3");
            boolean system = args.contains("-s");
            String filter = "";
            for (String a : args.subList(2, args.size())) {
                if (!a.startsWith("-")) {
                    filter = a;
                }
            }
            StringBuilder sb = new StringBuilder();
            if (!thirdParty) {
                for (String s : SYSTEM_PACKAGES) {
                    if (s.contains(filter)) {
                        sb.append("package:").append(s).append('\n');
                    }
                }
            }
            if (app.isInstalled() && !system && packageName.contains(filter)) {
                sb.append("package:").append(packageName).append('\n');
            }
            if (app.isAgentInstalled() && !system && AGENT_PACKAGE.contains(filter)) {
                sb.append("package:").append(AGENT_PACKAGE).append('\n');
            }
            return ShellReply.ok(sb.toString());
        }
        if (!args.isEmpty() && args.get(0).equals("install")) {
            app.setAgentInstalled(true);
            return ShellReply.ok("Success\n");
        }
        if (args.size() >= 2 && args.get(0).equals("uninstall")) {
            String pkg = args.get(args.size() - 1);
            if (pkg.equals(AGENT_PACKAGE) && app.isAgentInstalled()) {
                app.setAgentInstalled(false);
                return ShellReply.ok("Success\n");
            }
            if (pkg.equals(packageName) && app.isInstalled()) {
                app.uninstall();
                return ShellReply.ok("Success\n");
            }
            return new ShellReply("Failure [DELETE_FAILED_INTERNAL_ERROR]\n", "", 1);
        }
        if (args.size() >= 2 && args.get(0).equals("path")) {
            if (app.isInstalled() && args.get(1).equals(packageName)) {
                return ShellReply.ok("package:" + app.apkDir() + "/base.apk\n");
            }
            return ShellReply.exit(1);
        }
        return new ShellReply("", "Unknown command: " + (args.isEmpty() ? "" : args.get(0)) + "\n", 1);
    }
}
