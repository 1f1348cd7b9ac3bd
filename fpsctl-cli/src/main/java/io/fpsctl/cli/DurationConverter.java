package io.fpsctl.cli;

import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Parses durations the way users type them: {@code 20s}, {@code 500ms}, {@code 2m}, {@code 1h}, {@code 1.5s}; a bare
 * number ({@code 30}) is refused with a message asking for the unit (seconds here, milliseconds elsewhere). A duration must be longer than 0 and at most {@link #MAX} (30 days); anything else, including
 * NaN, exponents and Java's {@code d} suffix, is a usage error at parse time.
 */
public final class DurationConverter implements ITypeConverter<Duration> {
    /** The longest duration accepted. */
    static final Duration MAX = Duration.ofDays(30);
    private static final java.util.regex.Pattern NUMBER = java.util.regex.Pattern.compile("\\d{1,12}(\\.\\d{1,9})?");

    @Override
    public Duration convert(String value) {
        return parse(value);
    }

    static Duration parse(String value) {
        String v = value.trim().toLowerCase(java.util.Locale.ROOT);
        long factorNs;
        String num;
        if (v.endsWith("ms")) {
            factorNs = 1_000_000L;
            num = v.substring(0, v.length() - 2);
        } else if (v.endsWith("s")) {
            factorNs = 1_000_000_000L;
            num = v.substring(0, v.length() - 1);
        } else if (v.endsWith("m")) {
            factorNs = 60_000_000_000L;
            num = v.substring(0, v.length() - 1);
        } else if (v.endsWith("h")) {
            factorNs = 3_600_000_000_000L;
            num = v.substring(0, v.length() - 1);
        } else if (NUMBER.matcher(v).matches()) {
            // a bare number: seconds here, milliseconds in other tools (flashlight's --duration): ask for the unit
            throw new TypeConversionException("'" + value + "' has no unit: write " + v + "s for seconds (or "
                    + v + "ms, " + v + "m)");
        } else {
            factorNs = 1_000_000_000L;
            num = v;
        }
        if (!NUMBER.matcher(num).matches()) {
            throw new TypeConversionException("'" + value + "' is not a duration (use e.g. 500ms, 20s, 2m)");
        }
        double ns = Double.parseDouble(num) * factorNs;
        if (!(ns >= 1) || ns > MAX.toNanos()) {
            throw new TypeConversionException("'" + value + "' is out of range: a duration must be longer than 0 "
                    + "and at most 30 days");
        }
        return Duration.ofNanos(Math.round(ns));
    }
}
