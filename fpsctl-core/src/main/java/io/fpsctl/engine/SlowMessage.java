package io.fpsctl.engine;

/**
 * A main-thread message that ran longer than the agent's slow-message threshold (protocol v1 {@code M} record).
 *
 * @param startUptimeMs when it started, device uptime ms
 * @param durationMs    how long it ran
 * @param target        the {@code >>>>> Dispatching to …} text
 * @param stack         the main thread's stack sampled while it ran, frames joined with {@code  <- }, innermost first
 */
public record SlowMessage(long startUptimeMs, long durationMs, String target, String stack) {
}
