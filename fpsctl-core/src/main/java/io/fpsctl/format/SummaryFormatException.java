package io.fpsctl.format;

import java.io.IOException;

/** A file that should hold an fpsctl JSON summary (docs/metrics.md section 9) does not. */
public final class SummaryFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    public SummaryFormatException(String message) {
        super(message);
    }
}
