package io.fpsctl.sim.device.flutter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fpsctl.sim.device.frames.FlutterFrameTiming;
import io.fpsctl.sim.device.frames.FlutterTimeline;
import org.java_websocket.WebSocket;
import org.java_websocket.drafts.Draft;
import org.java_websocket.exceptions.InvalidDataException;
import org.java_websocket.framing.CloseFrame;
import org.java_websocket.handshake.ClientHandshake;
import org.java_websocket.handshake.ServerHandshakeBuilder;
import org.java_websocket.server.WebSocketServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The simulated Flutter app's Dart VM service (profile and debug builds): a WebSocket server speaking the Dart VM
 * Service Protocol (dart-lang/sdk {@code runtime/vm/service/service.md} at 011068f8; its errors and closes as
 * {@link #answer} cites them), reached
 * the way a real one is: on the device's loopback at a port adbd's {@code tcp:<port>} service connects to.
 *
 * <p>The simulator's stand-in for the device loopback is the host's: the server listens on {@code 127.0.0.1} at a
 * port of the machine's choosing, and {@link #connectTcp(int)} maps the device port the log line announces to it.
 * Each app process gets its own device port and auth token (the VM service binds port 0 and draws a new token per
 * start; Dart SDK {@code sdk/lib/_internal/vm/bin/vmservice_server.dart}); when the process dies its connections
 * close, as the socket of a killed process would.
 *
 * <p>What it answers (service.md "RPCs, Requests, and Responses"; named params only; {@code jsonrpc} optional;
 * the {@code id} echoed as sent): {@code getVersion} → {@code Version}, {@code getVM} → {@code VM} (its
 * {@code pid} is the app's), {@code streamListen}/{@code streamCancel} → {@code Success} or errors 103/104,
 * anything else → JSON-RPC −32601. Subscribed to {@code Extension}, a connection receives one
 * {@code streamNotify} per finished frame (service.md "Events"; {@code Event} with {@code kind} Extension,
 * {@code extensionKind} {@code Flutter.Frame} and {@code extensionData} as
 * {@code SchedulerBinding._profileFramePostEvent} posts it, flutter/flutter
 * {@code packages/flutter/lib/src/scheduler/binding.dart} at 5f440a94: number, startTime = buildStart µs,
 * elapsed = totalSpan µs, build, raster, vsyncOverhead µs). The engine hands timings to the framework in
 * batches (flutter/engine {@code shell/common/shell.cc ReportTimings}: at least every 100 ms outside release,
 * recalled, not re-read), so events are sent every {@link #BATCH_MS} ms.
 */
public final class VmServiceHost implements AutoCloseable {

    /** How often finished frames are posted (see class comment). */
    public static final int BATCH_MS = 100;
    /** Largest request accepted; the client's requests are a few hundred bytes. */
    private static final int MAX_REQUEST_CHARS = 64 * 1024;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Dart's {@code json.decode} refuses text after the value (Jackson accepts it by default). */
    private static final ObjectReader STRICT = JSON.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private final FlutterTimeline timeline;
    private final LongSupplier nowNs;
    private final Runnable advance;
    private final Server server;
    private final ScheduledExecutorService poster;
    private final Map<WebSocket, Client> clients = new ConcurrentHashMap<>();
    private volatile Incarnation current;

    /** The VM service of one app process. */
    public record Incarnation(int pid, int devicePort, String token, long generation, long startWallMs) {
        /** The address the log line announces: {@code http://127.0.0.1:<port>/<token>/}. */
        public String httpUri() {
            return "http://127.0.0.1:" + devicePort + "/" + token + "/";
        }
    }

    private static final class Client {
        final long generation;
        volatile boolean extension;
        volatile long lastPosted;
        /** The other streams it listens to (their events are not simulated; only the subscription is). */
        final java.util.Set<String> others = java.util.concurrent.ConcurrentHashMap.newKeySet();

        Client(long generation) {
            this.generation = generation;
        }
    }

    /**
     * @param timeline the app's frames
     * @param nowNs    the device clock (monotonic ns)
     */
    public VmServiceHost(FlutterTimeline timeline, LongSupplier nowNs) {
        this(timeline, nowNs, () -> { });
    }

    /**
     * @param advance brings the device up to "now" before each batch (the simulated device makes its frames
     *                lazily, when something looks)
     */
    public VmServiceHost(FlutterTimeline timeline, LongSupplier nowNs, Runnable advance) {
        this.timeline = timeline;
        this.nowNs = nowNs;
        this.advance = advance;
        this.server = new Server(new InetSocketAddress("127.0.0.1", 0));
        server.setReuseAddr(true);
        server.setDaemon(true);
        server.start();
        this.poster = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "sim-vm-service-post");
            t.setDaemon(true);
            return t;
        });
        poster.scheduleWithFixedDelay(this::post, BATCH_MS, BATCH_MS, TimeUnit.MILLISECONDS);
    }

    /**
     * A new app process started its VM service: a fresh device port and token. Connections of the previous
     * process are closed.
     */
    public Incarnation start(int pid) {
        byte[] token = new byte[8];
        RANDOM.nextBytes(token);
        // _makeAuthToken: 8 random bytes, base64url (vmservice_server.dart); ports as an OS gives them (inferred)
        Incarnation next = new Incarnation(pid, 32_768 + RANDOM.nextInt(28_000),
                Base64.getUrlEncoder().encodeToString(token), timeline.generation(), System.currentTimeMillis());
        current = next;
        dropStale();
        return next;
    }

    /** The app process died or stopped: its VM service is gone. */
    public void stop() {
        current = null;
        dropStale();
    }

    /** The running VM service, or null. */
    public Incarnation current() {
        return current;
    }

    /**
     * adbd's {@code tcp:<port>} service: a connection to the device's loopback {@code port}, or an exception
     * (connection refused) when the VM service does not listen there.
     */
    public Socket connectTcp(int devicePort) throws IOException {
        Incarnation now = current;
        if (now == null || now.devicePort() != devicePort) {
            throw new java.net.ConnectException("Connection refused");
        }
        int port = localPort();
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
        return s;
    }

    /** Open connections (tests). */
    int clientCount() {
        return clients.size();
    }

    /** The host port the WebSocket server listens on (the device loopback's stand-in). */
    int localPort() {
        int port = server.getPort();
        // the server thread binds it right after start(): until then getPort() is 0 (no channel yet) or -1 (the
        // channel's socket is open but not bound: ServerSocket.getLocalPort)
        for (int i = 0; port <= 0 && i < 200; i++) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            port = server.getPort();
        }
        return port;
    }

    @Override
    public void close() {
        poster.shutdownNow();
        try {
            server.stop(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void dropStale() {
        Incarnation now = current;
        for (Map.Entry<WebSocket, Client> e : clients.entrySet()) {
            if (now == null || e.getValue().generation != now.generation()) {
                clients.remove(e.getKey());
                e.getKey().closeConnection(CloseFrame.ABNORMAL_CLOSE, "the app process is gone");
            }
        }
    }

    private void post() {
        try {
            flushStranded();
            if (clients.values().stream().noneMatch(c -> c.extension)) {
                return;
            }
            advance.run();
            long now = nowNs.getAsLong();
            for (Map.Entry<WebSocket, Client> e : clients.entrySet()) {
                Client c = e.getValue();
                if (!c.extension || !e.getKey().isOpen()) {
                    continue;
                }
                Incarnation inc = current;
                for (FlutterFrameTiming f : timeline.finishedAfter(c.lastPosted, now, 4_096)) {
                    c.lastPosted = f.number();
                    e.getKey().send(JSON.writeValueAsString(frameEvent(f, inc)));
                }
            }
        } catch (IOException | RuntimeException e) {
            // a client that went away mid-send; the next round skips it
        }
    }

    /**
     * Asks the server thread again to write what a connection still holds. Java-WebSocket 1.5.7 can strand a
     * message sent from any thread but its selector thread: {@code WebSocketImpl.write} queues the bytes and calls
     * {@code WebSocketServer.onWriteDemand} (interest READ|WRITE, wake the selector), while the selector thread's
     * {@code doWrite}, having found the queue empty in {@code SocketChannelIOHelper.batch}, sets the interest back
     * to READ afterwards: the message waits for the connection's next send (read in the 1.5.7 jar's bytecode; the
     * symptom is the one reported upstream as TooTallNate/Java-WebSocket#145). A burst's last event, or a reply sent while an event is
     * being written, then never arrives. A fresh write demand each batch bounds that wait to one batch.
     */
    private void flushStranded() {
        for (WebSocket conn : clients.keySet()) {
            // a closing connection too: its close frame can be the stranded message
            if (conn.hasBufferedData()) {
                server.onWriteDemand(conn); // a spare demand is harmless: doWrite finds the queue empty
            }
        }
    }

    /** One {@code Flutter.Frame} event as the VM service sends it (see class comment). */
    static ObjectNode frameEvent(FlutterFrameTiming f, Incarnation inc) {
        ObjectNode data = JSON.createObjectNode();
        // each phase goes to dart:ui in whole µs (flutter/engine shell/common/shell.cc Shell::OnFrameRasterized:
        // timing.Get(phase).ToEpochDelta().ToMicroseconds()), and FrameTiming's durations are differences of those
        // (lib/ui/platform_dispatcher.dart FrameTiming.buildDuration: _rawDuration(buildFinish) −
        // _rawDuration(buildStart)): floor(b/1000) − floor(a/1000), not floor((b − a)/1000)
        long vsyncStart = f.vsyncStart() / 1_000;
        long buildStart = f.buildStart() / 1_000;
        data.put("number", f.number());
        data.put("startTime", buildStart);
        data.put("elapsed", f.rasterFinish() / 1_000 - vsyncStart);
        data.put("build", f.buildFinish() / 1_000 - buildStart);
        data.put("raster", f.rasterFinish() / 1_000 - f.rasterStart() / 1_000);
        data.put("vsyncOverhead", buildStart - vsyncStart);
        ObjectNode event = JSON.createObjectNode();
        event.put("type", "Event");
        event.put("kind", "Extension");
        event.set("isolate", isolateRef(inc));
        // Event.timestamp: milliseconds since the epoch when the event was created (service.md "Event")
        event.put("timestamp", System.currentTimeMillis());
        event.put("extensionKind", "Flutter.Frame");
        event.set("extensionData", data);
        ObjectNode params = JSON.createObjectNode();
        params.put("streamId", "Extension");
        params.set("event", event);
        ObjectNode notify = JSON.createObjectNode();
        notify.put("jsonrpc", "2.0");
        notify.put("method", "streamNotify");
        notify.set("params", params);
        return notify;
    }

    private static ObjectNode isolateRef(Incarnation inc) {
        ObjectNode iso = JSON.createObjectNode();
        long number = inc == null ? 1 : 1_000_000L + inc.pid();
        iso.put("type", "@Isolate");
        iso.put("id", "isolates/" + number);
        iso.put("number", Long.toString(number));
        iso.put("name", "main");
        iso.put("isSystemIsolate", false);
        return iso;
    }

    /**
     * A message the service does not answer but closes the connection for, with its WebSocket close code
     * (dart-lang/sdk {@code sdk/lib/_internal/vm/bin/vmservice_server.dart WebSocketClient.onWebSocketMessage} at
     * 7a6514d1: {@code parseErrorCode} 4000, {@code binaryMessageErrorCode} 4001, {@code notMapErrorCode} 4002;
     * its {@code idErrorCode} 4003 is declared but no longer used there: see {@link #answer}).
     */
    static final class CloseWith extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int code;

        CloseWith(int code, String reason) {
            super(reason, null, false, false);
            this.code = code;
        }
    }

    /**
     * The answer to one message, or null when nothing is answered. Dart 3.x, as one SDK's files read
     * (dart-lang/sdk {@code sdk/lib/_internal/vm/bin/vmservice_server.dart} at 7a6514d1, {@code sdk/lib/vmservice/
     * message.dart} at 01ae90c9, and the stored {@code client.dart}/{@code vmservice.dart} of the same era, with
     * {@code routeRequest(service, message)} and {@code _streamCpuSamplesWithUserTag}):
     * <ul>
     * <li>{@code onWebSocketMessage} closes with 4000 when {@code json.decode} throws (an empty text, trailing text)
     *     and 4002 when the JSON is not a map;</li>
     * <li>then {@code Message.fromJsonRpc} runs with no {@code catch} around it: an {@code id} that is not a
     *     number, string or null, or a map with an {@code id} and none of {@code method}/{@code result}/
     *     {@code error} ("Invalid message format"), throws out of the socket listener: no reply, and no close
     *     (older servers, e.g. 24488e93, caught it and closed with 4003). What the uncaught error does to the
     *     service isolate afterwards is not read: the simulator keeps the connection (inferred);</li>
     * <li>a map with {@code method} and no {@code id} is a Notification: {@code Client.onNotification} routes it like
     *     a request and posts nothing; with {@code "id": null} it is a Request whose reply carries
     *     {@code "id": null}. {@code streamListen}/{@code streamCancel} run in the service isolate
     *     ({@code VMService._streamListen}, {@code encodeSuccess}/{@code encodeRpcError} with {@code 'id':
     *     message.serial}), so both subscribe, and the null-id request is answered; methods routed to the VM
     *     ({@code message.sendToVM}) get no reply for a null id ({@code runtime/vm/json_stream.cc
     *     JSONStream::PostReply}: a null {@code seq_} posts a null reply, which {@code _setResponseFromPort}
     *     drops);</li>
     * <li>a map with an {@code id} and {@code result} or {@code error} is a response to a service the client
     *     registered (none here): nothing is answered.</li>
     * </ul>
     *
     * @throws CloseWith when the service closes the connection instead
     */
    ObjectNode answer(String text, Client client) {
        JsonNode req;
        try {
            // the simulator's own bound (the service has none): a larger text is treated as unreadable
            req = text.length() > MAX_REQUEST_CHARS ? null : STRICT.readTree(text);
        } catch (IOException e) {
            req = null;
        }
        if (req == null || req.isMissingNode()) {
            throw new CloseWith(4000, "Message parse error"); // json.decode threw (the Dart text adds its error)
        }
        if (!req.isObject()) {
            throw new CloseWith(4002, "Message must be a JSON map.");
        }
        JsonNode id = req.get("id"); // null: no key (map.containsKey('id') is false)
        if (id != null && !id.isNull() && !id.isNumber() && !id.isTextual()) {
            return null; // fromJsonRpc throws "'id' must be a number, string, or null.": no reply, no close
        }
        JsonNode m = req.get("method");
        if (m == null || !m.isTextual()) {
            // no method: a response (result/error) or "Invalid message format"; a method that is not a string
            // fails the String? field's type check in the constructor: neither is answered (inferred for the last)
            return null;
        }
        String method = m.asText();
        boolean notification = id == null;
        JsonNode replyId = notification ? NullNode.instance : id;
        if (method.equals("streamListen") || method.equals("streamCancel")) {
            // run in the service isolate, for a notification too (it subscribes); only the reply is withheld
            ObjectNode reply = stream(replyId, method, req.path("params").path("streamId").asText(""), client);
            return notification ? null : reply;
        }
        if (id == null || id.isNull()) {
            return null; // routed to the VM with a null seq: JSONStream::PostReply posts a null reply
        }
        JsonNode params = req.path("params");
        return switch (method) {
            case "getVersion" -> result(id, versionResult());
            case "getVM" -> result(id, vmResult());
            // routed to the VM, which answers service.cc PrintUnrecognizedMethodError: PrintError(kMethodNotFound,
            // nullptr), whose data is always {"request": {"method", "params"}} (json_stream.cc PrintError,
            // PrintRequestProperty: each parameter's value as text)
            default -> error(id, -32601, "Method not found", request(method, params), null);
        };
    }

    private static ObjectNode request(String method, JsonNode params) {
        ObjectNode data = JSON.createObjectNode();
        ObjectNode r = data.putObject("request");
        r.put("method", method);
        ObjectNode p = r.putObject("params");
        params.fields().forEachRemaining(e -> p.put(e.getKey(), e.getValue().isTextual() ? e.getValue().asText()
                : e.getValue().toString()));
        return data;
    }

    /**
     * streamListen / streamCancel as the service isolate answers them (dart-lang/sdk {@code sdk/lib/vmservice/
     * vmservice.dart VMService._streamListen}, {@code _streamCancel}, {@code encodeRpcError}): 103 / 104 with no
     * {@code data} (no details are given), -32602 with {@code data.details} for a stream the VM does not know.
     */
    private ObjectNode stream(JsonNode id, String method, String streamId, Client client) {
        List<String> known = List.of("VM", "Isolate", "Debug", "Profiler", "GC", "Extension", "Timeline", "Logging",
                "Service", "HeapSnapshot", "Stdout", "Stderr");
        boolean listen = method.equals("streamListen");
        boolean subscribed = streamId.equals("Extension") ? client.extension : client.others.contains(streamId);
        if (listen && subscribed) {
            return error(id, 103, "Stream already subscribed", null, null);
        }
        if (!listen && !subscribed) {
            return error(id, 104, "Stream not subscribed", null, null);
        }
        if (listen && !known.contains(streamId)) {
            return error(id, -32602, "Invalid params", null, "streamListen: invalid 'streamId' parameter: " + streamId);
        }
        if (streamId.equals("Extension")) {
            if (listen) {
                // frames finished before the subscription are not sent (a stream carries what is posted from now on)
                List<FlutterFrameTiming> done = timeline.finishedAfter(0, nowNs.getAsLong(), Integer.MAX_VALUE);
                client.lastPosted = done.isEmpty() ? 0 : done.get(done.size() - 1).number();
            }
            client.extension = listen;
        } else if (listen) {
            client.others.add(streamId);
        } else {
            client.others.remove(streamId);
        }
        ObjectNode ok = JSON.createObjectNode();
        ok.put("type", "Success");
        return result(id, ok);
    }

    private static ObjectNode versionResult() {
        ObjectNode v = JSON.createObjectNode();
        v.put("type", "Version");
        v.put("major", 4);
        v.put("minor", 16);
        return v;
    }

    private ObjectNode vmResult() {
        Incarnation inc = current;
        ObjectNode vm = JSON.createObjectNode();
        vm.put("type", "VM");
        vm.put("name", "vm");
        vm.put("architectureBits", 64);
        vm.put("hostCPU", "ARM64");
        vm.put("operatingSystem", "android");
        vm.put("targetCPU", "arm64");
        vm.put("version", "3.5.0 (stable) on \"android_arm64\"");
        vm.put("pid", inc == null ? 0 : inc.pid());
        vm.put("startTime", inc == null ? 0 : inc.startWallMs());
        ArrayNode isolates = vm.putArray("isolates");
        isolates.add(isolateRef(inc));
        vm.putArray("isolateGroups");
        vm.putArray("systemIsolates");
        vm.putArray("systemIsolateGroups");
        return vm;
    }

    private static ObjectNode result(JsonNode id, ObjectNode result) {
        ObjectNode r = JSON.createObjectNode();
        r.put("jsonrpc", "2.0");
        r.set("result", result);
        r.set("id", id);
        return r;
    }

    /**
     * An error reply: {@code data} only when there is some (vmservice.dart {@code encodeRpcError} adds
     * {@code data.details} only for details; the VM's {@code JSONStream::PrintError} always writes {@code data}).
     */
    private static ObjectNode error(JsonNode id, int code, String message, ObjectNode data, String details) {
        ObjectNode e = JSON.createObjectNode();
        e.put("code", code);
        e.put("message", message);
        if (data != null || details != null) {
            ObjectNode d = data != null ? data : JSON.createObjectNode();
            if (details != null) {
                d.put("details", details);
            }
            e.set("data", d);
        }
        ObjectNode r = JSON.createObjectNode();
        r.put("jsonrpc", "2.0");
        r.set("error", e);
        r.set("id", id);
        return r;
    }

    private final class Server extends WebSocketServer {
        Server(InetSocketAddress address) {
            super(address, 2);
        }

        /** Only {@code /<token>/ws} of the running VM service: others get 403, as the auth-code check answers. */
        @Override
        public ServerHandshakeBuilder onWebsocketHandshakeReceivedAsServer(WebSocket conn, Draft draft,
                ClientHandshake request) throws InvalidDataException {
            Incarnation now = current;
            if (now == null || !request.getResourceDescriptor().equals("/" + now.token() + "/ws")) {
                throw new InvalidDataException(CloseFrame.POLICY_VALIDATION, "forbidden");
            }
            return super.onWebsocketHandshakeReceivedAsServer(conn, draft, request);
        }

        @Override
        public void onOpen(WebSocket conn, ClientHandshake handshake) {
            Incarnation now = current;
            if (now == null) {
                conn.close(CloseFrame.GOING_AWAY);
                return;
            }
            clients.put(conn, new Client(now.generation()));
        }

        @Override
        public void onClose(WebSocket conn, int code, String reason, boolean remote) {
            clients.remove(conn);
        }

        @Override
        public void onMessage(WebSocket conn, String message) {
            Client c = clients.get(conn);
            if (c == null) {
                return;
            }
            ObjectNode reply;
            try {
                reply = answer(message, c);
            } catch (CloseWith close) {
                conn.close(close.code, close.getMessage());
                return;
            }
            if (reply != null) {
                try {
                    conn.send(JSON.writeValueAsString(reply));
                } catch (IOException e) {
                    conn.close(CloseFrame.UNEXPECTED_CONDITION);
                }
            }
        }

        /** A binary frame: closed with binaryMessageErrorCode (vmservice_server.dart onWebSocketMessage). */
        @Override
        public void onMessage(WebSocket conn, java.nio.ByteBuffer message) {
            conn.close(4001, "Message must be a string.");
        }

        @Override
        public void onError(WebSocket conn, Exception ex) {
            // a broken client connection: Java-WebSocket closes it; the device carries on
        }

        @Override
        public void onStart() {
        }
    }
}
