package io.fpsctl.agentapk;

/** A keystore could not be read, created, or does not hold the requested key; the message says which and why. */
public final class KeystoreException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public KeystoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
