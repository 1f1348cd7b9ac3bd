package io.fpsctl.sim.device.flutter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.fpsctl.sim.device.frames.FlutterFrameTiming;
import io.fpsctl.sim.device.frames.FlutterTimeline;
import io.fpsctl.testing.PollUntil;
import io.fpsctl.testing.VmServiceGolden;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The simulator's Dart VM service against the same hand-written exchange as the client's golden test: given the
 * golden's two frames (their phases, from the golden's header), every request gets the golden reply and the two
 * {@code Flutter.Frame} events are the golden ones, clocks of the moment aside ({@link VmServiceGolden}).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class VmServiceHostGoldenTest {

    private static final long US = 1_000;

    /** A raw WebSocket client: what it receives, as text. */
    static class Raw implements WebSocket.Listener {
        final LinkedBlockingQueue<String> received = new LinkedBlockingQueue<>();
        private final StringBuilder text = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            text.append(data);
            if (last) {
                received.add(text.toString());
                text.setLength(0);
            }
            ws.request(1);
            return null;
        }

        String next() throws InterruptedException {
            String m = received.poll(10, TimeUnit.SECONDS);
            assertTrue(m != null, "a message from the service within 10 s");
            return m;
        }
    }

    private static FlutterTimeline goldenFrames() {
        FlutterTimeline t = new FlutterTimeline();
        t.append(new FlutterFrameTiming(1, 5_000_000 * US, 5_000_300 * US, 5_006_300 * US, 5_006_350 * US,
                5_013_350 * US, 5_030_000 * US));
        t.append(new FlutterFrameTiming(2, 5_016_667 * US, 5_016_917 * US, 5_037_917 * US, 5_037_967 * US,
                5_042_967 * US, 5_063_000 * US));
        return t;
    }

    @Test
    void answersTheGoldenExchange() throws Exception {
        AtomicLong now = new AtomicLong(4_900_000 * US); // before frame 1 finished
        try (VmServiceHost host = new VmServiceHost(goldenFrames(), now::get)) {
            VmServiceHost.Incarnation inc = host.start(4482);
            Raw raw = new Raw();
            WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder()
                    .buildAsync(URI.create("ws://127.0.0.1:" + host.localPort() + "/" + inc.token() + "/ws"), raw)
                    .get(10, TimeUnit.SECONDS);
            List<VmServiceGolden.Line> lines = VmServiceGolden.lines();
            for (int i = 0; i < lines.size(); i++) {
                VmServiceGolden.Line l = lines.get(i);
                if (l.toService()) {
                    ws.sendText(l.text(), true).get(10, TimeUnit.SECONDS);
                    continue;
                }
                if (l.json().path("method").asText().equals("streamNotify") && now.get() < 5_100_000 * US) {
                    now.set(5_100_000 * US); // both frames have finished: the next batch posts them
                }
                JsonNode golden = l.json();
                JsonNode got = VmServiceGolden.withGoldenClocks(new VmServiceGolden.Line(false, raw.next(), false)
                        .json(), golden);
                assertEquals(golden, got, "line " + (i + 1) + " of the golden exchange");
            }
            assertEquals(null, raw.received.poll(3 * VmServiceHost.BATCH_MS, TimeUnit.MILLISECONDS),
                    "no frame is posted twice");
            ws.abort();
        }
    }

    /** Each golden closing message on its own connection: the service closes with the golden's code, answers nothing. */
    @Test
    void closesAsTheGoldenSays() throws Exception {
        List<VmServiceGolden.Close> closes = VmServiceGolden.closes();
        assertEquals(4, closes.size(), "4000 twice, 4001, 4002 (no 4003 in Dart 3.x)");
        try (VmServiceHost host = new VmServiceHost(goldenFrames(), () -> 0L)) {
            VmServiceHost.Incarnation inc = host.start(4482);
            for (VmServiceGolden.Close c : closes) {
                LinkedBlockingQueue<Integer> closed = new LinkedBlockingQueue<>();
                Raw raw = new Raw() {
                    @Override
                    public CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
                        closed.add(status);
                        return null;
                    }
                };
                WebSocket ws = HttpClient.newHttpClient().newWebSocketBuilder()
                        .buildAsync(URI.create("ws://127.0.0.1:" + host.localPort() + "/" + inc.token() + "/ws"), raw)
                        .get(10, TimeUnit.SECONDS);
                if (c.binary()) {
                    ws.sendBinary(java.nio.ByteBuffer.wrap(c.text().getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                            true).get(10, TimeUnit.SECONDS);
                } else {
                    ws.sendText(c.text(), true).get(10, TimeUnit.SECONDS);
                }
                assertEquals(c.code(), closed.poll(10, TimeUnit.SECONDS), "close code for " + c);
                assertEquals(0, raw.received.size(), "no reply before the close: " + c);
                ws.abort();
            }
        }
    }

    @Test
    void aWrongTokenIsRefusedAndAStoppedServiceRefusesTcp() throws Exception {
        try (VmServiceHost host = new VmServiceHost(goldenFrames(), () -> 0L)) {
            VmServiceHost.Incarnation inc = host.start(4482);
            ExecutionException e = assertThrows(ExecutionException.class, () -> HttpClient.newHttpClient()
                    .newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + host.localPort() + "/AAAAAAAAAAA=/ws"),
                            new Raw()).get(10, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof java.net.http.WebSocketHandshakeException, e.toString());
            assertThrows(ConnectException.class, () -> host.connectTcp(inc.devicePort() + 1));
            host.connectTcp(inc.devicePort()).close();
            host.stop();
            assertThrows(ConnectException.class, () -> host.connectTcp(inc.devicePort()));
        }
    }

    @Test
    void aNewProcessClosesTheOldConnections() throws Exception {
        FlutterTimeline frames = goldenFrames();
        try (VmServiceHost host = new VmServiceHost(frames, () -> 0L)) {
            VmServiceHost.Incarnation first = host.start(4482);
            Raw raw = new Raw();
            java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
            WebSocket.Listener watch = new WebSocket.Listener() {
                @Override
                public CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
                    closed.set(true);
                    return null;
                }

                @Override
                public void onError(WebSocket ws, Throwable error) {
                    closed.set(true);
                }
            };
            HttpClient.newHttpClient().newWebSocketBuilder()
                    .buildAsync(URI.create("ws://127.0.0.1:" + host.localPort() + "/" + first.token() + "/ws"), watch)
                    .get(10, TimeUnit.SECONDS);
            PollUntil.condition(() -> host.clientCount() == 1, Duration.ofSeconds(10), "the service has the client");
            frames.restart();
            VmServiceHost.Incarnation second = host.start(4499);
            PollUntil.condition(closed::get, Duration.ofSeconds(10), "the old connection closes");
            assertTrue(second.devicePort() != first.devicePort() || !second.token().equals(first.token()));
            assertEquals(0, raw.received.size());
        }
    }
}
