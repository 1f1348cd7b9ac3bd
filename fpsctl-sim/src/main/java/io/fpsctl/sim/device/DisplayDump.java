package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.TimeSource;
import io.fpsctl.sim.device.frames.VsyncClock;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * {@code dumpsys display}: the built-in display device with one mode per refresh rate the scenario uses (and
 * 60 Hz), the active mode and, from Android 14, the render frame rate at "now", each in the shape its release
 * prints. Sources, read in the SDK source jars ({@code AndroidSDKSources/android-sdk-sources-for-api-level-N},
 * release sources, not a git tag; see docs/formats.md):
 * <ul>
 *   <li>the device line: {@code services/core/java/com/android/server/display/DisplayDeviceInfo.java toString},
 *       SDK 23, 24, 28, 30, 31, 33, 34 (the SDK 35 jar has no server code: 15 and 16 are <b>inferred</b> to print
 *       the SDK 34 shape; 8 (SDK 27) is <b>inferred</b> from SDK 28, 10 (SDK 29) from SDK 30);</li>
 *   <li>each mode: {@code core/java/android/view/Display.java Mode.toString}, SDK 23, 24, 28, 30, 31, 33, 34, 35
 *       ({@code alternativeRefreshRates=} from SDK 31, {@code supportedHdrTypes=} from 34, {@code vsync=} from 35;
 *       16 is <b>inferred</b> as 35);</li>
 *   <li>{@code mAdapter=}, {@code mUniqueId=}: {@code DisplayDevice.dumpLocked}; {@code mActiveModeId=}:
 *       {@code LocalDisplayAdapter.LocalDisplayDevice.dumpLocked}, SDK 23, 28, 34 (the lines between them that
 *       AOSP prints are left out).</li>
 * </ul>
 * Left out on purpose (fpsctl reads only {@code modeId}, {@code renderFrameRate} and {@code fps=}): the
 * {@code address}, {@code cutout} and {@code roundedCorners} fields, the display's {@code DisplayInfo} lines and
 * the other {@code dumpsys display} sections.
 */
final class DisplayDump implements DumpsysService {

    private final AndroidVersion version;
    private final VsyncClock clock;
    private final TimeSource time;

    DisplayDump(AndroidVersion version, VsyncClock clock, TimeSource time) {
        this.version = version;
        this.clock = clock;
        this.time = time;
    }

    @Override
    public String dump(List<String> args) {
        long now = time.nanoTime();
        TreeSet<Integer> rates = new TreeSet<>(clock.refreshRates());
        rates.add(60);
        int current = clock.refreshHzAt(now);
        List<Integer> modes = new ArrayList<>(rates);
        int modeId = modes.indexOf(current) + 1;
        return "DISPLAY MANAGER (dumpsys display)\n"
                + "  mOnlyCore=false\n"
                + "  mSafeMode=false\n"
                + "\n"
                + "Display Devices: size=1\n"
                + "  " + deviceInfo(modes, modeId, current, clock.periodAt(now)) + "\n"
                + "    mAdapter=LocalDisplayAdapter\n"
                + "    mUniqueId=local:4619827535830457088\n"
                + "    mActiveModeId=" + modeId + "\n";
    }

