package io.fpsctl.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fpsctl.engine.Summary;
import io.fpsctl.engine.compare.MetricComparison;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.util.List;

/**
 * A gate run of several iterations as one JSON object (docs/metrics.md section 8): the last iteration's schema-1
 * summary (so tools reading one summary still read it), plus {@code "iterations"} (every measured iteration's
 * summary, warm-ups left out) and {@code "comparison"} (the verdicts against {@code --baseline}, or null).
 * {@link SummaryJsonReader#readRun} reads the iterations back.
 */
public final class RunJson {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(SerializationFeature.INDENT_OUTPUT);
    private static final JsonFactory FACTORY = new JsonFactory();

    private RunJson() {
    }

    /** Writes the run; {@code comparison} null when there was no baseline run to compare with. */
    public static void write(List<Summary> iterations, List<MetricComparison> comparison, Writer out)
            throws IOException {
        write(iterations, null, comparison, out);
    }

    /**
     * Writes the run with where and when each iteration was measured ({@code metadata} parallel to
     * {@code iterations}, or null when unknown); the top level, like the last iteration, carries the last one's.
     */
    public static void write(List<Summary> iterations, List<RunMetadata> metadata, List<MetricComparison> comparison,
                             Writer out) throws IOException {
        if (iterations.isEmpty()) {
            throw new IllegalArgumentException("a run has at least one iteration");
        }
        if (metadata != null && metadata.size() != iterations.size()) {
            throw new IllegalArgumentException("one metadata per iteration");
        }
        int last = iterations.size() - 1;
        ObjectNode root = tree(iterations.get(last), metadata == null ? null : metadata.get(last));
        ArrayNode list = root.putArray(SummaryJsonSchema.ITERATIONS.name());
        for (int i = 0; i < iterations.size(); i++) {
            list.add(tree(iterations.get(i), metadata == null ? null : metadata.get(i)));
        }
        if (comparison == null) {
            root.putNull(SummaryJsonSchema.COMPARISON.name());
        } else {
            StringWriter w = new StringWriter();
            try (JsonGenerator g = FACTORY.createGenerator(w)) {
                ComparisonJson.write(g, comparison);
            }
            root.set(SummaryJsonSchema.COMPARISON.name(), MAPPER.readTree(w.toString()));
        }
        MAPPER.writeValue(new NonClosing(out), root);
        out.write(System.lineSeparator());
    }

    private static ObjectNode tree(Summary s, RunMetadata metadata) throws IOException {
        StringWriter w = new StringWriter();
        SummaryJson.write(s, metadata, w, false);
        return (ObjectNode) MAPPER.readTree(w.toString());
    }

    /** Jackson closes what it writes to; the caller owns {@code out}. */
    private static final class NonClosing extends java.io.FilterWriter {
        NonClosing(Writer out) {
            super(out);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
