/**
 * The fpsctl on-device agent: an Instrumentation running inside the target app's process that streams protocol
 * version 1 records ({@link io.fpsctl.agent.report.Protocol}). Feature packages: {@code frames} (FrameMetrics,
 * Choreographer ticker and queue-head hooks), {@code looper} (message timing, slow-message stacks),
 * {@code interaction} (scroll and finger state), {@code report} (encoding and batching), {@code wrappers}
 * (hidden-API reflection, nowhere else). Java 8, android-all APIs only, minSdk 24.
 */
package io.fpsctl.agent;
