package io.fpsctl.cli;

import io.fpsctl.engine.PlausibleBounds;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Numeric option values checked at parse time: plain decimal numbers only (no NaN, Infinity, hex or Java's
 * {@code d}/{@code f} suffixes), finite, and within the option's range; a bad value is a usage error (exit 2).
 */
abstract class NumberConverter implements ITypeConverter<Double> {
    private static final java.util.regex.Pattern DECIMAL = java.util.regex.Pattern.compile("[+]?\\d{1,15}(\\.\\d{1,9})?");
    /** Larger values are never meant (fps, Hz, ms, %, counts). */
    static final double MAX = 1e12;

    private final boolean zeroAllowed;

    NumberConverter(boolean zeroAllowed) {
        this.zeroAllowed = zeroAllowed;
    }

    @Override
    public Double convert(String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        if (v.startsWith("-") && DECIMAL.matcher(v.substring(1)).matches()) {
            throw new TypeConversionException("'" + value + "' is out of range: it must be "
                    + (zeroAllowed ? "0 or more" : "greater than 0"));
        }
        if (!DECIMAL.matcher(v).matches()) {
            throw new TypeConversionException("'" + value + "' is not a number (use e.g. 60 or 16.7"
                    + (zeroAllowed ? "" : "; it must be greater than 0") + ")");
        }
        double d = Double.parseDouble(v);
        if (d > MAX || (!zeroAllowed && d <= 0)) {
            throw new TypeConversionException("'" + value + "' is out of range (must be "
                    + (zeroAllowed ? "0" : "greater than 0") + " and at most 1e12)");
        }
        return d;
    }

    /** A finite number greater than 0. */
    static final class Positive extends NumberConverter {
        Positive() {
            super(false);
        }
    }

    /** A finite number, 0 or more. */
    static final class NonNegative extends NumberConverter {
        NonNegative() {
            super(true);
        }
    }

    /**
     * A finite number of either sign (a threshold that may be negative, e.g. Macrobenchmark's frameOverrunMs, which
     * is negative for a frame that finished before its deadline: docs/metrics.md 15.3).
     */
    static final class Signed extends NumberConverter {
        Signed() {
            super(true);
        }

        @Override
        public Double convert(String value) {
            String v = value.strip();
            // one sign only: "-+5" is no number (DECIMAL itself allows a leading '+')
            if (v.startsWith("-") && !v.startsWith("-+") && DECIMAL.matcher(v.substring(1)).matches()) {
                double d = -Double.parseDouble(v.substring(1));
                if (d < -MAX) {
                    throw new TypeConversionException("'" + value + "' is out of range (must be at least -1e12)");
                }
                return d;
            }
            if (!DECIMAL.matcher(v.toLowerCase(Locale.ROOT)).matches()) {
                throw new TypeConversionException("'" + value + "' is not a number (use e.g. 4, -2 or 0.5)");
            }
            return super.convert(v);
        }
    }

    /** A display's refresh rate: 1 to 1000 Hz (docs/metrics.md, "What fpsctl refuses to believe"). */
    static final class RefreshRate extends NumberConverter {
        RefreshRate() {
            super(false);
        }

        @Override
        public Double convert(String value) {
            Double hz = super.convert(value);
            if (hz < PlausibleBounds.MIN_REFRESH_HZ || hz > PlausibleBounds.MAX_REFRESH_HZ) {
                throw new TypeConversionException("'" + value + "' is no display's refresh rate: it must be 1 to 1000 Hz");
            }
            return hz;
        }
    }

    /** A whole number, 0 or more (counts, milliseconds). */
    static final class Count implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            String v = value.strip();
            if (v.matches("-\\d{1,15}")) {
                throw new TypeConversionException("'" + value + "' is out of range: it must be 0 or more");
            }
            if (!v.matches("[+]?\\d{1,15}")) {
                throw new TypeConversionException("'" + value + "' is not a whole number of 0 or more");
            }
            return Long.parseLong(v);
        }
    }
}
