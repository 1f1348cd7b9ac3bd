package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.ManualTimeSource;
import io.fpsctl.sim.device.scenario.Scenarios;
import io.fpsctl.testing.FrameTimelineGoldens;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The simulator's {@code --frametimeline -all} has the line shapes of the hand-written AOSP-spelled goldens of its
 * version ({@link FrameTimelineGoldens}): every line it prints, with numbers, layer names and table cells
 * abstracted, is a line shape of the golden, and its {@code Jank Type} items are strings that version's
 * {@code jankTypeBitmaskToString} prints (listed here by hand from FrameTimeline.cpp at the tags). It also prints
 * what the goldens show of the release: {@code TX - } names, {@code Is Buffer?: 0} (never with {@code Token: -1}),
 * an expired prediction from 13 (the freeze scenario's frames outlive the token manager's 500 tokens), and the
 * version's dropped-buffer spelling.
 */
class FrameTimelineLineShapeTest {

    /** {@code jankTypeBitmaskToString} at android-12.0.0_r1 / android-13.0.0_r1 (12–13). */
    private static final Set<String> TYPES_12 = Set.of("Display HAL", "SurfaceFlinger CPU Deadline Missed",
            "SurfaceFlinger GPU Deadline Missed", "App Deadline Missed", "Prediction Error",
            "SurfaceFlinger Scheduling", "Buffer Stuffing", "Unknown jank", "SurfaceFlinger Stuffing", "None");
    /** … at android-14.0.0_r29, android-15.0.0_r1, android-16.0.0_r2. */
    private static final Set<String> TYPES_14 = Set.of("Display HAL", "SurfaceFlinger deadline missed (while in HWC)",
            "SurfaceFlinger deadline missed (while in GPU comp)", "App Deadline Missed", "Prediction Error",
            "SurfaceFlinger Scheduling", "Buffer Stuffing", "Unknown jank", "SurfaceFlinger Stuffing",
            "Dropped Frame", "None");

    /**
     * Line shapes AOSP prints that the goldens' frames happen not to show: a DisplayFrame presented early
     * ({@code DisplayFrame::dump}, {@code "Present Metadata : %s\n"} of {@code toString(mFramePresentMetadata)},
     * FrameTimeline.cpp lineage-19.1 lines 152-163 and 1234; the SurfaceFlinger Scheduling display frames of the
     * system-jank scenario, presented a vsync early).
     */
    private static final Set<String> FROM_SOURCE = Set.of("Present Metadata : Early Present");

    private static String dump(SimulatedAndroid d) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        d.run("dumpsys SurfaceFlinger --frametimeline -all", out, new ByteArrayOutputStream());
        return out.toString(StandardCharsets.UTF_8);
    }

    /** A line with its variable parts abstracted; {@code Jank Type} values are checked apart. */
    static String shape(String line) {
        String s = line.replaceAll("^(\\s*Layer - )(TX - )?.*?( \\[\\*\\] )?$", "$1$2<layer>$3");
        s = s.replaceAll("^(\\s*Jank Type : ).*$", "$1<types>");
        s = s.replaceAll("\\t *(-?\\d+\\.\\d+|\\tN/A)", "\t<cell>"); // table cells: %10.2f or N/A
        s = s.replaceAll(" *\\d+\\.\\d+", " <f>");                    // %10f
        return s.replaceAll("\\d+", "#");
    }

    @ParameterizedTest(name = "Android {0}")
    @ValueSource(ints = {12, 13, 14, 15, 16})
    void simulatorLinesHaveTheGoldensShapes(int android) throws IOException {
        Set<String> golden = new LinkedHashSet<>();
        FrameTimelineGoldens.frameTimeline(android).lines().forEach(l -> golden.add(shape(l)));
        golden.addAll(FROM_SOURCE);
        Set<String> types = android <= 13 ? TYPES_12 : TYPES_14;
        StringBuilder all = new StringBuilder();
        for (String scenario : List.of("system-jank", "freeze", "game")) {
            ManualTimeSource time = new ManualTimeSource();
            SimulatedAndroid d = SimulatedAndroid.create(Scenarios.byName(scenario),
                    SimOptions.defaults().withAndroid(android).withRefreshHz(60).withSeed(5), time, null);
            for (int i = 0; i < 12; i++) {
                time.advanceMillis(700);
                all.append(dump(d));
            }
        }
        Set<String> foreign = new TreeSet<>();
        Set<String> foreignTypes = new TreeSet<>();
        for (String line : all.toString().lines().toList()) {
            if (!golden.contains(shape(line))) {
                foreign.add(shape(line));
            }
            if (line.strip().startsWith("Jank Type : ")) {
                for (String t : line.strip().substring("Jank Type : ".length()).split(", ")) {
                    if (!types.contains(t)) {
                        foreignTypes.add(t);
                    }
                }
            }
        }
        assertTrue(foreign.isEmpty(), "line shapes the golden of " + android + " does not have: " + foreign);
        assertTrue(foreignTypes.isEmpty(), "jank strings " + android + " does not print: " + foreignTypes);
        String text = all.toString();
        assertTrue(text.contains("    Layer - TX - "), "BLAST SurfaceFrames are named TX - <layer>");
        assertTrue(text.contains("    Is Buffer?: 0\n"));
        // a bufferless SurfaceFrame always has a vsync id (SurfaceFlinger::setClientStateLocked, 12.0.0_r1 … 16.0.0_r2)
        assertTrue(!text.contains("    Token: -1\n    Is Buffer?: 0\n"), "a bufferless SurfaceFrame without a token");
        assertTrue(!text.contains("On Time Start"), "AOSP never prints On Time Start");
        assertTrue(text.contains("    Scheduled rendering rate: 0 fps\n"));
        if (android >= 13) {
            assertTrue(text.contains("    Prediction State : Expired\n"), "a freeze outlives its predictions");
        }
        if (android >= 14) {
            assertTrue(text.contains("    Jank Type : Dropped Frame\n"));
        } else {
            assertTrue(text.contains("    Present State : Dropped\n") && !text.contains("Dropped Frame"));
        }
    }
}
