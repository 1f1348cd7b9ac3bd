package io.fpsctl.format;

/**
 * A file handed to {@link FrameCsvReader} is not an fpsctl frames CSV: its header lacks a required column of
 * {@link FrameCsvSchema#REQUIRED}, or it is not CSV at all. The message says which. Malformed rows inside a frames
 * CSV never raise this; the reader skips and counts them.
 */
public final class FrameCsvFormatException extends Exception {
    private static final long serialVersionUID = 1L;

    public FrameCsvFormatException(String message) {
        super(message);
    }
}
