package io.fpsctl.android;

/**
 * The input is not a dump of the kind a parser was asked to read (for example a file handed to
 * {@link LatencyParser} whose first meaningful line is not a refresh period). The message says what was
 * expected. Malformed lines inside a dump of the right kind never raise this; parsers skip and count them.
 */
public class DumpFormatException extends Exception {

    private static final long serialVersionUID = 1L;

    public DumpFormatException(String message) {
        super(message);
    }
}
