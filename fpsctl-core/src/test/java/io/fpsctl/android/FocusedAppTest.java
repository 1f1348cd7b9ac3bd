package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The focus and resumed-activity lines as each version prints them: the app in front, and which screen to relaunch
 * after {@code am instrument} restarted the app (Android 9 / 10+ / 14 layouts).
 */
class FocusedAppTest {

    @Test
    void readsTheFocusLinesAsPrinted() {
        // Android 14 'dumpsys window displays' (DisplayContent.dump)
        assertEquals(Optional.of("com.example.feed"), FocusedApp.fromWindowDump(
                "  mCurrentFocus=Window{4b1a2f u0 com.example.feed/com.example.feed.MainActivity}\n"
                        + "  mFocusedApp=ActivityRecord{9c3e21 u0 com.example.feed/.MainActivity t12}\n"));
        // a transition: no focused window, the focused app still names it
        assertEquals(Optional.of("org.wiki"), FocusedApp.fromWindowDump(
                "  mCurrentFocus=null\n  mFocusedApp=AppWindowToken{1f token=Token{2e ActivityRecord{3d u0 "
                        + "org.wiki/.Main t4}}}\n"));
        assertEquals(Optional.empty(), FocusedApp.fromWindowDump("  mCurrentFocus=null\n"));
        // dumpsys activity activities: 13+, 8-12, 6-7
        assertEquals(Optional.of("a.b"), FocusedApp.fromActivityDump(
                "      topResumedActivity=ActivityRecord{1 u0 a.b/.X t3}\n"));
        assertEquals(Optional.of("c.d"), FocusedApp.fromActivityDump(
                "  ResumedActivity: ActivityRecord{2 u0 c.d/.Y t5}\n"));
        assertEquals(Optional.of("e.f"), FocusedApp.fromActivityDump(
                "  mFocusedActivity: ActivityRecord{3 u0 e.f/.Z t7}\n"));
    }

    @Test
    void findsTheAppsResumedActivityInEachLayout() {
        String android9 = "  Stack #1:\n    mResumedActivity: ActivityRecord{3f2c1d0 u0 com.example.feed/.MainActivity t12}\n";
        assertEquals("com.example.feed/.MainActivity", FocusedApp.resumedComponent(android9, "com.example.feed"));
        String android10 = "  topResumedActivity=ActivityRecord{9d1e2f u0 com.example.feed/com.example.feed.ui.Detail t31}\n";
        assertEquals("com.example.feed/com.example.feed.ui.Detail",
                FocusedApp.resumedComponent(android10, "com.example.feed"));
        String android14 = "    ResumedActivity: ActivityRecord{8a2b0c1 u0 com.example.feed/.FeedActivity$Inner t9}\n";
        assertEquals("com.example.feed/.FeedActivity$Inner", FocusedApp.resumedComponent(android14, "com.example.feed"));
    }

    @Test
    void anotherAppOnTopOrNoDumpMeansTheLauncherActivity() {
        String launcher = "    mResumedActivity: ActivityRecord{1 u0 com.google.android.apps.nexuslauncher/.NexusLauncherActivity t2}\n";
        assertNull(FocusedApp.resumedComponent(launcher, "com.example.feed"));
        assertNull(FocusedApp.resumedComponent("Can't find service: activity\n", "com.example.feed"));
        String prefix = "    mResumedActivity: ActivityRecord{1 u0 com.example.feedreader/.Main t2}\n";
        assertNull(FocusedApp.resumedComponent(prefix, "com.example.feed"), "another package with the same prefix");
    }
}
