package io.fpsctl.sim.device;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The default {@link InstrumentationStream}: the instrumentation is not installed, so AMS reports a start
 * failure ({@code id=ActivityManagerService}, {@code Error=Unable to find instrumentation info for: …}, code
 * -1, keys in alphabetical order) and {@code am} throws {@code INSTRUMENTATION_FAILED} on stderr, exit 1.
 */
public final class FailedInstrumentation implements InstrumentationStream {

    @Override
    public int run(List<String> args, OutputStream stdout, OutputStream stderr) throws IOException {
        String component = component(args);
        String out = "INSTRUMENTATION_STATUS: Error=Unable to find instrumentation info for: ComponentInfo{"
                + component + "}\n"
                + "INSTRUMENTATION_STATUS: id=ActivityManagerService\n"
                + "INSTRUMENTATION_STATUS_CODE: -1\n";
        String err = "android.util.AndroidException: INSTRUMENTATION_FAILED: " + component + "\n"
                + "\tat com.android.commands.am.Instrument.run(Instrument.java:519)\n"
                + "\tat com.android.commands.am.Am.runInstrument(Am.java:196)\n"
                + "\tat com.android.commands.am.Am.onRun(Am.java:80)\n"
                + "\tat com.android.internal.os.BaseCommand.run(BaseCommand.java:60)\n"
                + "\tat com.android.commands.am.Am.main(Am.java:50)\n"
                + "\tat com.android.internal.os.RuntimeInit.nativeFinishInit(Native Method)\n"
                + "\tat com.android.internal.os.RuntimeInit.main(RuntimeInit.java:399)\n";
        stdout.write(out.getBytes(StandardCharsets.UTF_8));
        stderr.write(err.getBytes(StandardCharsets.UTF_8));
        return 1;
    }

    /** The component: the last word that is not an option or an option's value. */
    static String component(List<String> args) {
        String last = "";
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-e")) {
                i += 2;
            } else if (a.equals("-p") || a.equals("--user") || a.equals("--abi") || a.equals("-f")) {
                i += 1;
            } else if (!a.startsWith("-")) {
                last = a;
            }
        }
        return last;
    }
}
