package io.fpsctl.testing;

import java.io.PrintStream;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Prints one line per test or class skipped, with why (e.g. "chromium is not installed"): surefire itself shows
 * only "Tests run: 0, Skipped: 0" for a class whose {@code @BeforeAll} assumption failed. Registered through
 * META-INF/services for every test run.
 */
public final class SkippedTestsListener implements TestExecutionListener {
    private final PrintStream out;

    public SkippedTestsListener() {
        this(System.out);
    }

    SkippedTestsListener(PrintStream out) {
        this.out = out;
    }

    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
        out.println(line(test.getDisplayName(), reason));
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
            out.println(line(test.getDisplayName(), result.getThrowable().map(Throwable::getMessage)
                    .orElse("assumption not met")));
        }
    }

    /** E.g. {@code [fpsctl tests] SKIPPED ReportBrowserTest: chromium is not installed (apt-get install chromium)}. */
    static String line(String name, String reason) {
        String why = reason == null ? "" : reason.replaceFirst("^Assumption failed: ", "");
        return "[fpsctl tests] SKIPPED " + name + (why.isEmpty() ? "" : ": " + why);
    }
}
