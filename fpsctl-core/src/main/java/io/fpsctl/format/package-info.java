/**
 * The files fpsctl writes and reads back: the frames CSV ({@link io.fpsctl.format.FrameCsvSchema}), the windows CSV
 * ({@link io.fpsctl.format.WindowCsvSchema}), the JSON summary and a gate run's JSON
 * ({@link io.fpsctl.format.SummaryJsonSchema}), each with one schema its writer and reader share, and the number
 * text they use ({@link io.fpsctl.format.Decimals}, {@link io.fpsctl.format.Millis}). Depends on {@code engine} and
 * {@code text} only.
 */
package io.fpsctl.format;
