/**
 * The only place where the agent reaches into hidden platform APIs by reflection (the layout scrcpy's server
 * uses for its {@code wrappers} package): one class per hidden class, members resolved and guarded here, a
 * refusal surfaced as {@link io.fpsctl.agent.wrappers.HiddenApiException} so callers report an {@code E} record
 * and carry on. Platform differences are named in {@link io.fpsctl.agent.wrappers.PlatformQuirks}.
 */
package io.fpsctl.agent.wrappers;
