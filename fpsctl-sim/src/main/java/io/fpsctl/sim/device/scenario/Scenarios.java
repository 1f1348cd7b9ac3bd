package io.fpsctl.sim.device.scenario;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Built-in scenarios by name, plus JSON loading for custom ones.
 *
 * <ul>
 *   <li>{@code smooth} – continuous scrolling, every frame on time.</li>
 *   <li>{@code jank} – continuous rendering with a slow frame every 40 ± 15 frames, missing 3, 9, 24 vsyncs in turn.</li>
 *   <li>{@code game} – a SurfaceView layer at 40–60 fps with hitches (> 83.33 ms, sometimes > 125 ms) every
 *       2–6 s; the activity window itself draws a short HUD burst every 5 s.</li>
 *   <li>{@code game-late} – a menu (HWUI) animates for 5 s, then the game's SurfaceView starts at 40–60 fps and
 *       the menu stays still.</li>
 *   <li>{@code refresh-switch} – scrolls; the display switches refresh rate after 4 s (to 60 Hz, or to 120 Hz
 *       when it runs at 60) in the middle of a 1.2 s pause of the app, as a phone's idle-timer switch does.</li>
 *   <li>{@code freeze} – continuous rendering with a frozen frame (720–1300 ms) every 2.7–4.3 s.</li>
 *   <li>{@code idle-bursts} – scroll bursts of 0.9–1.5 s separated by 1.5–2.1 s without frames.</li>
 *   <li>{@code two-windows} – an activity that scrolls plus a dialog window that animates now and then.</li>
 *   <li>{@code system-jank} – smooth scrolling where the app is never late but the system is (Android 12+
 *       FrameTimeline): SurfaceFlinger CPU/GPU deadline missed, Display HAL, prediction error and SurfaceFlinger
 *       scheduling on every 37th display frame, buffer stuffing and dropped buffers now and then.</li>
 *   <li>{@code scroll} – a touch-driven feed: draws nothing until it is swiped; {@code input swipe … MS} makes it
 *       render one frame per vsync for MS plus a 300 ms fling, {@code input tap} for 50 ms (the gate's
 *       {@code --scroll} driver end to end).</li>
 *   <li>{@code throttle} – scrolls while the phone heats up (docs/metrics.md 13): every 10 s the thermal status rises
 *       (NONE, LIGHT, MODERATE, then SEVERE for good), the big CPU clusters are capped lower
 *       ({@code DeviceThermals}) and the frames take longer in step (work ×1.25, ×1.5, then ×2: the longest
 *       normal frames at 90 % of the period and a slow frame every 12 ± 4 frames).</li>
 *   <li>{@code flutter} – a Flutter app in a profile build (docs/metrics.md 16): the engine draws one frame per vsync
 *       on the app's FlutterSurfaceView layer ({@link FlutterSpec}), with a slow frame every 45 ± 15 frames whose
 *       build (UI thread) or raster (raster thread) takes 1.6, 2.4 or 3.5 refresh periods in turn; the activity
 *       window itself draws only its first 200 ms; the Dart VM service announces itself in logcat and posts
 *       {@code Flutter.Frame} events.</li>
 *   <li>{@code flutter-release} – the same app in a release build: no VM service.</li>
 *   <li>{@code flutter-merged-release} – a release build whose UI work runs on the main thread (Flutter 3.29+'s
 *       default): no {@code 1.ui} thread.</li>
 *   <li>{@code flutter-short-latch} – the {@code flutter} app on a device whose SurfaceFlinger latches 0.3 of a
 *       refresh period before the present vsync ({@link FlutterSpec#sfLatchLead}; 5 ms at 60 Hz, inferred from
 *       device values of {@code debug.sf.late.sf.duration}) and whose frames are light (build and raster 10–20 % of
 *       a period): most buffers are presented less than a period after their raster finished.</li>
 *   <li>{@code flutter-texture} – the {@code flutter} app embedded with FlutterTextureView (docs/metrics.md 16.1): no
 *       SurfaceView layer; the activity window draws one HWUI frame per engine frame (light: 10–30 % of a period),
 *       so gfxinfo and the window's layer carry the frames; the VM service posts the engine's timings as before.</li>
 *   <li>{@code flutter-dropped-buffer} – the {@code flutter} app whose every 40th buffer is replaced before it is
 *       presented (Android 12+, BLAST; {@link FlutterSpec#dropEveryFrames}): the VM service posts the frame, the
 *       layer never presents it (docs/metrics.md 16 rule 9).</li>
 *   <li>{@code flutter-late-surface} – the {@code flutter} app whose FlutterSurfaceView layer is created
 *       {@link #LATE_SURFACE_MS} ms after the process (its engine and {@code 1.raster} run from the start;
 *       {@link FlutterSpec#surfaceViewDelayMs}): the engine's first frame follows the layer by
 *       {@link FlutterSpec#START_MS} ms (docs/metrics.md 16.1).</li>
 * </ul>
 */
public final class Scenarios {

    /** The scenario whose frames are GPU-bound (docs/metrics.md 14). */
    public static final String GPU_HEAVY = "gpu-heavy";

    private static final Map<String, Supplier<Scenario>> BUILT_IN = new LinkedHashMap<>();

    static {
        BUILT_IN.put("smooth", Scenarios::smooth);
        BUILT_IN.put("jank", Scenarios::jank);
        BUILT_IN.put("game", Scenarios::game);
        BUILT_IN.put("game-late", Scenarios::gameLate);
        BUILT_IN.put("refresh-switch", Scenarios::refreshSwitch);
        BUILT_IN.put("freeze", Scenarios::freeze);
        BUILT_IN.put("idle-bursts", Scenarios::idleBursts);
        BUILT_IN.put("two-windows", Scenarios::twoWindows);
        BUILT_IN.put("system-jank", Scenarios::systemJank);
        BUILT_IN.put("scroll", Scenarios::scroll);
        BUILT_IN.put("throttle", Scenarios::throttle);
        BUILT_IN.put(GPU_HEAVY, Scenarios::gpuHeavy);
        BUILT_IN.put("download", Scenarios::download);
        BUILT_IN.put("flutter", () -> flutter("flutter", "profile"));
        BUILT_IN.put("flutter-release", () -> flutter("flutter-release", "release"));
        BUILT_IN.put("flutter-merged-release", () -> flutter("flutter-merged-release", "release", true));
        BUILT_IN.put("flutter-short-latch", () -> flutter("flutter-short-latch", "profile", false, 0.3));
        BUILT_IN.put("flutter-texture", Scenarios::flutterTexture);
        BUILT_IN.put("flutter-dropped-buffer", Scenarios::flutterDroppedBuffer);
        BUILT_IN.put("flutter-late-surface", Scenarios::flutterLateSurface);
    }

    private Scenarios() {
    }

    /** Names of the built-in scenarios. */
    public static Set<String> names() {
        return BUILT_IN.keySet();
    }

    /** A built-in scenario. */
    public static Scenario byName(String name) {
        Supplier<Scenario> s = BUILT_IN.get(name);
        if (s == null) {
            throw new IllegalArgumentException("unknown scenario '" + name + "'; built-in: " + names());
        }
        return s.get();
    }

    /** A custom scenario from a JSON file (see {@link Scenario} for the shape). Unknown keys are errors. */
    public static Scenario fromJson(Path file) throws IOException {
        return mapper().readValue(file.toFile(), Scenario.class);
    }

    /** A custom scenario from JSON text. */
    public static Scenario fromJson(String json) throws IOException {
        return mapper().readValue(json, Scenario.class);
    }

    /** The scenario as JSON (round-trips through {@link #fromJson(String)}). */
    public static String toJson(Scenario scenario) throws IOException {
        return mapper().writerWithDefaultPrettyPrinter().writeValueAsString(scenario);
    }

    /** A built-in name, or else a path to a JSON file. */
    public static Scenario byNameOrFile(String nameOrPath) throws IOException {
        if (BUILT_IN.containsKey(nameOrPath)) {
            return byName(nameOrPath);
        }
        return fromJson(Path.of(nameOrPath));
    }

    private static ObjectMapper mapper() {
        return new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
    }

    private static Scenario flutter(String name, String buildMode) {
        return flutter(name, buildMode, false);
    }

    private static Scenario flutter(String name, String buildMode, boolean mergedUiThread) {
        return flutter(name, buildMode, mergedUiThread, null);
    }

    private static Scenario flutter(String name, String buildMode, boolean mergedUiThread, Double sfLatchLead) {
        // a short latch lead shows on light frames (a buffer ready early in the period): 10-20 % build and raster
        List<Double> light = sfLatchLead == null ? null : List.of(0.1, 0.2);
        FlutterSpec app = new FlutterSpec(buildMode, light, light, 45, null, mergedUiThread, sfLatchLead);
        List<PhaseSpec> phases = List.of(PhaseSpec.render(200, 0, null, false), PhaseSpec.idle(3_600_000, 0));
        return new Scenario(name, 60, null, List.of(WindowSpec.of(".MainActivity", phases)), null, app);
    }

    /** The {@code flutter} app dropping a buffer every 40 frames on Android 12+ (none before: BLAST only). */
    private static Scenario flutterDroppedBuffer() {
        FlutterSpec app = new FlutterSpec("profile", null, null, 45, null, false, null, false, 40);
        List<PhaseSpec> phases = List.of(PhaseSpec.render(200, 0, null, false), PhaseSpec.idle(3_600_000, 0));
        return new Scenario("flutter-dropped-buffer", 60, null, List.of(WindowSpec.of(".MainActivity", phases)), null,
                app);
    }

    /** The {@code flutter} app whose SurfaceView layer is created {@value #LATE_SURFACE_MS} ms after its engine. */
    private static Scenario flutterLateSurface() {
        FlutterSpec app = new FlutterSpec("profile", null, null, 45, null, false, null, false, null,
                LATE_SURFACE_MS);
        List<PhaseSpec> phases = List.of(PhaseSpec.render(200, 0, null, false), PhaseSpec.idle(3_600_000, 0));
        return new Scenario("flutter-late-surface", 60, null, List.of(WindowSpec.of(".MainActivity", phases)), null,
                app);
    }

    /**
     * {@code flutter-late-surface}'s gap between the engine and its SurfaceView layer: longer than a cold start's
     * (one traversal), as an add-to-app engine warmed before its screen is shown gives, so that a test's probe (after
     * connecting through an adb server, seconds on a loaded machine) lands in it.
     */
    public static final long LATE_SURFACE_MS = 5_000;

    private static Scenario flutterTexture() {
        FlutterSpec app = new FlutterSpec("profile", null, null, 45, null, false, null, true);
        // compositing one texture is light HWUI work (inferred: a single TextureLayer draw per frame)
        List<PhaseSpec> phases = List.of(new PhaseSpec(PhaseSpec.RENDER, 3_600_000L, 0L, 0.1, 0.3, 1, null,
                0.0, false, null));
        return new Scenario("flutter-texture", 60, null, List.of(WindowSpec.of(".MainActivity", phases)), null, app);
    }

    private static Scenario smooth() {
        return single("smooth", List.of(PhaseSpec.render(60_000, 0, null, true)), null);
    }

    private static Scenario jank() {
        SlowFrameSpec slow = SlowFrameSpec.everyFrames(40, 15, List.of(3, 9, 24));
        return single("jank", List.of(PhaseSpec.render(60_000, 0, slow, true)), null);
    }

    private static Scenario game() {
        SurfaceLayerSpec layer = new SurfaceLayerSpec(40.0, 60.0, 500L, 4_000L, 2_000L, List.of(100L, 150L, 95L));
        return single("game", List.of(PhaseSpec.render(300, 0, null, false), PhaseSpec.idle(4_700, 0)), layer);
    }

    private static Scenario gameLate() {
        SurfaceLayerSpec layer = new SurfaceLayerSpec(40.0, 60.0, 5_000L, 0L, 0L, null);
        return single("game-late", List.of(PhaseSpec.render(5_000, 0, null, false), PhaseSpec.idle(3_600_000, 0)),
                layer);
    }

    /** The switch lands in the pause; {@link Scenario#withRefreshHz} keeps it a switch to another rate. */
    private static Scenario refreshSwitch() {
        return new Scenario("refresh-switch", 120, List.of(new RefreshChange(4_000, 60)),
                List.of(WindowSpec.of(".MainActivity", List.of(PhaseSpec.render(3_400, 0, null, true),
                        PhaseSpec.idle(1_200, 0), PhaseSpec.render(3_600_000, 0, null, true)))), null);
    }

    private static Scenario freeze() {
        SlowFrameSpec slow = SlowFrameSpec.everyMillis(3_500, 800, List.of(720L, 950L, 1_300L));
        return single("freeze", List.of(PhaseSpec.render(60_000, 0, slow, true)), null);
    }

    private static Scenario idleBursts() {
        SlowFrameSpec slow = SlowFrameSpec.everyFrames(50, 10, List.of(3));
        return single("idle-bursts",
                List.of(PhaseSpec.render(1_200, 300, slow, true), PhaseSpec.idle(1_800, 300)), null);
    }

    private static Scenario twoWindows() {
        WindowSpec main = WindowSpec.of(".MainActivity", List.of(PhaseSpec.render(60_000, 0,
                SlowFrameSpec.everyFrames(60, 20, List.of(3, 9)), true)));
        WindowSpec dialog = new WindowSpec(".ShareSheetActivity", null, 0, 1_000L, 12,
                List.of(PhaseSpec.render(400, 100, null, false), PhaseSpec.idle(2_600, 400)), null);
        return new Scenario("two-windows", 60, null, List.of(main, dialog), null);
    }

    /** The faults themselves are the simulator's (FrameTimelineFaults); the app side is {@code smooth}. */
    private static Scenario systemJank() {
        return single("system-jank", List.of(PhaseSpec.render(60_000, 0, null, true)), null);
    }

    /** Every frame on time and with input, but only while swiped or tapped (see {@link WindowSpec#touchDriven}). */
    private static Scenario scroll() {
        WindowSpec feed = new WindowSpec(".MainActivity", null, null, null, null,
                List.of(new PhaseSpec(PhaseSpec.RENDER, 60_000L, 0L, null, null, null, null, 0.0, true, null)), true);
        return new Scenario("scroll", 60, null, List.of(feed), null);
    }

    /** Four 10 s stages as DeviceThermals caps the CPUs; the default frame work 0.30–0.60 scaled per stage. */
    private static Scenario throttle() {
        SlowFrameSpec slow = SlowFrameSpec.everyFrames(12, 4, List.of(1, 2, 1, 3));
        return single("throttle", List.of(
                new PhaseSpec(PhaseSpec.RENDER, 10_000L, 0L, 0.30, 0.60, null, null, 0.002, true, null),
                new PhaseSpec(PhaseSpec.RENDER, 10_000L, 0L, 0.375, 0.75, null, null, 0.002, true, null),
                new PhaseSpec(PhaseSpec.RENDER, 10_000L, 0L, 0.45, 0.90, null, null, 0.002, true, null),
                new PhaseSpec(PhaseSpec.RENDER, 3_600_000L, 0L, 0.60, 0.90, null, slow, 0.002, true, null)), null);
    }

    /**
     * docs/metrics.md 14: the GPU works 92–100 % of each frame period and every ~20th frame waits 2–6 vsyncs on it
     * (the frame generator puts the wait in the swap stage); the main thread stays light.
     */
    private static Scenario gpuHeavy() {
        SlowFrameSpec slow = SlowFrameSpec.everyFrames(20, 5, List.of(2, 4, 6));
        return single(GPU_HEAVY, List.of(PhaseSpec.render(60_000, 0, slow, true)), null);
    }

    /** docs/metrics.md 14: scrolling at every vsync while the app downloads 500 000 B/s (DeviceLoadFiles). */
    private static Scenario download() {
        return single("download", List.of(PhaseSpec.render(60_000, 0, null, true)), null);
    }

    private static Scenario single(String name, List<PhaseSpec> phases, SurfaceLayerSpec layer) {
        return new Scenario(name, 60, null, List.of(WindowSpec.of(".MainActivity", phases)), layer);
    }
}
