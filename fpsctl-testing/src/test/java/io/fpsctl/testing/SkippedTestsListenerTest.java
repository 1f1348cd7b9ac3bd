package io.fpsctl.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SkippedTestsListenerTest {
    @Test
    void namesTheTestAndWhy() {
        // JUnit's assumeTrue(false, "x") aborts with the message "Assumption failed: x"
        assertEquals("[fpsctl tests] SKIPPED ReportBrowserTest: chromium is not installed",
                SkippedTestsListener.line("ReportBrowserTest", "Assumption failed: chromium is not installed"));
        assertEquals("[fpsctl tests] SKIPPED x", SkippedTestsListener.line("x", null));
    }
}
