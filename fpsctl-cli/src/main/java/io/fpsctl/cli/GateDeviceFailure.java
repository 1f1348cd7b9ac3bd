package io.fpsctl.cli;

import io.fpsctl.device.DeviceException;
import io.fpsctl.text.TerminalText;
import io.fpsctl.verdict.GateCheck;
import io.fpsctl.verdict.GateResult;
import java.util.List;

/**
 * The verdict of a {@code gate} whose device failed before anything could be judged (exit 3: no server, no device, a
 * device that refused or stopped answering while the measurement was set up): one failing check that says why, so
 * the JUnit XML and Markdown reports a CI reads still exist and fail (docs/outputs-and-signals.md, "Errors and partial
 * runs") instead of being absent, which a CI may take for "no tests".
 */
final class GateDeviceFailure {
    /** The check's name in every report. */
    static final String METRIC = "device";

    private GateDeviceFailure() {
    }

    /** The message of a device failure (exit 3) that escaped the measurement, or null for any other failure. */
    static String messageOf(RuntimeException e) {
        if (e instanceof CliException c) {
            return c.exitCode() == ExitCode.DEVICE ? c.getMessage() : null;
        }
        if (e instanceof DeviceException d) {
            return ExitCode.of(d) == ExitCode.DEVICE ? d.getMessage() : null;
        }
        return null;
    }

    /** The reports' subject: the package and why nothing was measured (Markdown shows no check messages). */
    static String subject(String pkg, String message) {
        return pkg + ": nothing was measured: " + message;
    }

    /**
     * A failed result whose one check says why nothing was measured. The message holds device text (a serial, what
     * the device answered), so its control characters, C1 controls and bidi overrides are shown visibly as on the
     * terminal ({@link TerminalText#escape}): the JUnit writer keeps C1 and bidi, which XML 1.0 allows.
     */
    static GateResult result(String message) {
        return new GateResult(List.of(new GateCheck(METRIC, "a device that answers", "unavailable",
                GateCheck.Verdict.FAIL, "nothing was measured: " + TerminalText.escape(message))));
    }
}
