package io.fpsctl.sim.adb;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * What the simulated device runs for a shell service ({@code shell,v2,raw:<cmd>}, {@code shell:<cmd>},
 * {@code exec:<cmd>}). The transport streams whatever is written to {@code stdout}/{@code stderr} to the
 * host as it is written (chunked to the negotiated payload size) and sends the returned exit status
 * (shell v2 only).
 */
@FunctionalInterface
public interface ShellHandler {

    /**
     * Runs one command line (already stripped of the service prefix and arguments).
     *
     * @return the exit status (0..255)
     * @throws IOException when the host went away while writing
     */
    int run(String commandLine, OutputStream stdout, OutputStream stderr) throws IOException;

    /**
     * Runs one command line that may read what the host writes to the stream ({@code stdin}, which ends when the
     * host closes it or the stream). By default the input is not read.
     */
    default int run(String commandLine, InputStream stdin, OutputStream stdout, OutputStream stderr)
            throws IOException {
        return run(commandLine, stdout, stderr);
    }

    /**
     * adbd's {@code tcp:<port>} service: a connection to {@code port} on the device's loopback, whose bytes the
     * stream then carries both ways. By default nothing listens (the OPEN is refused).
     *
     * @throws IOException when nothing listens there
     */
    default java.net.Socket connectTcp(int port) throws IOException {
        throw new java.net.ConnectException("Connection refused");
    }
}
