package io.fpsctl.device;

import dadb.AdbStream;
import dadb.Dadb;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A local TCP port on the loopback address whose connections each open the device's {@code tcp:<port>} service over a
 * direct connection (what {@code adb forward tcp:L tcp:R} does through an adb server, whose listener is on
 * localhost). Not dadb's own {@code tcpForward}: that binds its server socket on every interface, which would put the
 * app's Dart VM service on the network for the whole run (fpsctl's servers are on loopback unless asked).
 */
final class LoopbackForward implements Device.PortForward {
    private final ServerSocket server;
    private final Thread acceptor;

    LoopbackForward(Dadb dadb, int devicePort) throws IOException {
        server = new ServerSocket(0, 4, InetAddress.getLoopbackAddress());
        acceptor = new Thread(() -> accept(dadb, devicePort), "fpsctl-forward-tcp:" + devicePort);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void accept(Dadb dadb, int devicePort) {
        while (!server.isClosed()) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            try {
                AdbStream stream = dadb.open("tcp:" + devicePort);
                pump(client.getInputStream(), stream.getSink().outputStream(), client, stream, "up");
                pump(stream.getSource().inputStream(), client.getOutputStream(), client, stream, "down");
            } catch (Exception e) { // Kotlin does not declare its exceptions: the device refused, or went away
                closeQuietly(client);
            }
        }
    }

    /** Copies one direction until either side ends, then closes both (the other direction ends with them). */
    private static void pump(InputStream in, OutputStream out, Socket client, AdbStream stream, String way) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[16 * 1024];
            try {
                int n;
                while ((n = in.read(buf)) >= 0) {
                    out.write(buf, 0, n);
                    out.flush();
                }
            } catch (IOException | RuntimeException e) {
                // the other side closed: end this direction too
            } finally {
                closeQuietly(client);
                try {
                    stream.close();
                } catch (Exception ignored) {
                    // already closed
                }
            }
        }, "fpsctl-forward-" + way);
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    @Override
    public int localPort() {
        return server.getLocalPort();
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
