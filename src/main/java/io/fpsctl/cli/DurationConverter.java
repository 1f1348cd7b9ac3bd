package io.fpsctl.cli;

import java.time.Duration;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Parses durations the way users type them: {@code 20s}, {@code 500ms}, {@code 2m}, {@code 1h}, {@code 1.5s}, {@code 30}. */
public final class DurationConverter implements ITypeConverter<Duration> {

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
        } else {
            factorNs = 1_000_000_000L;
            num = v;
        }
        try {
            double d = Double.parseDouble(num);
            if (d < 0 || Double.isNaN(d) || Double.isInfinite(d)) {
                throw new NumberFormatException();
            }
            return Duration.ofNanos(Math.round(d * factorNs));
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is not a duration (use e.g. 500ms, 20s, 2m)");
        }
    }
}
