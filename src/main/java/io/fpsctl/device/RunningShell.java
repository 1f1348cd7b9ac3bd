package io.fpsctl.device;

/**
 * A shell started for {@link PersistentShell}: its stream, and a deadline on reading it, kept the way the transport
 * can (through the adb server, the socket's timeout).
 */
interface RunningShell {

    ShellV2Stream stream();

    /** Bounds the reads from now on: a read still waiting {@code timeoutNs} from now fails; 0 lifts the bound. */
    void deadline(long timeoutNs);

    /** True once a deadline passed. */
    boolean timedOut();

    /** Ends the shell (the device side sees its stream close). */
    void close();
}
