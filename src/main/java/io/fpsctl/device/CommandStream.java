package io.fpsctl.device;

/**
 * A {@link ShellStream} of one command that {@link DadbDevice} can also read to its end in one go: the shell
 * protocol v2 ({@link ShellV2Stream}) or, on a device without it, adbd's raw {@code exec:} service with the exit
 * status echoed after a mark ({@link LegacyShellStream}).
 */
interface CommandStream extends ShellStream {

    /** The command this stream runs, as the caller gave it. */
    String command();

    /**
     * Reads the whole stream: the command's output in full, then its exit status.
     *
     * @return the result, or {@code null} if the stream was closed locally before the exit status arrived
     * @throws DeviceGoneException if the transport died or the stream ended without an exit status
     */
    ShellResult readAll();
}
