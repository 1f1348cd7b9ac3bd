/**
 * The self-contained HTML report ({@code fpsctl report}, {@code capture --report}, {@code gate --report}): the
 * frames of a run are collected by {@link io.fpsctl.sink.report.ReportFrames}, and {@link
 * io.fpsctl.sink.report.HtmlReport} writes one HTML file with uPlot and the data inlined. The page draws
 * decimated data (min and max per pixel column) but every figure comes from the summary, which counts every frame.
 */
package io.fpsctl.sink.report;
