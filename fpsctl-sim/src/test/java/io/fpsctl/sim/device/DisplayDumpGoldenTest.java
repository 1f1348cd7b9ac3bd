package io.fpsctl.sim.device;

import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.android.RefreshRate;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.api.Test;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code dumpsys display} per release: the {@code DisplayDeviceInfo} line of a 1080 x 2400 panel with modes 60 Hz
 * (id 1) and 120 Hz (id 2), mode 2 active. Written by hand from the format strings of
 * {@code services/core/java/com/android/server/display/DisplayDeviceInfo.java toString} (SDK source jars 23, 24, 28,
 * 30, 31, 33, 34; 8, 10, 15, 16 follow the neighbour the simulator cites as inferred) and
 * {@code core/java/android/view/Display.java Mode.toString} (SDK 23-35): never produced by the simulator.
 * {@code presDeadline} = the 120 Hz period 8333333 ns - 1000000 ns = 7333333.
 */
class DisplayDumpGoldenTest {

    private static final String HEAD = "DisplayDeviceInfo{\"Built-in Screen\": uniqueId=\"local:4619827535830457088\", "
            + "1080 x 2400, modeId 2";
    /** Mode.toString SDK 23-30: id, width, height, fps. */
    private static final String MODES_23 = "[{id=1, width=1080, height=2400, fps=60.0}, "
            + "{id=2, width=1080, height=2400, fps=120.0}]";
    /** SDK 31, 33: + alternativeRefreshRates=. */
    private static final String MODES_31 = "[{id=1, width=1080, height=2400, fps=60.0, alternativeRefreshRates=[120.0]}, "
            + "{id=2, width=1080, height=2400, fps=120.0, alternativeRefreshRates=[60.0]}]";
    /** SDK 34: + supportedHdrTypes=. */
    private static final String MODES_34 = "[{id=1, width=1080, height=2400, fps=60.0, alternativeRefreshRates=[120.0], "
            + "supportedHdrTypes=[]}, {id=2, width=1080, height=2400, fps=120.0, alternativeRefreshRates=[60.0], "
            + "supportedHdrTypes=[]}]";
    /** SDK 35: fps= is mPeakRefreshRate, then vsync=. */
    private static final String MODES_35 = "[{id=1, width=1080, height=2400, fps=60.0, vsync=60.0, "
            + "alternativeRefreshRates=[120.0], supportedHdrTypes=[]}, {id=2, width=1080, height=2400, fps=120.0, "
            + "vsync=120.0, alternativeRefreshRates=[60.0], supportedHdrTypes=[]}]";
    private static final String TAIL_FLAGS_OLD = ", FLAG_DEFAULT_DISPLAY, FLAG_ROTATES_WITH_CONTENT, FLAG_SECURE, "
            + "FLAG_SUPPORTS_PROTECTED_BUFFERS";
    private static final String TAIL_FLAGS_NEW = ", FLAG_ALLOWED_TO_BE_DEFAULT_DISPLAY, FLAG_ROTATES_WITH_CONTENT, "
            + "FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS";
    private static final String HDR_OLD = ", HdrCapabilities android.view.Display$HdrCapabilities@1d2e3f4";
    /** HdrCapabilities.toString, SDK 30+. */
    private static final String HDR_VALUE = "HdrCapabilities{mSupportedHdrTypes=[], mMaxLuminance=500.0, "
            + "mMaxAverageLuminance=500.0, mMinLuminance=0.0}";
    /** SDK 30: the old label, the new value. */
    private static final String HDR_30 = ", HdrCapabilities " + HDR_VALUE;
    /** SDK 31+: label "hdrCapabilities". */
    private static final String HDR_NEW = ", hdrCapabilities " + HDR_VALUE;
    private static final String DENSITY = ", density 420, 411.0 x 411.0 dpi, appVsyncOff 1000000, presDeadline 7333333, "
            + "touch INTERNAL, rotation 0";
    private static final String BRIGHTNESS = ", frameRateOverride , brightnessMinimum 0.0, brightnessMaximum 1.0, "
            + "brightnessDefault 0.5";

