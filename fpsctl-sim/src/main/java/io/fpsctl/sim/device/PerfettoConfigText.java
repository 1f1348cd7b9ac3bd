package io.fpsctl.sim.device;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The parts of a text-format {@code TraceConfig} ({@code perfetto --txt}) the simulated device acts on: the data
 * sources' names, {@code duration_ms} and {@code write_into_file} (field names from google/perfetto
 * {@code protos/perfetto/config/trace_config.proto} and {@code data_source_config.proto}, v58.2). The reader is a
 * small protobuf text-format tokenizer (fields {@code name: value} and {@code name { … }}, the colon before a brace
 * optional, {@code #} comments, double- or single-quoted strings), enough for every config fpsctl or Perfetto's own
 * examples send; the real CLI parses with its full pbtxt parser ({@code ParseTraceConfigPbtxt},
 * {@code src/perfetto_cmd/pbtxt_to_pb.cc}). Other fields are read and ignored.
 */
final class PerfettoConfigText {

    /** A field of the text proto: a scalar (value set) or a message (children set). */
    private record Field(String name, String value, List<Field> children) {
    }

    private final List<Field> root;

    private PerfettoConfigText(List<Field> root) {
        this.root = root;
    }

    /**
     * Parses the text.
     *
     * @return the config, or empty with the reason in {@code error[0]} when it is not valid text format
     */
    static Optional<PerfettoConfigText> parse(String text, String[] error) {
        Tokens tokens = new Tokens(text);
        try {
            List<Field> fields = message(tokens, false);
            return Optional.of(new PerfettoConfigText(fields));
        } catch (IllegalArgumentException e) {
            error[0] = e.getMessage();
            return Optional.empty();
        }
    }

    /** {@code data_sources { config { name: … } }}, in order. */
    List<String> dataSourceNames() {
        List<String> names = new ArrayList<>();
        for (Field ds : all(root, "data_sources")) {
            for (Field config : all(ds.children(), "config")) {
                for (Field name : all(config.children(), "name")) {
                    names.add(name.value());
                }
            }
        }
        return names;
    }

    /** {@code duration_ms}, 0 when absent (trace until stopped). */
    long durationMs() {
        List<Field> d = all(root, "duration_ms");
        return d.isEmpty() ? 0 : Long.parseLong(d.get(d.size() - 1).value());
    }

    /** {@code write_into_file}. */
    boolean writeIntoFile() {
        List<Field> w = all(root, "write_into_file");
        return !w.isEmpty() && w.get(w.size() - 1).value().equals("true");
    }

    private static List<Field> all(List<Field> fields, String name) {
        return fields.stream().filter(f -> f.name().equals(name)).toList();
    }

    private static List<Field> message(Tokens t, boolean nested) {
        List<Field> fields = new ArrayList<>();
        while (true) {
            String tok = t.next();
            if (tok == null) {
                if (nested) {
                    throw new IllegalArgumentException("unexpected end of input, expected '}'");
                }
                return fields;
            }
            if (tok.equals("}")) {
                if (!nested) {
                    throw new IllegalArgumentException("unexpected '}'");
                }
                return fields;
            }
            if (!tok.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new IllegalArgumentException("expected a field name, got '" + tok + "'");
            }
            String after = t.next();
            if (":".equals(after)) {
                after = t.next();
            }
            if (after == null) {
                throw new IllegalArgumentException("expected a value for '" + tok + "'");
            }
            if (after.equals("{")) {
                fields.add(new Field(tok, null, message(t, true)));
            } else if (after.equals("}") || after.equals(":")) {
                throw new IllegalArgumentException("expected a value for '" + tok + "'");
            } else {
                fields.add(new Field(tok, after, List.of()));
            }
        }
    }

    /** Tokens: punctuation, strings (unquoted), words and numbers. */
    private static final class Tokens {
        private final String s;
        private int i;

        Tokens(String s) {
            this.s = s;
        }

        String next() {
            while (i < s.length()) {
                char c = s.charAt(i);
                if (Character.isWhitespace(c) || c == ';' || c == ',') {
                    i++;
                } else if (c == '#') {
                    while (i < s.length() && s.charAt(i) != '\n') {
                        i++;
                    }
                } else {
                    break;
                }
            }
            if (i >= s.length()) {
                return null;
            }
            char c = s.charAt(i);
            if (c == '{' || c == '}' || c == ':') {
                i++;
                return String.valueOf(c);
            }
            if (c == '"' || c == '\'') {
                StringBuilder b = new StringBuilder();
                i++;
                while (i < s.length() && s.charAt(i) != c) {
                    char d = s.charAt(i++);
                    if (d == '\\' && i < s.length()) {
                        d = s.charAt(i++);
                    }
                    b.append(d);
                }
                if (i >= s.length()) {
                    throw new IllegalArgumentException("unterminated string");
                }
                i++;
                return b.toString();
            }
            int start = i;
            while (i < s.length() && !Character.isWhitespace(s.charAt(i)) && "{}:;,#\"'".indexOf(s.charAt(i)) < 0) {
                i++;
            }
            return s.substring(start, i);
        }
    }
}
