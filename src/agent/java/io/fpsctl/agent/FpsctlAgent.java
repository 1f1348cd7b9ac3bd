package io.fpsctl.agent;

import android.app.Instrumentation;

/**
 * Placeholder for the on-device agent (started with {@code am instrument}); the real implementation lives on
 * the agent branch and replaces this file. It only gives the APK build pipeline an input.
 */
public class FpsctlAgent extends Instrumentation {
}
