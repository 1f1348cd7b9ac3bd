package io.fpsctl.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.fpsctl.engine.FlutterFrame;
import io.fpsctl.testing.PollUntil;
import io.fpsctl.testing.VmServiceGolden;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.java_websocket.WebSocket;
import org.java_websocket.handshake.ClientHandshake;
import org.java_websocket.server.WebSocketServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * fpsctl's VM service client against the hand-written exchange (docs/metrics.md 16): a scripted server checks that
 * every request is the golden one and answers with the golden replies and events; the client must yield the two
 * frames as worked by hand in the golden's header. Also: a service that never answers, or sends a message over the
 * size bound or one that is not the protocol, ends the client within its timeout with a one-line reason.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class VmServiceClientGoldenTest {

    private static final String PATH = "/Ab3_x-Yz0Q8=/ws";

    /** Plays the service's side of the golden lines (client part only) and records what the client sent. */
    static final class ScriptedService extends WebSocketServer {
        final List<String> mismatches = Collections.synchronizedList(new ArrayList<>());
        final List<String> paths = Collections.synchronizedList(new ArrayList<>());
        private final List<VmServiceGolden.Line> script;
        private final String onConnect;
        private int next;
        final CountDownLatch started = new CountDownLatch(1);

        ScriptedService(List<VmServiceGolden.Line> script, String onConnect) {
            super(new InetSocketAddress("127.0.0.1", 0));
            this.script = script;
            this.onConnect = onConnect;
            setReuseAddr(true);
        }

        @Override
        public void onOpen(WebSocket conn, ClientHandshake handshake) {
            paths.add(handshake.getResourceDescriptor());
            if (onConnect != null) {
                conn.send(onConnect);
                flush(conn);
            }
        }

        /**
         * Returns once what {@code conn} holds is written, demanding the write again while some is left:
         * Java-WebSocket 1.5.7 can leave a message sent off its selector thread unwritten until the connection's
         * next send (its selector thread's {@code doWrite} resets the interest to READ after another thread queued
         * bytes and asked for WRITE; see the simulator's {@code VmServiceHost.flushStranded}), and this script sends
         * nothing after a burst. A service that cannot write within 10 s leaves the test to fail on what it misses.
         */
        private void flush(WebSocket conn) {
            try {
                PollUntil.condition(() -> {
                    if (!conn.isOpen() || !conn.hasBufferedData()) {
                        return true;
                    }
                    onWriteDemand(conn); // a spare demand is harmless: doWrite finds the queue empty
                    return false;
                }, Duration.ofSeconds(10), "the scripted service's output written");
            } catch (AssertionError e) {
                mismatches.add(e.getMessage());
            }
        }

        @Override
        public synchronized void onMessage(WebSocket conn, String message) {
            if (next >= script.size() || !script.get(next).toService()) {
                mismatches.add("unexpected request " + message);
                return;
            }
            JsonNode want = script.get(next).json();
            JsonNode got = new VmServiceGolden.Line(true, message, true).json();
            if (!want.equals(got)) {
                mismatches.add("request " + got + " is not the golden " + want);
            }
            next++;
            while (next < script.size() && !script.get(next).toService()) {
                conn.send(script.get(next++).text());
            }
            flush(conn);
        }

        @Override
        public void onClose(WebSocket conn, int code, String reason, boolean remote) {
        }

        @Override
        public void onError(WebSocket conn, Exception ex) {
        }

        @Override
        public void onStart() {
            started.countDown();
        }
    }

    private static ScriptedService start(List<VmServiceGolden.Line> script, String onConnect) throws Exception {
        ScriptedService s = new ScriptedService(script, onConnect);
        s.start();
        assertTrue(s.started.await(10, TimeUnit.SECONDS));
        return s;
    }

    @Test
    void speaksTheGoldenExchangeAndYieldsTheFramesWorkedByHand() throws Exception {
        List<VmServiceGolden.Line> client = VmServiceGolden.lines().stream().filter(VmServiceGolden.Line::clientPart)
                .toList();
        ScriptedService service = start(client, null);
        try (VmServiceClient c = VmServiceClient.connect(service.getPort(), PATH, Duration.ofSeconds(5))) {
            assertEquals(4482, c.vmPid());
            List<FlutterFrame> frames = new ArrayList<>();
            PollUntil.condition(() -> {
                frames.addAll(c.drain());
                return frames.size() >= 2;
            }, Duration.ofSeconds(10), "two Flutter.Frame events");
            assertEquals(List.of(new FlutterFrame(1, 5_000_300, 13_350, 6_000, 7_000, 300),
                    new FlutterFrame(2, 5_016_917, 26_300, 21_000, 5_000, 250)), frames);
            assertEquals(List.of(), service.mismatches);
            assertEquals(List.of(PATH), service.paths);
            assertTrue(c.isOpen());
        } finally {
            service.stop(1000);
        }
    }

    @Test
    void aServiceThatNeverAnswersEndsTheConnectWithinTheTimeout() throws Exception {
        ScriptedService silent = start(List.of(), null); // answers no request
        try {
            long t0 = System.nanoTime();
            VmServiceClient.VmServiceException e = assertThrows(VmServiceClient.VmServiceException.class,
                    () -> VmServiceClient.connect(silent.getPort(), PATH, Duration.ofMillis(800)));
            assertEquals("getVM got no answer within 800 ms", e.getMessage());
            assertTrue(System.nanoTime() - t0 < 5_000_000_000L);
        } finally {
            silent.stop(1000);
        }
    }

    @Test
    void anOversizeOrForeignMessageClosesTheClientWithAReason() throws Exception {
        List<VmServiceGolden.Line> client = VmServiceGolden.lines().stream().filter(VmServiceGolden.Line::clientPart)
                .limit(4).toList();
        for (String bad : List.of("x".repeat(70_000), "[1,2]",
                "{\"jsonrpc\":\"2.0\",\"method\":\"streamNotify\",\"params\":{\"streamId\":\"Extension\",\"event\":"
                        + "{\"kind\":\"Extension\",\"extensionKind\":\"Flutter.Frame\",\"extensionData\":"
                        + "{\"number\":1,\"startTime\":1,\"elapsed\":1,\"build\":-5,\"raster\":1}}}}")) {
            List<VmServiceGolden.Line> script = new ArrayList<>(client);
            script.add(new VmServiceGolden.Line(false, bad, true));
            ScriptedService s = start(script, null); // the bad message follows the streamListen reply
            try (VmServiceClient c = VmServiceClient.connect(s.getPort(), PATH, Duration.ofSeconds(5))) {
                PollUntil.condition(() -> !c.isOpen(), Duration.ofSeconds(10), "the client closes");
                assertTrue(c.closeReason().startsWith("the Dart VM service sent "), c.closeReason());
                assertFalse(c.closeReason().contains("xxxx"), "no device text in the reason: " + c.closeReason());
                assertEquals(List.of(), c.drain());
            } finally {
                s.stop(1000);
            }
        }
    }
}
