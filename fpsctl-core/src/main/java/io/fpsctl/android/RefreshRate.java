package io.fpsctl.android;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A display refresh rate: {@code hz} as the device reports it (e.g. {@code 120.00001}) and the vsync
 * period {@code periodNs} = {@code Math.round(1e9 / hz)} (docs/metrics.md 2). Read from the first line of a
 * {@code --latency} dump or from {@code dumpsys display} text (docs/formats.md 4).
 *
 * @param hz       refresh rate in Hz, finite and &gt; 0
 * @param periodNs vsync period in ns, &gt; 0
 */
public record RefreshRate(double hz, long periodNs) {

    private static final String NUMBER = "([0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)";
    /**
     * "renderFrameRate 120.0" (the rate apps render at): {@code DisplayDeviceInfo.toString} from SDK 34
     * ({@code services/core/java/com/android/server/display/DisplayDeviceInfo.java}, absent in SDK 23-33) and
     * {@code DisplayInfo.toString} from SDK 35 ({@code core/java/android/view/DisplayInfo.java}).
     */
    private static final Pattern RENDER_FRAME_RATE = Pattern.compile("(?<![A-Za-z])renderFrameRate\\s+" + NUMBER);
    /**
     * SDK 34's {@code DisplayInfo.toString}: {@code sb.append(", mode "); sb.append(modeId);
     * sb.append(renderFrameRate);} - the mode id and the float render rate run together, e.g. "mode 2120.0"
     * (SDK 34 source jar; SDK 33 prints "mode 2", SDK 35 adds the ", renderFrameRate " label).
     */
    private static final Pattern MODE_WITH_RATE = Pattern.compile("(?<![A-Za-z])mode ([0-9]{1,9})\\.([0-9]+)(?=,)");
    /**
     * Active mode: "modeId 3" ({@code DisplayDeviceInfo.toString}) or "mode 3" ({@code DisplayInfo.toString}),
     * SDK 23-35; never the run-together SDK 34 "mode 2120.0".
     */
    private static final Pattern ACTIVE_MODE = Pattern.compile("(?<![A-Za-z])(?:modeId|mode)\\s+([0-9]{1,9})(?![0-9.])");
    /** One {@code Display.Mode} of a list: "{id=1, width=1080, …}", after the list's "[" or a ", ". */
    private static final Pattern MODE_ENTRY = Pattern.compile("(?:, )?\\{id=[0-9]+,([^{}]*)\\}");
    /** Any {@code Display.Mode}'s "fps=60.000004". */
    private static final Pattern FPS = Pattern.compile("(?<![A-Za-z])fps=" + NUMBER);

    public RefreshRate {
        if (!(hz > 0) || Double.isInfinite(hz)) {
            throw new IllegalArgumentException("refresh rate must be finite and positive: " + hz);
        }
        if (periodNs <= 0) {
            throw new IllegalArgumentException("refresh period must be positive: " + periodNs);
        }
    }

    /** From a rate in Hz; empty unless it is finite, positive and gives a period of at least 1 ns. */
    public static Optional<RefreshRate> fromHz(double hz) {
        if (!(hz > 0) || Double.isInfinite(hz)) {
            return Optional.empty();
        }
        long period = Math.round(1e9 / hz);
        return period > 0 ? Optional.of(new RefreshRate(hz, period)) : Optional.empty();
    }

    /** From a vsync period in ns (e.g. {@code --latency} line 1); empty when not positive. */
    public static Optional<RefreshRate> fromPeriodNs(long periodNs) {
        return periodNs > 0 ? Optional.of(new RefreshRate(1e9 / periodNs, periodNs)) : Optional.empty();
    }

    /**
     * {@code dumpsys SurfaceFlinger --latency} with no layer name: SurfaceFlinger prints the refresh period as its
     * first line for any layer name, or none (docs/formats.md 5.2).
     */
    public static final String LATENCY_PERIOD_COMMAND = "dumpsys SurfaceFlinger --latency";
    /** {@code dumpsys display}: the display's modes and the active one (docs/formats.md 4). */
    public static final String DISPLAY_COMMAND = "dumpsys display";

    /**
     * From the output of {@link #LATENCY_PERIOD_COMMAND}: its first non-blank line, past a leading
     * {@link SurfaceFlingerLockWarning} (docs/metrics.md 1); empty when that is not a positive
     * integer.
     */
    public static Optional<RefreshRate> fromLatencyOutput(String out) {
        boolean first = true;
        for (String line : (Iterable<String>) out.lines()::iterator) {
            String s = line.strip();
            if (s.isEmpty()) {
                continue;
            }
            if (first && SurfaceFlingerLockWarning.is(s)) {
                first = false;
                continue;
            }
            return fromLatencyPeriodLine(s);
        }
        return fromLatencyPeriodLine("");
    }

