package io.fpsctl.capture;

/** A {@link Driver} failed: the {@code --run} command exited non-zero, or the scroll could not be injected. */
public final class DriverFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DriverFailedException(String message) {
        super(message);
    }
}
