package io.fpsctl.android;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RefreshRateTest {

    private static final String DISPLAY_60 = "display__bamlab_flashlight__dumpsys-display.txt";
    private static final String DISPLAY_120 = "display__bamlab_flashlight__dumpsys-display120.txt";

    @Test
    void emulator60Hz_fromTheActiveModesFps() throws Exception {
        RefreshRate rate = RefreshRate.fromDisplayDump(RealFixtures.text(DISPLAY_60)).orElseThrow();

        assertEquals(60.000004, rate.hz(), 1e-9);
        assertEquals("60.0", rate.hzText());
        assertEquals(16666666, rate.periodNs()); // round(1e9 / 60.000004) = round(16666665.56)
    }

    @Test
    void pixel120Hz_fromRenderFrameRate() throws Exception {
        RefreshRate rate = RefreshRate.fromDisplayDump(RealFixtures.text(DISPLAY_120)).orElseThrow();

        assertEquals(120.00001, rate.hz(), 1e-9);
        assertEquals("120.0", rate.hzText());
        assertEquals(8333333, rate.periodNs()); // round(1e9 / 120.00001) = round(8333332.64)
    }

    @Test
    void supportedModesOfRealDevices() throws Exception {
        // Pixel (120 Hz): modes 1..n at 1344 x 2992 and 1008 x 2244, each at fps=60.0 or fps=120.00001
        assertEquals(List.of(60.0, 120.00001), RefreshRate.supportedModesHz(RealFixtures.text(DISPLAY_120)));
        // emulator: one mode {id=1, width=480, height=854, fps=60.000004}
        assertEquals(List.of(60.000004), RefreshRate.supportedModesHz(RealFixtures.text(DISPLAY_60)));
    }

    @Test
    void supportedModesStopAtTheEndOfTheirList() {
        // written from DisplayDeviceInfo.toString() / Display.Mode.toString(): the logical display's "modes [...]"
        // list that follows is another display's, and "alternativeRefreshRates=[...]" is not a mode
        String text = "DisplayDeviceInfo{\"Built-in Screen\": uniqueId=\"local:1\", 1080 x 2400, modeId 2, "
                + "defaultModeId 1, supportedModes [{id=1, width=1080, height=2400, fps=90.0, vsync=90.0, "
                + "alternativeRefreshRates=[144.0], supportedHdrTypes=[]}, {id=2, width=1080, height=2400, fps=60.0, "
                + "vsync=60.0, alternativeRefreshRates=[90.0], supportedHdrTypes=[]}], colorMode 0}\n"
                + "DisplayInfo{\"Other\", modes [{id=9, width=1, height=1, fps=30.0}]}";
        assertEquals(List.of(60.0, 90.0), RefreshRate.supportedModesHz(text));
        assertEquals(List.of(), RefreshRate.supportedModesHz("no display here"));
        assertEquals(List.of(), RefreshRate.supportedModesHz(null));
    }

    @Test
    void everyDisplayFixtureIsCovered() throws Exception {
        assertEquals(List.of(DISPLAY_60, DISPLAY_120), RealFixtures.namesOfKind("display"));
    }

    @Test
    void activeModeIsPreferredOverTheFirstFps() {
        String text = "DisplayDeviceInfo{\"Built-in Screen\": 1080 x 2400, modeId 2, defaultModeId 1, supportedModes "
                + "[{id=1, width=1080, height=2400, fps=60.0, vsync=60.0}, {id=2, width=1080, height=2400, fps=90.0, "
                + "vsync=90.0, alternativeRefreshRates=[60.0]}], colorMode 0}";
        RefreshRate rate = RefreshRate.fromDisplayDump(text).orElseThrow();
        assertEquals(90.0, rate.hz());
        assertEquals(11111111, rate.periodNs());
    }

    @Test
    void logicalDisplayInfoModeSpelling() {
        String text = "mBaseDisplayInfo=DisplayInfo{\"Built-in Screen\", displayId 0, real 1080 x 2400, colorMode 0, "
                + "mode 3, defaultMode 1, modes [{id=1, width=1080, height=2400, fps=60.000004}, "
                + "{id=3, width=1080, height=2400, fps=144.0}]}";
        assertEquals(144.0, RefreshRate.fromDisplayDump(text).orElseThrow().hz());
    }

    @Test
    void firstFpsWhenNoActiveModeIsKnown() {
        assertEquals(50.0, RefreshRate.fromDisplayDump("supportedModes [{id=7, fps=50.0}, {id=8, fps=100.0}]")
                .orElseThrow().hz());
        assertEquals(50.0, RefreshRate.fromDisplayDump("modeId 9, supportedModes [{id=7, fps=50.0}]")
                .orElseThrow().hz(), "an active mode that is not listed falls back to the first fps=");
    }

    @Test
    void zeroRatesArePassedOver() {
        assertEquals(60.0, RefreshRate.fromDisplayDump("renderFrameRate 0.0, modeId 1, [{id=1, fps=60.0}]")
                .orElseThrow().hz());
        assertEquals(Optional.empty(), RefreshRate.fromDisplayDump("renderFrameRate 0.0 fps=0"));
    }

    @Test
    void nothingFound() {
        assertEquals(Optional.empty(), RefreshRate.fromDisplayDump(""));
        assertEquals(Optional.empty(), RefreshRate.fromDisplayDump(null));
        assertEquals(Optional.empty(), RefreshRate.fromDisplayDump("refreshRateRange: [0.0, Infinity] mDefaultPeakRefreshRate= 120"));
    }

    @Test
    void fromLatencyPeriodLine() {
        assertEquals(new RefreshRate(1e9 / 16666666, 16666666), RefreshRate.fromLatencyPeriodLine("16666666\r").orElseThrow());
        assertEquals("90.0", RefreshRate.fromLatencyPeriodLine(" 11111111 ").orElseThrow().hzText());
        assertEquals("120.0", RefreshRate.fromLatencyPeriodLine("8333333").orElseThrow().hzText());
        for (String bad : new String[] {"0", "", "abc", "-16666666", "1 2 3", "99999999999999999999", null}) {
            assertTrue(RefreshRate.fromLatencyPeriodLine(bad).isEmpty(), String.valueOf(bad));
        }
    }

    @Test
    void fromHzAndPeriod() {
        assertEquals(16666667, RefreshRate.fromHz(60).orElseThrow().periodNs());
        assertTrue(RefreshRate.fromHz(0).isEmpty());
        assertTrue(RefreshRate.fromHz(Double.NaN).isEmpty());
        assertTrue(RefreshRate.fromHz(Double.POSITIVE_INFINITY).isEmpty());
        assertTrue(RefreshRate.fromPeriodNs(0).isEmpty());
        assertEquals(1.0, RefreshRate.fromPeriodNs(1_000_000_000).orElseThrow().hz());
        assertThrows(IllegalArgumentException.class, () -> new RefreshRate(-1, 5));
        assertThrows(IllegalArgumentException.class, () -> new RefreshRate(60, 0));
    }
}
