package io.fpsctl.sink.report;

/**
 * For tests in other packages: the page's data put back into its script element exactly as {@link HtmlReport}
 * writes it ({@link HtmlReport#jsonInScript}), so that a test can send altered data through the page's own
 * escaping.
 */
public final class ReportPageData {
    private ReportPageData() {
    }

    public static String inScript(String json) {
        return HtmlReport.jsonInScript(json);
    }
}
