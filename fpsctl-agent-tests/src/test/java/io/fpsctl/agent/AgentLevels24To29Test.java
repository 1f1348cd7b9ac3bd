package io.fpsctl.agent;

import org.junit.runner.RunWith;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.annotation.Config;

/**
 * {@link AgentLevelsChecks} on Android 7.0 → 10 (API 24 → 29): FrameInfo-dated reports on 24/25, FrameMetrics'
 * own timestamps from 26, the hidden queue hooks refused to an app targeting 35 from 29.
 * The other half of the levels is {@link AgentLevels30To35Test}.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = {24, 25, 26, 27, 28, 29})
public class AgentLevels24To29Test extends AgentLevelsChecks {
}