    static Stream<Arguments> goldens() {
        String v23 = HEAD + ", defaultModeId 1, supportedModes " + MODES_23 + DENSITY + ", type BUILT_IN, state ON"
                + TAIL_FLAGS_OLD + "}";
        String v24 = HEAD + ", defaultModeId 1, supportedModes " + MODES_23 + ", colorTransformId 1, "
                + "defaultColorTransformId 1, supportedColorTransforms [{id=1, colorTransform=0}]" + HDR_OLD + DENSITY
                + ", type BUILT_IN, state ON" + TAIL_FLAGS_OLD + "}";
        String v28 = HEAD + ", defaultModeId 1, supportedModes " + MODES_23 + ", colorMode 0, supportedColorModes [0]"
                + HDR_OLD + DENSITY + ", type BUILT_IN, state ON" + TAIL_FLAGS_OLD + "}";
        String v30 = HEAD + ", defaultModeId 1, supportedModes " + MODES_23 + ", colorMode 0, supportedColorModes [0]"
                + HDR_30 + ", allmSupported false, gameContentTypeSupported false" + DENSITY + ", type INTERNAL, "
                + "deviceProductInfo null, state ON" + TAIL_FLAGS_OLD + "}";
        String v31 = HEAD + ", defaultModeId 1, supportedModes " + MODES_31 + ", colorMode 0, supportedColorModes [0]"
                + HDR_NEW + ", allmSupported false, gameContentTypeSupported false" + DENSITY + ", type INTERNAL, "
                + "deviceProductInfo null, state ON" + BRIGHTNESS + TAIL_FLAGS_OLD + "}";
        String v33 = HEAD + ", defaultModeId 1, supportedModes " + MODES_31 + ", colorMode 0, supportedColorModes [0]"
                + HDR_NEW + ", allmSupported false, gameContentTypeSupported false" + DENSITY + ", type INTERNAL, "
                + "deviceProductInfo null, state ON" + BRIGHTNESS + TAIL_FLAGS_NEW + ", installOrientation 0}";
        String v34 = HEAD + ", renderFrameRate 120.0, defaultModeId 1, supportedModes " + MODES_34 + ", colorMode 0, "
                + "supportedColorModes [0]" + HDR_NEW + ", allmSupported false, gameContentTypeSupported false" + DENSITY
                + ", type INTERNAL, deviceProductInfo null, state ON, committedState ON" + BRIGHTNESS
                + ", hdrSdrRatio NaN" + TAIL_FLAGS_NEW + ", installOrientation 0}";
        String v35 = v34.replace(MODES_34, MODES_35);
        return Stream.of(
                Arguments.of(6, v23), Arguments.of(7, v24), Arguments.of(8, v28), Arguments.of(9, v28),
                Arguments.of(10, v30), Arguments.of(11, v30), Arguments.of(12, v31), Arguments.of(13, v33),
                Arguments.of(14, v34), Arguments.of(15, v35), Arguments.of(16, v35));
    }

    @ParameterizedTest(name = "Android {0}")
    @MethodSource("goldens")
    void simulatorPrintsTheReleaseShapeAndFpsctlReadsIt(int android, String golden) throws Exception {
        SimHarness h = new SimHarness(Scenarios.fromJson("{\"refreshHz\":120}"), android, null, 1);
        h.advanceMillis(200);
        String dump = h.sh("dumpsys display");
        String line = dump.lines().filter(l -> l.startsWith("  DisplayDeviceInfo{")).findFirst().orElseThrow();
        assertEquals("  " + golden, line, "Android " + android);
        assertTrue(dump.contains("\n    mActiveModeId=2\n"), dump);
        // fpsctl's parse of the golden, not of the simulator: 14+ by renderFrameRate, older by mode 2's fps=.
        assertEquals(120.0, RefreshRate.fromDisplayDump(golden).orElseThrow().hz(), 1e-9, "Android " + android);
    }

    /**
     * The logical display's {@code mBaseDisplayInfo=} line ({@code LogicalDisplay.dumpLocked}, SDK 34), hand-written
     * from {@code DisplayInfo.toString}: SDK 33 {@code ", mode " + modeId}; SDK 34 {@code ", mode " + modeId} then
     * {@code renderFrameRate} with no label ("mode 2" + "40.0" = "mode 240.0"); SDK 35 {@code ", renderFrameRate "}.
     * Mode 2 is 120 Hz; apps render at 40 Hz on 34 and 35 (a divisor of 120 and neither mode's rate, so a parse
     * that fell back to a mode's fps= would show), so the parse must give 40 there and 120 on 33.
     */
    @Test
    void displayInfoRenderRateOnEachRelease() {
        String modes = ", defaultMode 1, modes " + MODES_23 + ", hdrCapabilities null}";
        String sdk33 = "mBaseDisplayInfo=DisplayInfo{\"Built-in Screen\", displayId 0, appVsyncOff 1000000, "
                + "presDeadline 7333333, mode 2" + modes;
        String sdk34 = "mBaseDisplayInfo=DisplayInfo{\"Built-in Screen\", displayId 0, appVsyncOff 1000000, "
                + "presDeadline 7333333, mode 240.0" + modes;
        String sdk35 = "mBaseDisplayInfo=DisplayInfo{\"Built-in Screen\", displayId 0, appVsyncOff 1000000, "
                + "presDeadline 7333333, mode 2, renderFrameRate 40.0, defaultMode 1, userPreferredModeId -1, modes "
                + MODES_35 + "}";
        assertEquals(120.0, RefreshRate.fromDisplayDump(sdk33).orElseThrow().hz(), 1e-9);
        assertEquals(40.0, RefreshRate.fromDisplayDump(sdk34).orElseThrow().hz(), 1e-9);
        assertEquals(40.0, RefreshRate.fromDisplayDump(sdk35).orElseThrow().hz(), 1e-9);
        // "mode 1120.0" with mode 1 = 60 Hz: 120 Hz cannot be rendered on a 60 Hz mode, so id 11 / 20.0 is
        // tried next; there is no id 11, so the active mode is unknown and the first fps= (60.0) is taken.
        String ambiguous = sdk34.replace("mode 240.0", "mode 1120.0");
        assertEquals(60.0, RefreshRate.fromDisplayDump(ambiguous).orElseThrow().hz(), 1e-9);
    }
}
