package io.fpsctl.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which requests are still unanswered: {@link JsonRpcGuard} notes each request it hands on, and this stream (the
 * one the SDK writes its messages to, a line each) crosses off each response as it goes out. When standard input
 * ends the server waits for them, so that {@code echo REQUEST | fpsctl mcp} still gets its answer.
 */
final class AnsweredRequests extends FilterOutputStream {
    private final Set<String> pending = ConcurrentHashMap.newKeySet();
    private final ObjectMapper json;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    AnsweredRequests(OutputStream out, ObjectMapper json) {
        super(out);
        this.json = json;
    }

    /** A request (its id as JSON text) was handed to the SDK. */
    void asked(String id) {
        pending.add(id);
    }

    boolean allAnswered() {
        return pending.isEmpty();
    }

    /** Waits up to {@code millis} for a response to go out (or a measurement to end: the caller polls that). */
    synchronized void awaitChange(long millis) throws InterruptedException {
        wait(millis);
    }

    private synchronized void answered(String id) {
        if (pending.remove(id)) {
            notifyAll();
        }
    }

    @Override
    public void write(int b) throws IOException {
        out.write(b);
        seen(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        for (int i = off; i < off + len; i++) {
            seen(b[i]);
        }
    }

    private void seen(int b) {
        if (b != '\n') {
            line.write(b);
            return;
        }
        try {
            JsonNode m = json.readTree(line.toByteArray());
            JsonNode id = m == null ? null : m.get("id");
            if (id != null && !id.isNull() && !m.has("method")) {
                answered(id.toString());
            }
        } catch (IOException e) {
            // not ours to judge: the SDK wrote it
        }
        line.reset();
    }
}
