package io.fpsctl.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The hand-written Dart VM service exchange ({@code fpsctl-testing/src/main/resources/flutter/vm-service-exchange.txt}) shared by
 * the client's and the simulated server's golden tests.
 */
public final class VmServiceGolden {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One line: sent by the client ({@code toService}) or by the service; {@code clientPart} before the marker. */
    public record Line(boolean toService, String text, boolean clientPart) {
        public JsonNode json() {
            try {
                return JSON.readTree(text);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private VmServiceGolden() {
    }

    public static List<Line> lines() {
        try (InputStream in = VmServiceGolden.class.getResourceAsStream("/flutter/vm-service-exchange.txt")) {
            List<Line> out = new ArrayList<>();
            boolean client = true;
            for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (l.startsWith("## ")) {
                    client = false;
                } else if (l.startsWith("> ") || l.startsWith("< ")) {
                    out.add(new Line(l.startsWith("> "), l.substring(2), client));
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A message the service closes the connection for (lines {@code x> CODE TEXT}): the text, whether it goes as a
     * binary frame, and the close code expected.
     */
    public record Close(String text, boolean binary, int code) {
    }

    /** The golden's closing messages, in order. */
    public static List<Close> closes() {
        try (InputStream in = VmServiceGolden.class.getResourceAsStream("/flutter/vm-service-exchange.txt")) {
            List<Close> out = new ArrayList<>();
            for (String l : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (l.startsWith("x> ")) {
                    int space = l.indexOf(' ', 3);
                    String text = l.substring(space + 1);
                    boolean binary = text.startsWith("binary:");
                    out.add(new Close(binary ? text.substring(7) : text, binary,
                            Integer.parseInt(l.substring(3, space))));
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@code actual} with the clock-of-the-moment values replaced by the golden's, when both are integers:
     * {@code result.startTime} of a VM and {@code params.event.timestamp} of an event.
     */
    public static JsonNode withGoldenClocks(JsonNode actual, JsonNode golden) {
        JsonNode copy = actual.deepCopy();
        replace(copy.path("result"), golden.path("result"), "startTime", "VM");
        replace(copy.path("params").path("event"), golden.path("params").path("event"), "timestamp", null);
        return copy;
    }

    private static void replace(JsonNode a, JsonNode g, String key, String type) {
        if (a instanceof ObjectNode o && (type == null || type.equals(a.path("type").asText()))
                && a.path(key).isIntegralNumber() && g.path(key).isIntegralNumber()) {
            o.set(key, g.get(key));
        }
    }
}
