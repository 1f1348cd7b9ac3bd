package io.fpsctl.format;

import com.fasterxml.jackson.core.JsonGenerator;
import io.fpsctl.engine.compare.MetricComparison;
import java.io.IOException;
import java.util.List;

/**
 * The docs/metrics.md section 8 comparison object, {@code {"<metric>": {"baseline", "candidate", "deltaPercent", …}}}:
 * the {@code "comparison"} of a gate's run JSON ({@link RunJson}) and of {@code fpsctl compare --format json}.
 * Values have the metric's printed precision ({@link Decimals#of}).
 */
public final class ComparisonJson {
    private ComparisonJson() {
    }

    /** Writes the object of {@code rows}, one member per compared metric. */
    public static void write(JsonGenerator g, List<MetricComparison> rows) throws IOException {
        g.writeStartObject();
        for (MetricComparison c : rows) {
            g.writeObjectFieldStart(c.metric().key());
            number(g, "baseline", c.baseline(), c);
            number(g, "baselineMin", c.baselineMin(), c);
            number(g, "baselineMax", c.baselineMax(), c);
            number(g, "candidate", c.candidate(), c);
            number(g, "candidateMin", c.candidateMin(), c);
            number(g, "candidateMax", c.candidateMax(), c);
            percent(g, "deltaPercent", c.deltaPercent());
            percent(g, "ciLowPercent", c.ciLowPercent());
            percent(g, "ciHighPercent", c.ciHighPercent());
            g.writeStringField("verdict", c.verdict().key());
            if (c.note() == null) {
                g.writeNullField("note");
            } else {
                g.writeStringField("note", c.note());
            }
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    private static void number(JsonGenerator g, String key, double v, MetricComparison c) throws IOException {
        g.writeFieldName(key);
        g.writeNumber(new java.math.BigDecimal(v).setScale(Decimals.of(c.metric()), java.math.RoundingMode.HALF_UP));
    }

    private static void percent(JsonGenerator g, String key, Double v) throws IOException {
        if (v == null) {
            g.writeNullField(key);
        } else {
            g.writeFieldName(key);
            g.writeNumber(new java.math.BigDecimal(v).setScale(2, java.math.RoundingMode.HALF_UP));
        }
    }
}
