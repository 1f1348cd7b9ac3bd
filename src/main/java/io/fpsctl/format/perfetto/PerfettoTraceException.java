package io.fpsctl.format.perfetto;

/** A trace that cannot be read: the message is one line naming the file and what is wrong. */
public final class PerfettoTraceException extends Exception {
    private static final long serialVersionUID = 1L;

    public PerfettoTraceException(String message) {
        super(message);
    }
}
