package io.fpsctl.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A page open in headless chromium in <em>real</em> time, asked over the DevTools protocol (on loopback) until a
 * condition of the page holds.
 *
 * <p>Why not {@link Chromium#dumpDom(Path, String, Path)}: with its {@code --virtual-time-budget} the page's clock
 * runs ahead whenever its main thread is idle, and Chromium's media pipeline (demuxing and decoding a seek) runs on
 * other threads that hold no virtual-time pause (only fetches, response bodies and storage writes do). A page that
 * waits for a video's {@code seeked} event is idle, so the budget can run out before the decoder answers: the DOM is
 * dumped mid-test, more often the more loaded the machine. Here nothing is virtual: the page runs as in a browser,
 * and the test waits (bounded) for the page to say it is done.
 *
 * <p>Bounds: every wait of {@link #domWhen} (the port file, the target list, each HTTP request, the WebSocket, each
 * evaluation, the condition) takes from one deadline, {@code within} from the call; ending the browser afterwards
 * adds at most {@link #STOP_WAIT} for the browser and {@link #STOP_WAIT} for its children together.
 */
public final class ChromiumPage implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How long the browser, then its children, get after SIGTERM before SIGKILL. */
    static final Duration STOP_WAIT = Duration.ofSeconds(5);
    /** A single DevTools HTTP request or evaluation never waits longer than this (nor past the deadline). */
    private static final Duration STEP = Duration.ofSeconds(10);
    private final Process process;
    private final WebSocket socket;
    private final Map<Integer, CompletableFuture<JsonNode>> answers;
    private final AtomicInteger ids = new AtomicInteger();

    private ChromiumPage(Process process, WebSocket socket, Map<Integer, CompletableFuture<JsonNode>> answers) {
        this.process = process;
        this.socket = socket;
        this.answers = answers;
    }

    /**
     * The page's DOM ({@code document.documentElement.outerHTML}) once the JavaScript expression {@code done} is
     * truthy in it; fails naming the page and {@code done} when {@code within} passes first.
     */
    public static String domWhen(Chromium chromium, Path page, String fragment, Path work, String done,
            Duration within) throws Exception {
        Instant deadline = Instant.now().plus(within);
        try (ChromiumPage p = open(chromium, page.toAbsolutePath().toUri() + fragment, work, deadline)) {
            PollUntil.condition(() -> p.evaluate("!!(" + done + ")", deadline).asBoolean(), left(deadline),
                    page.getFileName() + fragment + " to reach " + done);
            return p.evaluate("document.documentElement.outerHTML", deadline).asText();
        }
    }

    /** What is left until {@code deadline}, at least 1 ms (a wait of zero would mean none to some callers). */
    static Duration left(Instant deadline) {
        Duration d = Duration.between(Instant.now(), deadline);
        return d.compareTo(Duration.ofMillis(1)) < 0 ? Duration.ofMillis(1) : d;
    }

    private static Duration step(Instant deadline) {
        Duration d = left(deadline);
        return d.compareTo(STEP) < 0 ? d : STEP;
    }

    private static ChromiumPage open(Chromium chromium, String url, Path work, Instant deadline) throws Exception {
        Path profile = Files.createTempDirectory(work, "chromium-profile");
        Path log = work.resolve("chromium.log");
        // port 0: chromium picks a free port and writes it to DevToolsActivePort in the profile (loopback only)
        Process process = new ProcessBuilder(List.of(chromium.binary().toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--disable-extensions", "--user-data-dir=" + profile, "--window-size=1280,2000",
                "--remote-debugging-port=0", url))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            Path portFile = profile.resolve("DevToolsActivePort");
            int port = PollUntil.value(() -> {
                if (!process.isAlive()) {
                    throw new AssertionError("chromium exited with " + process.exitValue() + ": " + Files.readString(log));
                }
                List<String> lines = Files.readAllLines(portFile);
                return lines.isEmpty() ? -1 : Integer.parseInt(lines.get(0).trim());
            }, p -> p > 0, left(deadline), "chromium's DevToolsActivePort");
            // connectTimeout and each request's timeout: a DevTools endpoint that accepts and never answers cannot
            // hold the test past its deadline (PollUntil looks at its deadline only between calls)
            HttpClient http = HttpClient.newBuilder().connectTimeout(step(deadline)).build();
            String target = PollUntil.value(() -> {
                String list = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list"))
                        .timeout(step(deadline)).build(), HttpResponse.BodyHandlers.ofString()).body();
                for (JsonNode t : JSON.readTree(list)) {
                    if ("page".equals(t.path("type").asText()) && t.path("url").asText().startsWith("file:")) {
                        return t.path("webSocketDebuggerUrl").asText();
                    }
                }
                return null;
            }, t -> t != null && !t.isEmpty(), left(deadline), "the page's DevTools target");
            // the map exists before the socket: an answer can arrive as soon as the socket is open
            Map<Integer, CompletableFuture<JsonNode>> answers = new ConcurrentHashMap<>();
            WebSocket socket = http.newWebSocketBuilder().buildAsync(URI.create(target), new WebSocket.Listener() {
                private final StringBuilder message = new StringBuilder();

                @Override
                public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                    message.append(data);
                    if (last) {
                        String text = message.toString();
                        message.setLength(0);
                        try {
                            JsonNode m = JSON.readTree(text);
                            CompletableFuture<JsonNode> f = m.has("id") ? answers.remove(m.get("id").asInt()) : null;
                            if (f != null) {
                                f.complete(m);
                            }
                        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                            answers.values().forEach(f -> f.completeExceptionally(e));
                        }
                    }
                    ws.request(1);
                    return null;
                }
            }).get(left(deadline).toMillis(), TimeUnit.MILLISECONDS);
            return new ChromiumPage(process, socket, answers);
        } catch (Throwable e) {
            stop(process);
            throw e;
        }
    }

    /** The value of a JavaScript expression in the page (Runtime.evaluate, by value), answered by {@code deadline}. */
    private JsonNode evaluate(String expression, Instant deadline) throws Exception {
        int id = ids.incrementAndGet();
        ObjectNode call = JSON.createObjectNode().put("id", id).put("method", "Runtime.evaluate");
        call.putObject("params").put("expression", expression).put("returnByValue", true);
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        answers.put(id, answer);
        try {
            socket.sendText(JSON.writeValueAsString(call), true).get(step(deadline).toMillis(), TimeUnit.MILLISECONDS);
            JsonNode m = answer.get(step(deadline).toMillis(), TimeUnit.MILLISECONDS);
            if (m.has("error") || m.path("result").has("exceptionDetails")) {
                throw new IOException("the page could not evaluate " + expression + ": " + m);
            }
            return m.path("result").path("result").path("value");
        } finally {
            answers.remove(id); // an answer that timed out is not kept
        }
    }

    @Override
    public void close() {
        socket.abort();
        stop(process);
    }

    /**
     * Ends the browser this class started and every process it started (renderer, GPU, zygote, utility): SIGTERM to
     * all, then each gets at most {@link #STOP_WAIT} (the children together another one) before SIGKILL. The
     * children are listed while the browser still runs (once it exits they are re-parented and no longer its
     * descendants), and again after SIGTERM, for any it forked in between.
     */
    static void stop(Process process) {
        Set<ProcessHandle> children = new LinkedHashSet<>(process.descendants().toList());
        process.destroy();
        children.addAll(process.descendants().toList());
        children.forEach(ProcessHandle::destroy);
        try {
            if (!process.waitFor(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                children.addAll(process.descendants().toList());
                process.destroyForcibly();
                process.waitFor(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            }
            Instant until = Instant.now().plus(STOP_WAIT);
            for (ProcessHandle child : children) {
                try {
                    child.onExit().get(left(until).toMillis(), TimeUnit.MILLISECONDS);
                } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
                    child.destroyForcibly();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            children.forEach(ProcessHandle::destroyForcibly);
        }
    }
}
