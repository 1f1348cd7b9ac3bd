package io.fpsctl.sink.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.exporter.httpserver.MetricsHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The exporter's HTTP server: {@code /metrics} (the Prometheus client's {@link MetricsHandler}, text or protobuf as
 * the scraper asks) on the JDK's {@link HttpServer}, set up so that slow or idle clients cannot stall scrapes.
 * The JDK server reads each request's headers on an executor thread, so a client that sends a byte a second holds
 * a thread for as long as it likes (prometheus/client_java#2284; the client's HTTPServer uses a pool of a few
 * threads): here up to {@link #THREADS} threads are started on demand (idle ones end after 30 s), the accept
 * backlog is {@link #BACKLOG}, and a request that is not fully read within {@link #MAX_REQUEST_SECONDS} s, or a
 * response not sent within {@link #MAX_RESPONSE_SECONDS} s, has its connection closed (the JDK's
 * {@code sun.net.httpserver.maxReqTime} / {@code maxRspTime}, unless set already). Only GET and HEAD are
 * answered; any other method gets 405 with {@code Allow: GET, HEAD}.
 */
public final class MetricsServer implements AutoCloseable {
    static final int THREADS = 128;
    static final int BACKLOG = 256;
    static final int MAX_REQUEST_SECONDS = 10;
    static final int MAX_RESPONSE_SECONDS = 30;

    private final HttpServer server;
    private final ThreadPoolExecutor executor;

    private MetricsServer(HttpServer server, ThreadPoolExecutor executor) {
        this.server = server;
        this.executor = executor;
    }

    /** Binds {@code address} and starts serving {@code registry} on {@code /metrics} (and {@code /}). */
    public static MetricsServer start(InetSocketAddress address, PrometheusRegistry registry) throws IOException {
        // read once by the JDK when its server classes load: set before the first server of the process
        System.getProperties().putIfAbsent("sun.net.httpserver.maxReqTime", Integer.toString(MAX_REQUEST_SECONDS));
        System.getProperties().putIfAbsent("sun.net.httpserver.maxRspTime", Integer.toString(MAX_RESPONSE_SECONDS));
        HttpServer server = HttpServer.create(address, BACKLOG);
        AtomicInteger n = new AtomicInteger();
        ThreadPoolExecutor executor = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "fpsctl-exporter-http-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        executor.allowCoreThreadTimeOut(true);
        HttpHandler metrics = getOrHead(new MetricsHandler(registry));
        server.createContext("/", metrics);
        server.createContext("/metrics", metrics);
        server.setExecutor(executor);
        server.start();
        return new MetricsServer(server, executor);
    }

    /** {@code handler} for GET and HEAD; 405 for any other method. */
    static HttpHandler getOrHead(HttpHandler handler) {
        return exchange -> {
            String method = exchange.getRequestMethod();
            if (method.equals("GET") || method.equals("HEAD")) {
                handler.handle(exchange);
                return;
            }
            try (HttpExchange ex = exchange) {
                ex.getRequestBody().readNBytes(1 << 16); // what a client sent with it, within reason
                ex.getResponseHeaders().set("Allow", "GET, HEAD");
                ex.sendResponseHeaders(405, -1);
            }
        };
    }

    /** The port bound (the one asked for, or the one the system chose for 0). */
    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
