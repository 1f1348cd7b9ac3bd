package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.TimeSource;

import java.util.List;

/**
 * {@code dumpsys gfxinfo [<pkg|pid>] [framestats] [reset] [-a]}: ActivityManagerService's process selection and
 * argument flags (docs/formats.md 5.1 step 1 and 3); the process text comes from {@link GfxinfoFormatter}.
 */
final class GfxinfoService implements DumpsysService {

    private final AppLifecycle app;
    private final TimeSource time;
    private final GfxinfoFormatter formatter;

    GfxinfoService(AndroidVersion version, AppLifecycle app, TimeSource time) {
        this.app = app;
        this.time = time;
        this.formatter = new GfxinfoFormatter(version);
    }

    @Override
    public String dump(List<String> args) {
        long now = time.nanoTime();
        AppProcess process = app.process();
        boolean all = args.isEmpty() || args.get(0).startsWith("-");
        boolean framestats = args.isEmpty();
        boolean reset = false;
        for (String a : args) {
            if (a.equals("framestats")) {
                framestats = true;
            } else if (a.equals("reset")) {
                reset = true;
            } else if (a.equals("-a")) {
                framestats = true;
            }
        }
        boolean match = process != null
                && (all || args.get(0).equals(app.packageName()) || args.get(0).equals(String.valueOf(process.pid())));
        if (!match && !all) {
            return "No process found for: " + args.get(0) + "\n";
        }
        StringBuilder sb = new StringBuilder(64 * 1024);
        formatter.appendHeader(sb, now);
        if (match) {
            formatter.appendProcess(sb, process, app.packageName(), now, framestats);
            if (reset) {
                process.resetStats(now);
            }
        }
        return sb.toString();
    }
}
