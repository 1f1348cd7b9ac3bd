package io.fpsctl.device;

import io.fpsctl.android.DartVmService;
import io.fpsctl.engine.FlutterFrame;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A client of a Flutter app's Dart VM service (docs/metrics.md 16) over a forwarded port: opens the WebSocket
 * ({@code ws://127.0.0.1:<port>/<token>/ws}), asks {@code getVM} (whose {@code pid} must be the app's: the
 * forwarded port really is this app's service), subscribes to the {@code Extension} stream and collects the
 * {@code Flutter.Frame} events as they arrive (texts and shapes: {@link DartVmService}).
 *
 * <p>The JDK's {@code java.net.http.WebSocket} is the client: fpsctl only needs a client, and it brings no
 * dependency (the simulator's server uses Java-WebSocket). Bounded everywhere: the connect and every request wait
 * at most the given timeout (a service that stalls never hangs the run); a message longer than
 * {@link DartVmService#MAX_MESSAGE_CHARS} or one that is not the protocol closes the connection; at most
 * {@link #MAX_QUEUED} frames wait for {@link #drain()}, beyond that they are counted as lost. Once closed (the app
 * died, hot restart, a bad message), {@link #isOpen()} is false and {@link #closeReason()} says why, in words
 * that never contain device text.
 */
public final class VmServiceClient implements AutoCloseable {

    /** Frames kept between two {@link #drain()} calls (minutes at 120 Hz). */
    public static final int MAX_QUEUED = 65_536;

    private final BlockingQueue<FlutterFrame> frames = new ArrayBlockingQueue<>(MAX_QUEUED);
    private final Map<String, CompletableFuture<DartVmService.Reply>> pending = new ConcurrentHashMap<>();
    private final AtomicLong lost = new AtomicLong();
    private final AtomicLong nextId = new AtomicLong(1);
    private final Duration timeout;
    private volatile WebSocket socket;
    private volatile String closeReason;
    private long vmPid;

    private VmServiceClient(Duration timeout) {
        this.timeout = timeout;
    }

    /**
     * Connects and subscribes.
     *
     * @param localPort the forwarded port on this machine
     * @param path      {@link DartVmService.Address#webSocketPath()}
     * @param timeout   bound of the connect and of each request
     * @throws VmServiceException when the service does not answer in time or not as the protocol says
     */
    public static VmServiceClient connect(int localPort, String path, Duration timeout) throws VmServiceException {
        VmServiceClient c = new VmServiceClient(timeout);
        HttpClient http = HttpClient.newBuilder().connectTimeout(timeout).build();
        try {
            c.socket = http.newWebSocketBuilder().connectTimeout(timeout)
                    .buildAsync(URI.create("ws://127.0.0.1:" + localPort + path), c.new Listener())
                    .get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            // a VM service with a Dart Development Service attached (as 'flutter run' starts one) takes no other
            // client: service.md "Single Client Mode"
            throw new VmServiceException("the Dart VM service did not accept the WebSocket ("
                    + simpleName(e.getCause()) + "; is 'flutter run' or DevTools attached? its Dart Development "
                    + "Service takes the VM service's only client: detach it, or run the app without 'flutter run')");
        } catch (TimeoutException e) {
            throw new VmServiceException("the Dart VM service did not answer within " + timeout.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new VmServiceException("interrupted while connecting to the Dart VM service");
        }
        try {
            DartVmService.Reply vm = c.call("getVM", Map.of());
            if (vm.isError() || !"VM".equals(vm.resultType())) {
                throw new VmServiceException("getVM did not return a VM");
            }
            c.vmPid = vm.vmPid();
            DartVmService.Reply listen = c.call("streamListen", Map.of("streamId", "Extension"));
            // 103 (already subscribed) cannot happen on a new connection; any error means no frames will come
            if (listen.isError() || !"Success".equals(listen.resultType())) {
                throw new VmServiceException("streamListen on Extension failed"
                        + (listen.isError() ? " (error " + listen.errorCode() + ")" : ""));
            }
        } catch (VmServiceException e) {
            c.close();
            throw e;
        }
        return c;
    }

    /** {@code VM.pid} from {@code getVM} (0 when the service did not say). */
    public long vmPid() {
        return vmPid;
    }

    /** The frames received since the last call, oldest first. */
    public List<FlutterFrame> drain() {
        List<FlutterFrame> out = new ArrayList<>();
        frames.drainTo(out);
        return out;
    }

    /** Frames that arrived while {@link #MAX_QUEUED} were already waiting. */
    public long lost() {
        return lost.get();
    }

    /** Whether the connection is still up. */
    public boolean isOpen() {
        return closeReason == null;
    }

    /** Why the connection ended (fpsctl's words), or null while open. */
    public String closeReason() {
        return closeReason;
    }

    @Override
    public void close() {
        ended("closed by fpsctl");
        WebSocket s = socket;
        if (s != null) {
            s.abort();
        }
    }

    private DartVmService.Reply call(String method, Map<String, String> params) throws VmServiceException {
        String id = Long.toString(nextId.getAndIncrement());
        CompletableFuture<DartVmService.Reply> reply = new CompletableFuture<>();
        pending.put(id, reply);
        try {
            socket.sendText(DartVmService.request(id, method, params), true)
                    .get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            return reply.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw new VmServiceException(method + " failed: " + (closeReason != null ? closeReason
                    : simpleName(e.getCause())));
        } catch (TimeoutException e) {
            throw new VmServiceException(method + " got no answer within " + timeout.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new VmServiceException("interrupted during " + method);
        } finally {
            pending.remove(id);
        }
    }

    private void ended(String reason) {
        if (closeReason == null) {
            closeReason = reason;
        }
        pending.values().forEach(f -> f.completeExceptionally(new IllegalStateException(reason)));
    }

    private static String simpleName(Throwable t) {
        return t == null ? "unknown error" : t.getClass().getSimpleName();
    }

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder text = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            if (text.length() + data.length() > DartVmService.MAX_MESSAGE_CHARS) {
                ended("the Dart VM service sent a message longer than " + DartVmService.MAX_MESSAGE_CHARS
                        + " characters");
                ws.abort();
                return null;
            }
            text.append(data);
            if (last) {
                String message = text.toString();
                text.setLength(0);
                try {
                    handle(DartVmService.parse(message));
                } catch (DartVmService.BadMessage e) {
                    ended("the Dart VM service sent " + e.getMessage());
                    ws.abort();
                    return null;
                }
            }
            ws.request(1);
            return null;
        }

        private void handle(DartVmService.Message m) {
            if (m instanceof DartVmService.Reply r) {
                CompletableFuture<DartVmService.Reply> f = pending.get(r.id());
                if (f != null) {
                    f.complete(r);
                }
            } else if (m instanceof DartVmService.Notification n && n.frame() != null && !frames.offer(n.frame())) {
                lost.incrementAndGet();
            }
        }

        @Override
        public CompletionStage<?> onBinary(WebSocket ws, ByteBuffer data, boolean last) {
            ws.request(1); // binary events (heap snapshots) are not on the Extension stream; ignored
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket ws, int statusCode, String reason) {
            ended("the Dart VM service closed the connection (WebSocket status " + statusCode + ")");
            return null;
        }

        @Override
        public void onError(WebSocket ws, Throwable error) {
            ended("the connection to the Dart VM service broke (" + simpleName(error) + ")");
        }
    }

    /** The VM service could not be used; the message is one line for the user. */
    public static final class VmServiceException extends Exception {
        private static final long serialVersionUID = 1L;

        public VmServiceException(String message) {
            super(message);
        }
    }
}
