package io.fpsctl.capture;

/**
 * What the user asked to measure with: a source (or {@link Kind#AUTO}), an optional SurfaceFlinger layer, and the
 * agent's slow-message threshold.
 *
 * @param kind          the source asked for
 * @param layer         a SurfaceFlinger layer name to measure, or null to find one
 * @param slowMessageMs agent: report main-thread messages longer than this
 */
public record SourceRequest(Kind kind, String layer, long slowMessageMs) {

    /** The sources a user can ask for. */
    public enum Kind { AUTO, GFXINFO, SURFACEFLINGER, AGENT }
}
