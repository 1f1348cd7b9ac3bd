package io.fpsctl.android;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fpsctl.engine.FlutterFrame;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a profile or debug Flutter app's Dart VM service says (docs/metrics.md 16), as pure functions: the logcat
 * line that announces it, the JSON-RPC 2.0 requests fpsctl sends and the replies and events it reads. All of it is
 * untrusted device text: sizes are bounded, values range-checked, and nothing here is printed unescaped.
 *
 * <p>Sources: the announcement is the Dart SDK's ({@code sdk/lib/_internal/vm/bin/vmservice_server.dart
 * Server.outputConnectionInformation}: "The Dart VM service is listening on $serverAddress"; Dart 2.16 and
 * older printed "Observatory listening on $serverAddress"), logged by the engine with the tag {@code flutter} at
 * INFO; fpsctl reads it with {@link #LOGCAT} ({@code -v brief}: {@code I/flutter ( 4482): …}, system/core
 * {@code liblog/logprint.cpp}). The protocol is dart-lang/sdk {@code runtime/vm/service/service.md} (at
 * 011068f8): requests {@code {"jsonrpc":"2.0","method":…,"params":{…},"id":…}} with named params; a reply carries
 * the same {@code id} and a {@code result} (whose {@code type} names it) or an {@code error} ({@code code},
 * {@code message}); events are requests without an {@code id}, {@code method} {@code streamNotify},
 * {@code params} {@code streamId} and {@code event}. The Extension stream's {@code Event} has {@code kind}
 * {@code Extension}, {@code extensionKind} and {@code extensionData}; Flutter's frames are {@code Flutter.Frame}
 * ({@link FlutterFrame}).
 */
public final class DartVmService {

    /** Dumps the main log, only the {@code flutter} tag at INFO and above, one {@code brief} line per entry. */
    public static final String LOGCAT = "logcat -d -v brief -s flutter:I";
    /** Longest message fpsctl reads from the service; a {@code Flutter.Frame} event is a few hundred bytes. */
    public static final int MAX_MESSAGE_CHARS = 64 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper();
    // brief: "%c/%-8s(%5d): msg"; host 127.0.0.1 (the engine binds loopback); token base64url, or none when
    // auth codes are disabled
    private static final Pattern ANNOUNCEMENT = Pattern.compile(
            "^I/flutter\\s*\\(\\s*(\\d{1,7})\\): (?:The Dart VM service is listening on|Observatory listening on)"
                    + " http://127\\.0\\.0\\.1:(\\d{1,5})/(?:([A-Za-z0-9_=-]{1,64})/)?\\s*$");
    /** Microseconds beyond which a frame value is not believed (an hour). */
    private static final long MAX_US = 3_600_000_000L;

    private DartVmService() {
    }

    /** Where a VM service listens on the device: its loopback port and auth token ("" when none). */
    public record Address(int pid, int devicePort, String token) {
        /** The WebSocket path: {@code /<token>/ws}, or {@code /ws} without a token. */
        public String webSocketPath() {
            return token.isEmpty() ? "/ws" : "/" + token + "/ws";
        }
    }

    /**
     * The newest announcement by process {@code pid} in {@link #LOGCAT}'s output (an app restarted with the same pid
     * is not told apart; a new process has a new pid), or empty when that process announced none (a release build,
     * or the line already left the log ring).
     */
    public static Optional<Address> newestAnnouncement(String logcat, int pid) {
        Address found = null;
        for (String line : logcat.split("\n", -1)) {
            String l = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
            if (l.length() > 300) {
                continue;
            }
            Matcher m = ANNOUNCEMENT.matcher(l);
            if (m.matches() && Integer.parseInt(m.group(1)) == pid) {
                int port = Integer.parseInt(m.group(2));
                if (port > 0 && port < 65536) {
                    found = new Address(pid, port, m.group(3) == null ? "" : m.group(3));
                }
            }
        }
        return Optional.ofNullable(found);
    }

