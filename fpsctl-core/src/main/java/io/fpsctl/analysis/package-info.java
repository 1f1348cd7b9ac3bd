/**
 * Offline analyses of saved files: what a file holds is decided from its first bytes
 * ({@link io.fpsctl.analysis.DumpKind}), then the dump or fpsctl frames CSV is parsed and summarised
 * ({@link io.fpsctl.analysis.SavedDump}) by the same engine as a live capture.
 */
package io.fpsctl.analysis;