    /**
     * From the first line of a {@code dumpsys SurfaceFlinger --latency} dump (surrounding whitespace is
     * ignored); empty when it is not a positive integer.
     */
    public static Optional<RefreshRate> fromLatencyPeriodLine(String line) {
        if (line == null) {
            return Optional.empty();
        }
        String text = line.strip();
        if (text.isEmpty() || text.length() > 18 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return Optional.empty();
        }
        return fromPeriodNs(Long.parseLong(text));
    }

    /**
     * From {@code dumpsys display} text, in this order of preference: the first {@code renderFrameRate
     * <fps>}; else SDK 34's unlabelled render rate after {@code mode <id>} ({@link #MODE_WITH_RATE}); else the
     * {@code fps=} of the active mode (the first {@code modeId N} / {@code mode N} whose
     * {@code {id=N, …}} entry is present); else the first {@code fps=}. Values that are not positive are
     * passed over. Empty when none is found.
     */
    public static Optional<RefreshRate> fromDisplayDump(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Optional<RefreshRate> render = firstPositive(RENDER_FRAME_RATE.matcher(text));
        if (render.isPresent()) {
            return render;
        }
        Matcher joined = MODE_WITH_RATE.matcher(text);
        while (joined.find()) {
            Optional<RefreshRate> rate = splitModeAndRate(text, joined.group(1), joined.group(2));
            if (rate.isPresent()) {
                return rate;
            }
        }
        Matcher activeMode = ACTIVE_MODE.matcher(text);
        while (activeMode.find()) {
            Optional<RefreshRate> mode = modeRate(text, activeMode.group(1));
            if (mode.isPresent()) {
                return mode;
            }
        }
        return firstPositive(FPS.matcher(text));
    }

    /**
     * The refresh rates of the display's supported modes in {@code dumpsys display} text: the {@code fps=} of each
     * {@code {id=N, …}} entry of the first {@code supportedModes [...]} list (frameworks/base
     * {@code DisplayDeviceInfo.toString()}: {@code ", supportedModes " + Arrays.toString(supportedModes)}, and
     * {@code Display.Mode.toString()}: {@code "{id=" + id + ", width=…, height=…, fps=" + refreshRate + …}";
     * docs/formats.md 4), distinct, ascending. Empty when there is no such list.
     */
    public static java.util.List<Double> supportedModesHz(String text) {
        java.util.TreeSet<Double> rates = new java.util.TreeSet<>();
        int at = text == null ? -1 : text.indexOf("supportedModes [");
        if (at < 0) {
            return java.util.List.of();
        }
        Matcher entry = MODE_ENTRY.matcher(text);
        entry.region(at + "supportedModes [".length(), text.length());
        while (entry.lookingAt()) {
            Matcher fps = FPS.matcher(entry.group(1));
            if (fps.find()) {
                fromHz(Double.parseDouble(fps.group(1))).ifPresent(r -> rates.add(r.hz()));
            }
            entry.region(entry.end(), text.length());
        }
        return java.util.List.copyOf(rates);
    }

    /** The rate with one decimal, as fpsctl prints it (e.g. {@code "120.0"}). */
    public String hzText() {
        return String.format(Locale.ROOT, "%.1f", hz);
    }

    @Override
    public String toString() {
        return hzText() + " Hz (" + periodNs + " ns)";
    }

    /**
     * Splits SDK 34's "mode 2120.0" ({@code digits} = "2120", {@code fraction} = "0") into a mode id and a render
     * rate: the shortest id prefix whose {@code {id=N, …}} entry is listed and whose rest is a positive rate no
     * higher than that mode's {@code fps=} (apps render at the mode's rate or a divisor of it).
     */
    private static Optional<RefreshRate> splitModeAndRate(String text, String digits, String fraction) {
        for (int cut = 1; cut < digits.length(); cut++) {
            Optional<RefreshRate> mode = modeRate(text, digits.substring(0, cut));
            if (mode.isEmpty()) {
                continue;
            }
            Optional<RefreshRate> render = fromHz(Double.parseDouble(digits.substring(cut) + "." + fraction));
            if (render.isPresent() && render.get().hz() <= mode.get().hz() + 0.01) {
                return render;
            }
        }
        return Optional.empty();
    }

    private static Optional<RefreshRate> modeRate(String text, String id) {
        Matcher entry = Pattern.compile("\\{id=" + id + ",([^{}]*)\\}").matcher(text);
        while (entry.find()) {
            Optional<RefreshRate> rate = firstPositive(FPS.matcher(entry.group(1)));
            if (rate.isPresent()) {
                return rate;
            }
        }
        return Optional.empty();
    }

    private static Optional<RefreshRate> firstPositive(Matcher numbers) {
        while (numbers.find()) {
            Optional<RefreshRate> rate = fromHz(Double.parseDouble(numbers.group(1)));
            if (rate.isPresent()) {
                return rate;
            }
        }
        return Optional.empty();
    }
}
