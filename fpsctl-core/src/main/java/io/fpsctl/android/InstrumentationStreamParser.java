package io.fpsctl.android;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Streaming parser of {@code am instrument -w -r} output (frameworks/base cmds/am/src/com/android/commands/am/
 * Instrument.java {@code TextStatusReporter}, android-11.0.0_r1; summarised in docs/formats.md 5.7 and in
 * docs/agent-protocol.md section 2). Reads line by line and yields one
 * {@link Event} per status bundle ({@code INSTRUMENTATION_STATUS: k=v} lines closed by
 * {@code INSTRUMENTATION_STATUS_CODE: n}), per final result ({@code INSTRUMENTATION_RESULT} lines closed by
 * {@code INSTRUMENTATION_CODE: n}), and per {@code INSTRUMENTATION_FAILED}/{@code INSTRUMENTATION_ABORTED}/
 * {@code onError} line. A line that does not start with one of the prefixes continues the previous value (values
 * may span lines); such a line with no value to continue is reported as {@link Kind#TEXT}.
 */
public final class InstrumentationStreamParser {

    /** What an event is. */
    public enum Kind {
        /** A status bundle and its code. */
        STATUS,
        /** The final result bundle and the session code ({@code -1} = completed). */
        RESULT,
        /** {@code INSTRUMENTATION_FAILED: …}, {@code INSTRUMENTATION_ABORTED: …} or {@code onError: …}. */
        FAILED,
        /** Output outside any bundle. */
        TEXT
    }

    /**
     * One event.
     *
     * @param bundle keys → values in the order printed (STATUS/RESULT; empty otherwise)
     * @param code   the status or session code; null when the stream ended before it (or for FAILED/TEXT)
     * @param text   the line's text for FAILED/TEXT; null otherwise
     */
    public record Event(Kind kind, Map<String, String> bundle, Integer code, String text) {
    }

    private static final String STATUS = "INSTRUMENTATION_STATUS: ";
    private static final String STATUS_CODE = "INSTRUMENTATION_STATUS_CODE: ";
    private static final String RESULT = "INSTRUMENTATION_RESULT: ";
    private static final String CODE = "INSTRUMENTATION_CODE: ";
    private static final String[] FAILURES = {"INSTRUMENTATION_FAILED: ", "INSTRUMENTATION_ABORTED: ", "onError: "};

    private final BufferedReader in;
    private Map<String, String> bundle = new LinkedHashMap<>();
    private Kind bundleKind;
    private String lastKey;
    private boolean ended;

    public InstrumentationStreamParser(InputStream in) {
        this.in = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    /** The next event, blocking until it is complete; null at the end of the stream. */
    public Event next() throws IOException {
        while (!ended) {
            String line = in.readLine();
            if (line == null) {
                ended = true;
                return bundleKind == null ? null : take(null); // cut short: what arrived, without a code
            }
            if (line.endsWith("\r")) {
                line = line.substring(0, line.length() - 1);
            }
            if (line.startsWith(STATUS_CODE)) {
                bundleKind = Kind.STATUS;
                return take(code(line, STATUS_CODE));
            }
            if (line.startsWith(CODE)) {
                bundleKind = Kind.RESULT;
                return take(code(line, CODE));
            }
            if (line.startsWith(STATUS)) {
                put(Kind.STATUS, line.substring(STATUS.length()));
                continue;
            }
            if (line.startsWith(RESULT)) {
                put(Kind.RESULT, line.substring(RESULT.length()));
                continue;
            }
            for (String f : FAILURES) {
                if (line.startsWith(f)) {
                    lastKey = null;
                    return new Event(Kind.FAILED, Map.of(), null, line);
                }
            }
            if (lastKey != null) {
                bundle.merge(lastKey, "\n" + line, String::concat);
            } else {
                return new Event(Kind.TEXT, Map.of(), null, line);
            }
        }
        return null;
    }

    private void put(Kind kind, String keyValue) {
        if (bundleKind != null && bundleKind != kind && !bundle.isEmpty()) {
            // a RESULT line after STATUS lines without a code: keep them together rather than lose them
            kind = bundleKind;
        }
        bundleKind = kind;
        int eq = keyValue.indexOf('=');
        String key = eq < 0 ? keyValue : keyValue.substring(0, eq);
        String value = eq < 0 ? "" : keyValue.substring(eq + 1);
        bundle.put(key, value);
        lastKey = key;
    }

    private Event take(Integer code) {
        Event e = new Event(bundleKind, Collections.unmodifiableMap(bundle), code, null);
        bundle = new LinkedHashMap<>();
        bundleKind = null;
        lastKey = null;
        return e;
    }

    private static Integer code(String line, String prefix) {
        try {
            return Integer.parseInt(line.substring(prefix.length()).trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
