package io.fpsctl.sim.device;

import java.util.List;

/**
 * A simulated shell command whose input or output is bytes rather than text: {@code perfetto -c -} reads its
 * config from standard input, {@code cat} of a trace file writes binary data. Runs under the device lock, after
 * the device has been advanced to "now" ({@link ShellDispatcher}), like a {@link ShellCommand}.
 */
@FunctionalInterface
interface StreamCommand {

    /**
     * @param args  the words after the command name
     * @param stdin what the command's standard input holds (the previous stage of a pipeline, or what the host
     *              wrote to the stream before closing its input); empty when nothing was written
     */
    Reply run(List<String> args, byte[] stdin);

    /**
     * Whether this command line reads its standard input (then the host's input is read to its end before the
     * command runs, outside the device lock); commands that do not read it must not wait for it.
     */
    default boolean readsStdin(List<String> args) {
        return false;
    }

    /** Bytes for standard output, text for standard error, the exit status. */
    record Reply(byte[] out, String err, int exit) {

        static Reply of(ShellReply text) {
            return new Reply(text.out().getBytes(java.nio.charset.StandardCharsets.UTF_8), text.err(), text.exit());
        }
    }
}
