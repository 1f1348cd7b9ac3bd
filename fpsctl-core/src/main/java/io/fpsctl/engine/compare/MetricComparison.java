package io.fpsctl.engine.compare;

/**
 * One metric of a baseline run against a candidate run (docs/metrics.md section 8). Percentages are of the baseline's
 * median; they are null when that median is 0 (rev 3: the change is then judged by its side alone) and the
 * interval's are null when there is no finite interval.
 *
 * @param metric        what was compared
 * @param baseline      median over the baseline's iterations
 * @param baselineMin   smallest baseline iteration value
 * @param baselineMax   largest baseline iteration value
 * @param candidate     median over the candidate's iterations
 * @param candidateMin  smallest candidate iteration value
 * @param candidateMax  largest candidate iteration value
 * @param delta         the Hodges–Lehmann shift (candidate − baseline) when a finite 95 % interval exists, else the
 *                      difference of the medians, in the metric's unit
 * @param deltaPercent  {@code delta} as a percentage of the baseline median, or null
 * @param ciLowPercent  lower end of the 95 % interval as a percentage, or null
 * @param ciHighPercent upper end, or null
 * @param verdict       regressed, improved or unchanged
 * @param note          why no interval was used, or null
 */
public record MetricComparison(ComparedMetric metric, double baseline, double baselineMin, double baselineMax,
                               double candidate, double candidateMin, double candidateMax, double delta,
                               Double deltaPercent, Double ciLowPercent, Double ciHighPercent, Verdict verdict,
                               String note) {
}
