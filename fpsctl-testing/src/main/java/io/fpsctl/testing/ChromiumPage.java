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
import java.util.List;
import java.util.Map;
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
 */
public final class ChromiumPage implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Process process;
    private final WebSocket socket;
    private final Map<Integer, CompletableFuture<JsonNode>> answers = new ConcurrentHashMap<>();
    private final AtomicInteger ids = new AtomicInteger();

    private ChromiumPage(Process process, WebSocket socket) {
        this.process = process;
        this.socket = socket;
    }

    /**
     * The page's DOM ({@code document.documentElement.outerHTML}) once the JavaScript expression {@code done} is
     * truthy in it; fails naming the page and {@code done} when {@code within} passes first.
     */
    public static String domWhen(Chromium chromium, Path page, String fragment, Path work, String done,
            Duration within) throws Exception {
        try (ChromiumPage p = open(chromium, page.toAbsolutePath().toUri() + fragment, work, within)) {
            PollUntil.condition(() -> p.evaluate("!!(" + done + ")").asBoolean(), within,
                    page.getFileName() + fragment + " to reach " + done);
            return p.evaluate("document.documentElement.outerHTML").asText();
        }
    }

    private static ChromiumPage open(Chromium chromium, String url, Path work, Duration within) throws Exception {
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
            }, p -> p > 0, within, "chromium's DevToolsActivePort");
            HttpClient http = HttpClient.newHttpClient();
            String target = PollUntil.value(() -> {
                String list = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list"))
                        .build(), HttpResponse.BodyHandlers.ofString()).body();
                for (JsonNode t : JSON.readTree(list)) {
                    if ("page".equals(t.path("type").asText()) && t.path("url").asText().startsWith("file:")) {
                        return t.path("webSocketDebuggerUrl").asText();
                    }
                }
                return null;
            }, t -> t != null && !t.isEmpty(), within, "the page's DevTools target");
            ChromiumPage[] self = new ChromiumPage[1];
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
                            CompletableFuture<JsonNode> f = m.has("id") ? self[0].answers.remove(m.get("id").asInt()) : null;
                            if (f != null) {
                                f.complete(m);
                            }
                        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                            self[0].answers.values().forEach(f -> f.completeExceptionally(e));
                        }
                    }
                    ws.request(1);
                    return null;
                }
            }).get(within.toMillis(), TimeUnit.MILLISECONDS);
            self[0] = new ChromiumPage(process, socket);
            return self[0];
        } catch (Throwable e) {
            stop(process);
            throw e;
        }
    }

    /** The value of a JavaScript expression in the page (Runtime.evaluate, by value). */
    private JsonNode evaluate(String expression) throws Exception {
        int id = ids.incrementAndGet();
        ObjectNode call = JSON.createObjectNode().put("id", id).put("method", "Runtime.evaluate");
        call.putObject("params").put("expression", expression).put("returnByValue", true);
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        answers.put(id, answer);
        socket.sendText(JSON.writeValueAsString(call), true).get(10, TimeUnit.SECONDS);
        JsonNode m = answer.get(10, TimeUnit.SECONDS);
        if (m.has("error") || m.path("result").has("exceptionDetails")) {
            throw new IOException("the page could not evaluate " + expression + ": " + m);
        }
        return m.path("result").path("result").path("value");
    }

    @Override
    public void close() {
        socket.abort();
        stop(process);
    }

    /** Ends the browser this class started, and the processes it started (renderer, GPU, zygote). */
    private static void stop(Process process) {
        List<ProcessHandle> children = process.descendants().toList();
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        children.forEach(ProcessHandle::destroy);
    }
}
