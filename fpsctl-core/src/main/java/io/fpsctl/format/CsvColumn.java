package io.fpsctl.format;

/**
 * One column of a CSV file fpsctl writes: its header name, what its cells hold and its place in the row. The schema
 * of each file ({@link FrameCsvSchema}, {@link WindowCsvSchema}) lists its columns once; the writer fills a row by
 * {@link #index()} and a reader finds the column by {@link #name()} (files written by older versions lack some).
 *
 * @param name  the header cell, e.g. {@code endNs}
 * @param type  what a cell holds and in which unit
 * @param index the column's position in the row, 0-based
 */
public record CsvColumn(String name, Type type, int index) {

    /** What the cells of a column hold; every type but {@link #TEXT} may also be empty (the value is absent). */
    public enum Type {
        /**
         * Free text: a device serial, a package or window name, a state SurfaceFlinger printed. Text the device sent
         * is also listed in its schema's {@code DEVICE_TEXT}, which the writer's CSV rule follows.
         */
        TEXT,
        /** A stable key of fpsctl's, e.g. a source, a drop level or a stage name. */
        KEY,
        /** A whole number of nanoseconds on the device's CLOCK_MONOTONIC, or a span of nanoseconds. */
        NANOSECONDS,
        /** Milliseconds as a decimal number (exact to the ns in the frames CSV, rounded in the windows CSV). */
        MILLISECONDS,
        /** A whole count, or a bit field written as a whole number. */
        INTEGER,
        /** {@code true} or {@code false}. */
        BOOLEAN,
        /** A rate, frames per second or hertz, one decimal. */
        RATE,
        /** A percentage: two decimals, one for CPU. */
        PERCENT,
        /** A temperature in °C, one decimal. */
        CELSIUS,
        /** A power in milliwatts, or a clock in MHz, one decimal (docs/metrics.md 14). */
        DECIMAL,
        /** Several {@code name=value} items joined with {@code |}. */
        LIST
    }
}
