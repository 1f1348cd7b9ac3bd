/**
 * The gate's verdicts: thresholds checked against a summary ({@link io.fpsctl.verdict.Gate}), the checks against a
 * baseline run ({@link io.fpsctl.verdict.ComparisonChecks}) and their words. Presenting them (terminal table,
 * Markdown, JUnit) is {@code sink}'s. Depends on {@code engine} and {@code format}.
 */
package io.fpsctl.verdict;
