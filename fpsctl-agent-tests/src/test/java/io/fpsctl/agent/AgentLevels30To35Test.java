package io.fpsctl.agent;

import org.junit.runner.RunWith;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.annotation.Config;

/**
 * {@link AgentLevelsChecks} on Android 11 → 15 (API 30 → 35): GPU time and deadline in FrameMetrics from 31, the
 * hidden queue hooks refused to an app targeting 35 unless hidden-API checks are off.
 * The other half of the levels is {@link AgentLevels24To29Test}.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = {30, 31, 32, 33, 34, 35})
public class AgentLevels30To35Test extends AgentLevelsChecks {
}
