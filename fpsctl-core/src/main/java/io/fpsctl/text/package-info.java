/**
 * Bounded reading of untrusted text, shared by the device-text parsers and the readers of fpsctl's own files: lines
 * capped in length ({@link io.fpsctl.text.LineReader}, {@link io.fpsctl.text.BoundedLines}) and the count of rows that
 * cannot be true ({@link io.fpsctl.text.RejectedRows}). Depends on nothing of fpsctl.
 */
package io.fpsctl.text;