    /** {@code DisplayDeviceInfo.toString()} of this release (SDK sources above). */
    private String deviceInfo(List<Integer> modes, int modeId, int currentHz, long periodNs) {
        int sdk = version.sdk();
        StringBuilder sb = new StringBuilder("DisplayDeviceInfo{\"Built-in Screen\": uniqueId=\"local:4619827535830457088\", ")
                .append("1080 x 2400")
                .append(", modeId ").append(modeId);
        if (sdk >= 34) {
            // sb.append(", renderFrameRate ").append(renderFrameRate): SDK 34 (absent in SDK 23-33)
            sb.append(", renderFrameRate ").append((float) currentHz);
        }
        sb.append(", defaultModeId 1");
        sb.append(", supportedModes ").append(modeList(modes));
        if (sdk >= 26) {
            // SDK 28: colorMode / supportedColorModes (8 = SDK 27 inferred from SDK 28)
            sb.append(", colorMode 0, supportedColorModes [0]");
        } else if (sdk >= 24) {
            // SDK 24: colorTransformId / defaultColorTransformId / supportedColorTransforms (Display.ColorTransform)
            sb.append(", colorTransformId 1, defaultColorTransformId 1, supportedColorTransforms [{id=1, colorTransform=0}]");
        }
        if (sdk >= 24) {
            // label: ", HdrCapabilities " in SDK 24, 28, 30; ", hdrCapabilities " from SDK 31.
            // value: Display.HdrCapabilities has no toString in SDK 24, 28 (Object.toString); from SDK 30 it prints
            // "HdrCapabilities{mSupportedHdrTypes=…, mMaxLuminance=…, mMaxAverageLuminance=…, mMinLuminance=…}"
            // (10 = SDK 29 inferred from SDK 30)
            sb.append(sdk >= 31 ? ", hdrCapabilities " : ", HdrCapabilities ");
            sb.append(sdk >= 29 ? "HdrCapabilities{mSupportedHdrTypes=[], mMaxLuminance=500.0, "
                    + "mMaxAverageLuminance=500.0, mMinLuminance=0.0}" : "android.view.Display$HdrCapabilities@1d2e3f4");
        }
        if (sdk >= 29) {
            // SDK 30, 31, 34 (10 = SDK 29 inferred from SDK 30)
            sb.append(", allmSupported false, gameContentTypeSupported false");
        }
        sb.append(", density 420, 411.0 x 411.0 dpi, appVsyncOff 1000000")
                .append(", presDeadline ").append(periodNs - 1_000_000L)
                .append(", touch INTERNAL, rotation 0")
                // Display.typeToString: "BUILT_IN" in SDK 23, 24, 28; "INTERNAL" in SDK 30+ (SDK 29 inferred)
                .append(", type ").append(sdk >= 29 ? "INTERNAL" : "BUILT_IN");
        if (sdk >= 29) {
            sb.append(", deviceProductInfo null"); // SDK 30+
        }
        sb.append(", state ON");
        if (sdk >= 34) {
            sb.append(", committedState ON"); // SDK 34
        }
        if (sdk >= 31) {
            // SDK 31, 33, 34: ", frameRateOverride " then one "<override> " per override (none here)
            sb.append(", frameRateOverride , brightnessMinimum 0.0, brightnessMaximum 1.0, brightnessDefault 0.5");
        }
        if (sdk >= 34) {
            sb.append(", hdrSdrRatio NaN"); // SDK 34
        }
        // flagsToString: FLAG_DEFAULT_DISPLAY in SDK 23-31, FLAG_ALLOWED_TO_BE_DEFAULT_DISPLAY from SDK 33
        sb.append(sdk >= 33 ? ", FLAG_ALLOWED_TO_BE_DEFAULT_DISPLAY" : ", FLAG_DEFAULT_DISPLAY")
                .append(", FLAG_ROTATES_WITH_CONTENT, FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS");
        if (sdk >= 33) {
            sb.append(", installOrientation 0"); // SDK 33, 34
        }
        return sb.append('}').toString();
    }

    /** {@code Arrays.toString(supportedModes)}: {@code [a, b]} of {@code Display.Mode.toString()}. */
    private String modeList(List<Integer> modes) {
        int sdk = version.sdk();
        StringBuilder m = new StringBuilder("[");
        for (int i = 0; i < modes.size(); i++) {
            if (i > 0) {
                m.append(", ");
            }
            float fps = modes.get(i).floatValue();
            m.append("{id=").append(i + 1).append(", width=1080, height=2400, fps=").append(fps);
            if (sdk >= 35) {
                m.append(", vsync=").append(fps); // SDK 35: mVsyncRate
            }
            if (sdk >= 31) {
                // SDK 31: Arrays.toString(mAlternativeRefreshRates), the other rates of the same size
                m.append(", alternativeRefreshRates=[");
                boolean first = true;
                for (Integer other : modes) {
                    if (!other.equals(modes.get(i))) {
                        m.append(first ? "" : ", ").append(other.floatValue());
                        first = false;
                    }
                }
                m.append(']');
            }
            if (sdk >= 34) {
                m.append(", supportedHdrTypes=[]"); // SDK 34: Arrays.toString(mSupportedHdrTypes)
            }
            m.append('}');
        }
        return m.append(']').toString();
    }
}
