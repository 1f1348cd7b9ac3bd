/**
 * Offline analyses of saved files: a dump or an fpsctl frames CSV is detected, parsed and summarised
 * ({@link io.fpsctl.analysis.SavedDump}), the same engine as a live capture.
 */
package io.fpsctl.analysis;
