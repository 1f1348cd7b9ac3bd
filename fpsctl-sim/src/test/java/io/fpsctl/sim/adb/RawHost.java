package io.fpsctl.sim.adb;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/** A bare-socket adb host for byte-level tests. Reads time out after 5 s. */
final class RawHost implements AutoCloseable {

    final Socket socket;
    final InputStream in;
    final OutputStream out;

    RawHost(int port) throws IOException {
        socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(5000);
        socket.setTcpNoDelay(true);
        in = new BufferedInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    static AdbMessage hostConnect(int maxData) {
        return new AdbMessage(AdbMessage.A_CNXN, AdbMessage.A_VERSION, maxData,
                "host::features=shell_v2,cmd".getBytes(StandardCharsets.UTF_8));
    }

    /** Sends CNXN and returns the device's reply. */
    AdbMessage connect(int maxData) throws IOException {
        send(hostConnect(maxData));
        return read();
    }

    void send(AdbMessage m) throws IOException {
        out.write(m.encode());
        out.flush();
    }

    void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** The next message; fails on end of stream. */
    AdbMessage read() throws IOException {
        AdbMessage m = AdbMessage.read(in, 16 * 1024 * 1024);
        if (m == null) {
            throw new IOException("device closed the connection");
        }
        return m;
    }

    /** True when the device closes the connection within the read timeout. */
    boolean closedByDevice() throws IOException {
        try {
            return in.read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    /** True if nothing arrives within {@code millis}. */
    boolean silentFor(int millis) throws IOException {
        socket.setSoTimeout(millis);
        try {
            in.read();
            return false;
        } catch (SocketTimeoutException e) {
            return true;
        } finally {
            socket.setSoTimeout(5000);
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
