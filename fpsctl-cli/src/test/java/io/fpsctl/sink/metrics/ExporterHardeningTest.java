package io.fpsctl.sink.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fpsctl.engine.EngineConfig;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.RenderedFrame;
import io.fpsctl.engine.Source;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The exporter under abuse: slow clients, other methods, a device that goes away. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ExporterHardeningTest {
    private static final long T = 16_666_667; // 60 Hz

    /** One HTTP/1.1 request on a fresh connection; returns the status line and headers (and body). */
    private static String request(int port, String method) throws Exception {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write((method + " /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void scrapesAnswerWithinASecondWhileFiftySlowClientsHoldConnections() throws Exception {
        PrometheusRegistry registry = new PrometheusRegistry();
        Counter.builder().name("probe_total").help("a series to scrape").register(registry).inc();
        List<Socket> slow = new ArrayList<>();
        try (MetricsServer server = MetricsServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                registry)) {
            for (int i = 0; i < 50; i++) {
                Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port());
                // a request line begun and never finished: the server is reading its headers
                s.getOutputStream().write("GET /metrics HTTP/1.1\r\nHost: 127".getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
                slow.add(s);
            }
            long worst = 0;
            for (int i = 0; i < 5; i++) {
                long t0 = System.nanoTime();
                String answer = request(server.port(), "GET");
                long ms = (System.nanoTime() - t0) / 1_000_000;
                worst = Math.max(worst, ms);
                assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
                assertTrue(answer.contains("probe_total 1.0"), answer);
            }
            System.out.println("scrape with 50 slow clients connected: worst of 5 took " + worst + " ms");
            assertTrue(worst < 1000, "a scrape took " + worst + " ms with 50 slow clients connected");
        } finally {
            for (Socket s : slow) {
                s.close();
            }
        }
    }

    @Test
    void onlyGetAndHeadAreAnswered() throws Exception {
        PrometheusRegistry registry = new PrometheusRegistry();
        Counter.builder().name("probe_total").help("a series to scrape").register(registry).inc();
        try (MetricsServer server = MetricsServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                registry)) {
            for (String method : new String[] {"POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"}) {
                String answer = request(server.port(), method);
                assertTrue(answer.startsWith("HTTP/1.1 405"), method + ": " + answer);
                assertTrue(answer.toLowerCase(java.util.Locale.ROOT).contains("allow: get, head"), answer);
                assertFalse(answer.contains("probe_total"), answer);
            }
            String head = request(server.port(), "HEAD");
            assertTrue(head.startsWith("HTTP/1.1 200") && !head.contains("probe_total 1.0"), head);
            assertTrue(request(server.port(), "GET").contains("probe_total 1.0"));
        }
    }

    private static String scrape(PrometheusRegistry registry) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new PrometheusTextFormatWriter(false).write(out, registry.scrape());
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aDeviceThatGoesAwayStopsExportingItsGauges() throws Exception {
        PrometheusRegistry registry = new PrometheusRegistry();
        FrameMetrics m = new FrameMetrics(registry, 4, Duration.ofMinutes(10), new AtomicLong()::get, "9.9.9");
        PackageListener l = m.listener(new FrameMetrics.Device("d1", "Pixel 8", "14"), "com.a");
        FrameEngine e = new FrameEngine(Source.GFXINFO, EngineConfig.defaults(), l);
        long v = 10_000_000_000L;
        e.blockStart("A");
        for (int i = 0; i < 200; i++) { // 3.3 s of 60 Hz frames of 5 ms: live windows close
            long start = v + i * T;
            long d = 5_000_000;
            e.frame(new RenderedFrame("A", 0, start, start, start + d / 10, start + d / 10, start + d / 5,
                    start + d / 4, start + d / 2, start + d / 2, start + d / 2, start + d * 3 / 4, start + d, 0, 0, T));
        }
        e.blockEnd();
        String before = scrape(registry);
        assertTrue(before.contains("fpsctl_fps{"), before);
        assertTrue(before.contains("fpsctl_refresh_rate_hz{"), before);
        l.disconnected(e.newestFrameNs());
        String after = scrape(registry);
        assertFalse(after.contains("fpsctl_fps{"), "the fps of a device gone is not exported: " + after);
        assertFalse(after.contains("fpsctl_refresh_rate_hz{"), after);
        assertTrue(after.contains("fpsctl_frames_total{"), "counters stay: " + after);
    }
}
