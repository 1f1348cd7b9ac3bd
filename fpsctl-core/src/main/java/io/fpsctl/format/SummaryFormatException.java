package io.fpsctl.format;

import java.io.IOException;

/** A file that should hold an fpsctl JSON summary (METRICS.md section 8) does not. */
public final class SummaryFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    public SummaryFormatException(String message) {
        super(message);
    }
}
