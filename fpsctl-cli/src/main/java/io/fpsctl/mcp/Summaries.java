package io.fpsctl.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fpsctl.engine.Summary;
import io.fpsctl.format.RunMetadata;
import io.fpsctl.format.SummaryJson;
import io.fpsctl.sink.SummaryText;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;

/** A summary as the files have it: summary.json's object (docs/metrics.md 9) and the terminal's text. */
final class Summaries {
    private Summaries() {
    }

    static JsonNode json(ObjectMapper json, Summary s, RunMetadata metadata) throws IOException {
        StringWriter w = new StringWriter();
        SummaryJson.write(s, metadata, w, false);
        return json.readTree(w.toString());
    }

    /** The text {@code fpsctl analyze} prints, control characters escaped (a device names its windows). */
    static String text(Summary s, String title) {
        StringWriter w = new StringWriter();
        PrintWriter p = new PrintWriter(w);
        SummaryText.write(s, title, p, 100);
        p.flush();
        return Text.safe(w.toString());
    }
}
