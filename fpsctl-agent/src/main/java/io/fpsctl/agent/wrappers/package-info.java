/**
 * The only place where the agent reaches into hidden platform APIs by reflection (the layout scrcpy's server
 * uses for its {@code wrappers} package): one class per hidden class, members tried through
 * {@link io.fpsctl.agent.wrappers.MemberAccess} (never predicted), a refusal surfaced as
 * {@link io.fpsctl.agent.wrappers.HiddenApiException} naming the member so callers report a capability record
 * and carry on. Platform differences are named in {@link io.fpsctl.agent.wrappers.PlatformQuirks}.
 */
package io.fpsctl.agent.wrappers;
