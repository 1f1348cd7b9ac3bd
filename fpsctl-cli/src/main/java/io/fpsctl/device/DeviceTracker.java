package io.fpsctl.device;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.util.List;
import java.util.function.Consumer;

/**
 * A running {@code host:track-devices-l} subscription ({@link AdbHostClient#trackDevices(Consumer)}): a
 * background thread that reads each hex4-prefixed device list the server sends and hands it to the listener.
 * Ends when closed, when the server closes the connection, or when the listener throws.
 */
public final class DeviceTracker implements AutoCloseable {

    private final Socket socket;
    private final Thread thread;
    private volatile boolean closed;
    private volatile RuntimeException failure;

    DeviceTracker(AdbServerAddress address, Socket socket, Consumer<List<DeviceInfo>> listener) throws IOException {
        this.socket = socket;
        InputStream in = socket.getInputStream();
        this.thread = new Thread(() -> run(in, listener), "fpsctl-track-devices-" + address.port());
        thread.setDaemon(true);
        thread.start();
    }

    /** True while the subscription is delivering updates. */
    public boolean isAlive() {
        return thread.isAlive();
    }

    /** Why it ended, if the listener threw (null otherwise). */
    public RuntimeException failure() {
        return failure;
    }

    /** Stops tracking and waits briefly for the thread to end. Idempotent. */
    @Override
    public void close() {
        closed = true;
        AdbHostClient.closeQuietly(socket);
        if (Thread.currentThread() != thread) {
            try {
                thread.join(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void run(InputStream in, Consumer<List<DeviceInfo>> listener) {
        try {
            while (!closed) {
                listener.accept(DeviceInfo.parseList(AdbHostClient.readHexString(in)));
            }
        } catch (IOException e) {
            // closed by us or by the server: the subscription is over either way (see isAlive)
        } catch (RuntimeException e) {
            failure = e;
        } finally {
            AdbHostClient.closeQuietly(socket);
        }
    }
}
