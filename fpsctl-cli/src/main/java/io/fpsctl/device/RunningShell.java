package io.fpsctl.device;

import java.io.IOException;

/**
 * A shell started through the adb server for {@link PersistentShell}: its stream, and a deadline on reading it,
 * kept on the socket ({@link ServerStream}).
 */
final class RunningShell {

    private final String serial;
    private final ServerStream socket;
    private final ShellV2Stream stream;

    RunningShell(String serial, ServerStream socket, ShellV2Stream stream) {
        this.serial = serial;
        this.socket = socket;
        this.stream = stream;
    }

    ShellV2Stream stream() {
        return stream;
    }

    /** Bounds the reads from now on: a read still waiting {@code timeoutNs} from now fails; 0 lifts the bound. */
    void deadline(long timeoutNs) {
        try {
            socket.deadline(timeoutNs);
        } catch (IOException e) {
            stream.close();
            throw AdbErrors.gone(serial, e.getMessage(), e);
        }
    }

    /** True once a deadline passed. */
    boolean timedOut() {
        return socket.timedOut();
    }

    /** Ends the shell (the device side sees its stream close). */
    void close() {
        stream.close();
    }
}
