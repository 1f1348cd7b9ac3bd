package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.TimeSource;
import io.fpsctl.sim.device.frames.VsyncClock;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * {@code dumpsys display}: the built-in display device with one mode per refresh rate the scenario uses (and
 * 60 Hz), the active mode and render frame rate at "now" (FORMATS.md C.3, {@code DisplayDeviceInfo.toString()}).
 */
final class DisplayDump implements DumpsysService {

    private final VsyncClock clock;
    private final TimeSource time;

    DisplayDump(VsyncClock clock, TimeSource time) {
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
        StringBuilder m = new StringBuilder();
        for (int i = 0; i < modes.size(); i++) {
            if (i > 0) {
                m.append(", ");
            }
            String fps = Float.toString(modes.get(i).floatValue());
            m.append("{id=").append(i + 1).append(", width=1080, height=2400, fps=").append(fps)
                    .append(", vsync=").append(fps).append(", alternativeRefreshRates=[");
            boolean first = true;
            for (Integer other : modes) {
                if (!other.equals(modes.get(i))) {
                    m.append(first ? "" : ", ").append(Float.toString(other.floatValue()));
                    first = false;
                }
            }
            m.append("], supportedHdrTypes=[]}");
        }
        int modeId = modes.indexOf(current) + 1;
        return "DISPLAY MANAGER (dumpsys display)\n"
                + "  mOnlyCore=false\n"
                + "  mSafeMode=false\n"
                + "\n"
                + "Display Devices: size=1\n"
                + "  DisplayDeviceInfo{\"Built-in Screen\": uniqueId=\"local:4619827535830457088\", 1080 x 2400, modeId "
                + modeId + ", renderFrameRate " + Float.toString((float) current) + ", defaultModeId 1, supportedModes ["
                + m + "], colorMode 0, supportedColorModes [0], density 420, 411.0 x 411.0 dpi, appVsyncOff 1000000, "
                + "presDeadline " + (clock.periodAt(now) - 1_000_000L) + ", touch INTERNAL, rotation 0, type INTERNAL, "
                + "state ON, FLAG_ALLOWED_TO_BE_DEFAULT_DISPLAY, FLAG_ROTATES_WITH_CONTENT, FLAG_SECURE, "
                + "FLAG_SUPPORTS_PROTECTED_BUFFERS}\n"
                + "    mAdapter=LocalDisplayAdapter\n"
                + "    mUniqueId=local:4619827535830457088\n"
                + "    mActiveModeId=" + modeId + "\n";
    }
}