    /** A request text: {@code {"jsonrpc":"2.0","id":"<id>","method":"<method>","params":{…}}}. */
    public static String request(String id, String method, Map<String, String> params) {
        ObjectNode r = JSON.createObjectNode();
        r.put("jsonrpc", "2.0");
        r.put("id", id);
        r.put("method", method);
        ObjectNode p = r.putObject("params");
        params.forEach(p::put);
        try {
            return JSON.writeValueAsString(r);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One message from the service. */
    public sealed interface Message permits Reply, Notification {
    }

    /**
     * A reply to request {@code id}: {@code resultType} (e.g. {@code Success}, {@code VM}) or an error
     * ({@code errorCode}, {@code errorMessage}); {@code vmPid} is {@code VM.pid} of a {@code getVM} result (0 when
     * absent).
     */
    public record Reply(String id, String resultType, Integer errorCode, String errorMessage, long vmPid)
            implements Message {
        public boolean isError() {
            return errorCode != null;
        }
    }

    /** A {@code streamNotify}: the stream and, on the Extension stream, the event's extension kind and frame. */
    public record Notification(String streamId, String extensionKind, FlutterFrame frame) implements Message {
    }

    /** Thrown for a message that is not the protocol (the run then treats the service as gone). */
    public static final class BadMessage extends Exception {
        private static final long serialVersionUID = 1L;

        BadMessage(String why) {
            super(why);
        }
    }

    /** Reads one text message (at most {@link #MAX_MESSAGE_CHARS}). */
    public static Message parse(String text) throws BadMessage {
        if (text.length() > MAX_MESSAGE_CHARS) {
            throw new BadMessage("a message of " + text.length() + " characters (more than " + MAX_MESSAGE_CHARS + ")");
        }
        JsonNode m;
        try {
            m = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new BadMessage("not JSON");
        }
        if (m == null || !m.isObject()) {
            throw new BadMessage("not a JSON object");
        }
        JsonNode id = m.get("id");
        if (id != null && !id.isNull()) {
            if (!id.isTextual() && !id.isIntegralNumber()) {
                throw new BadMessage("an id that is neither a string nor a number");
            }
            JsonNode error = m.get("error");
            if (error != null && error.isObject()) {
                return new Reply(id.asText(), null, error.path("code").asInt(0), bounded(error.path("message").asText("")),
                        0);
            }
            JsonNode result = m.get("result");
            if (result == null || !result.isObject() || !result.path("type").isTextual()) {
                throw new BadMessage("a reply without a typed result or an error");
            }
            long pid = result.path("pid").isIntegralNumber() ? result.path("pid").asLong() : 0;
            return new Reply(id.asText(), bounded(result.get("type").asText()), null, null, pid);
        }
        if (!"streamNotify".equals(m.path("method").asText())) {
            throw new BadMessage("a request from the service that is not streamNotify");
        }
        JsonNode params = m.path("params");
        String streamId = params.path("streamId").asText("");
        JsonNode event = params.path("event");
        if (!streamId.equals("Extension") || !"Extension".equals(event.path("kind").asText())) {
            return new Notification(bounded(streamId), null, null);
        }
        String kind = event.path("extensionKind").asText("");
        if (!kind.equals("Flutter.Frame")) {
            return new Notification(streamId, bounded(kind), null);
        }
        return new Notification(streamId, kind, frame(event.path("extensionData")));
    }

    private static FlutterFrame frame(JsonNode d) throws BadMessage {
        long number = field(d, "number", false);
        long start = field(d, "startTime", true);
        long elapsed = field(d, "elapsed", false);
        long build = field(d, "build", false);
        long raster = field(d, "raster", false);
        // vsyncOverhead came with a later framework than build/raster; older ones post without it
        long overhead = d.has("vsyncOverhead") ? field(d, "vsyncOverhead", false) : 0;
        return new FlutterFrame(number, start, elapsed, build, raster, overhead);
    }

    private static long field(JsonNode d, String name, boolean anySize) throws BadMessage {
        JsonNode v = d.get(name);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new BadMessage("a Flutter.Frame without an integer '" + name + "'");
        }
        long x = v.asLong();
        if (x < 0 || (!anySize && x > MAX_US)) {
            throw new BadMessage("a Flutter.Frame whose '" + name + "' is out of range: " + x);
        }
        return x;
    }

    private static String bounded(String s) {
        return s.length() > 200 ? s.substring(0, 200) : s;
    }
}
