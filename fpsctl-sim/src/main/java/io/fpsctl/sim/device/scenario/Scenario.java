package io.fpsctl.sim.device.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the simulated app does: its hwui windows, an optional SurfaceView game layer, the refresh rate and
 * refresh switches. Built-ins come from {@link Scenarios}; custom ones are JSON files with the same shape:
 *
 * <pre>{@code
 * {"name":"custom","refreshHz":90,"refreshChanges":[{"atMs":10000,"hz":60}],
 *  "windows":[{"activity":".MainActivity","phases":[
 *     {"kind":"render","durationMs":2000,"input":true,
 *      "slow":{"everyFrames":30,"missedVsyncs":[3,9]}},
 *     {"kind":"idle","durationMs":1500}]}],
 *  "surfaceView":{"minFps":40,"maxFps":60,"jankEveryMs":4000,"jankGapMs":[100,150]}}
 * }</pre>
 *
 * @param name           registry name
 * @param refreshHz      refresh rate (default 60; the CLI option overrides it)
 * @param refreshChanges mid-run refresh switches
 * @param windows        hwui windows (at least one)
 * @param surfaceView    game layer or null
 * @param flutter        a Flutter app drawing on its FlutterSurfaceView (then no game layer), or null
 * @param threads        names of more threads of the app, each busy 6 % of a core: any characters (an app
 *                       names its threads, {@code Thread.setName}, {@code prctl(PR_SET_NAME)}), cut to the 15 bytes
 *                       the kernel keeps ({@code TASK_COMM_LEN} 16, NUL included), so tests and users can reproduce
 *                       hostile thread names (docs/outputs-and-signals.md, "Text from a device on the terminal")
 * @param sensors        names of more temperature sensors in {@code dumpsys thermalservice} (GPU type, at the CPU's
 *                       temperature): any characters, as a vendor's thermal HAL config may name them
 * @param properties     system properties the device answers {@code getprop} with in place of the simulator's own
 *                       (e.g. {@code "ro.product.model"}): any characters, as a vendor's build or a compromised phone
 *                       may set them; {@code ro.product.name}, {@code ro.product.model} and {@code ro.product.device}
 *                       also go into the adb banner, joined with {@code ;} unescaped as adbd does
 *                       (packages/modules/adb {@code adb.cpp get_connection_string}). A value is cut at its first NUL:
 *                       a property value is a C string (bionic {@code __system_property_set})
 * @param toolErrors     tools that fail at once with the given text on standard error and exit status 1, in place of
 *                       running: {@code "screenrecord"}, {@code "perfetto"}; any characters. Inferred: the stock
 *                       tools print fixed messages (ScreenRecordCommand, PerfettoCli cite them), but a vendor's or a
 *                       compromised build prints what it likes, and fpsctl relays the first line
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Scenario(String name, Integer refreshHz, List<RefreshChange> refreshChanges, List<WindowSpec> windows,
                       SurfaceLayerSpec surfaceView, FlutterSpec flutter,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> threads,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> sensors,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> properties,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> toolErrors) {

    /**
     * bionic's {@code PROP_VALUE_MAX} (sys/system_properties.h): init's {@code PropertySet} (property_service.cpp)
     * refuses a value this long or longer unless the name starts with {@code ro.}, so a scenario cannot set one.
     */
    static final int PROP_VALUE_MAX = 92;

    public Scenario {
        Map<String, String> props = new TreeMap<>();
        if (properties != null) {
            properties.forEach((k, v) -> {
                if (k == null || k.isEmpty() || v == null) {
                    throw new IllegalArgumentException("scenario properties map a property name to a text value");
                }
                String value = v.indexOf('\0') >= 0 ? v.substring(0, v.indexOf('\0')) : v;
                int bytes = value.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
                if (bytes >= PROP_VALUE_MAX && !k.startsWith("ro.")) {
                    throw new IllegalArgumentException("scenario property " + k + " is " + bytes + " bytes: Android"
                            + " refuses a value of " + PROP_VALUE_MAX + " bytes or more unless the name starts with"
                            + " ro. (init property_service.cpp PropertySet); shorten it");
                }
                props.put(k, value);
            });
        }
        properties = java.util.Collections.unmodifiableMap(props);
        toolErrors = toolErrors == null ? Map.of() : Map.copyOf(toolErrors);
        for (String tool : toolErrors.keySet()) {
            if (!List.of("screenrecord", "perfetto").contains(tool)) {
                throw new IllegalArgumentException("scenario toolErrors name screenrecord or perfetto, not " + tool);
            }
        }
        threads = threads == null ? List.of() : List.copyOf(threads);
        sensors = sensors == null ? List.of() : List.copyOf(sensors);
        name = name == null ? "custom" : name;
        refreshHz = refreshHz == null ? 60 : refreshHz;
        refreshChanges = refreshChanges == null ? List.of() : List.copyOf(refreshChanges);
        windows = windows == null || windows.isEmpty() ? List.of(WindowSpec.of(".MainActivity", null))
                : List.copyOf(windows);
        if (flutter != null && surfaceView != null) {
            throw new IllegalArgumentException("a scenario has a game layer (surfaceView) or a Flutter app, not both");
        }
    }

    /** A scenario whose device answers {@code getprop} with the simulator's own properties. */
    public Scenario(String name, Integer refreshHz, List<RefreshChange> refreshChanges, List<WindowSpec> windows,
                    SurfaceLayerSpec surfaceView, FlutterSpec flutter, List<String> threads, List<String> sensors) {
        this(name, refreshHz, refreshChanges, windows, surfaceView, flutter, threads, sensors, null, null);
    }

    /** A scenario without more threads. */
    public Scenario(String name, Integer refreshHz, List<RefreshChange> refreshChanges, List<WindowSpec> windows,
                    SurfaceLayerSpec surfaceView, FlutterSpec flutter) {
        this(name, refreshHz, refreshChanges, windows, surfaceView, flutter, null, null);
    }

    /** A scenario without a Flutter app. */
    public Scenario(String name, Integer refreshHz, List<RefreshChange> refreshChanges, List<WindowSpec> windows,
                    SurfaceLayerSpec surfaceView) {
        this(name, refreshHz, refreshChanges, windows, surfaceView, null);
    }

    /** The same scenario at another refresh rate (the {@code --refresh} option). */
    public Scenario withRefreshHz(int hz) {
        // a switch to the rate asked for would be no switch: switch to 60 Hz, or from 60 Hz to 120 Hz
        List<RefreshChange> changes = refreshChanges.stream()
                .map(c -> c.hz() == hz ? new RefreshChange(c.atMs(), hz == 60 ? 120 : 60) : c).toList();
        return new Scenario(name, hz, changes, windows, surfaceView, flutter, threads, sensors, properties,
                toolErrors);
    }
}
