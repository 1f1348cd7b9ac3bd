package io.fpsctl.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Which screen to relaunch after {@code am instrument} restarted the app: lines as Android 9 / 10+ / 14 print them. */
class AgentPollerResumedTest {
    @Test
    void findsTheAppsResumedActivityInEachLayout() {
        String android9 = "  Stack #1:\n    mResumedActivity: ActivityRecord{3f2c1d0 u0 com.example.feed/.MainActivity t12}\n";
        assertEquals("com.example.feed/.MainActivity", AgentPoller.resumedComponent(android9, "com.example.feed"));
        String android10 = "  topResumedActivity=ActivityRecord{9d1e2f u0 com.example.feed/com.example.feed.ui.Detail t31}\n";
        assertEquals("com.example.feed/com.example.feed.ui.Detail",
                AgentPoller.resumedComponent(android10, "com.example.feed"));
        String android14 = "    ResumedActivity: ActivityRecord{8a2b0c1 u0 com.example.feed/.FeedActivity$Inner t9}\n";
        assertEquals("com.example.feed/.FeedActivity$Inner", AgentPoller.resumedComponent(android14, "com.example.feed"));
    }

    @Test
    void anotherAppOnTopOrNoDumpMeansTheLauncherActivity() {
        String launcher = "    mResumedActivity: ActivityRecord{1 u0 com.google.android.apps.nexuslauncher/.NexusLauncherActivity t2}\n";
        assertNull(AgentPoller.resumedComponent(launcher, "com.example.feed"));
        assertNull(AgentPoller.resumedComponent("Can't find service: activity\n", "com.example.feed"));
        String prefix = "    mResumedActivity: ActivityRecord{1 u0 com.example.feedreader/.Main t2}\n";
        assertNull(AgentPoller.resumedComponent(prefix, "com.example.feed"), "another package with the same prefix");
    }
}
