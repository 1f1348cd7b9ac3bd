package io.fpsctl.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * docs/metrics.md 10 rev 4 worked by hand on SurfaceFlinger's printed strings, for expected values that fpsctl's
 * engine cannot reach: Perfetto's jank tag (trace_processor's {@code CalculateSurfaceFrameJankTag},
 * {@code src/trace_processor/importers/proto/frame_timeline_event_parser.cc}, google/perfetto v58.2) —
 * {@code app} ("Self Jank": App Deadline Missed, App Resynced Jitter, Unknown jank or a string not listed),
 * {@code system} ("Other Jank": SurfaceFlinger Scheduling / CPU / GPU, Prediction Error, Display HAL),
 * {@code bufferStuffing} and {@code sfStuffing} (that type alone), {@code dropped} (Present State Dropped),
 * {@code nonPerceivable} (Non Animating, Display not ON or PowerModeChange alone), else {@code none}.
 */
public final class JankTagByHand {
    private JankTagByHand() {
    }

    /** The tag of a present state and a printed {@code Jank Type} line (as SurfaceFlinger prints it). */
    public static String ofPrinted(String presentState, String printed) {
        List<String> items = new ArrayList<>();
        for (String s : printed.split(", ")) {
            if (!s.equals("None") && !(s.equals("Dropped Frame") && presentState.equals("Dropped"))) {
                items.add(s);
            }
        }
        List<String> system = List.of("SurfaceFlinger Scheduling", "Prediction Error", "Display HAL",
                "SurfaceFlinger CPU Deadline Missed", "SurfaceFlinger deadline missed (while in HWC)",
                "SurfaceFlinger GPU Deadline Missed", "SurfaceFlinger deadline missed (while in GPU comp)");
        List<String> notApp = new ArrayList<>(system);
        notApp.addAll(List.of("Buffer Stuffing", "SurfaceFlinger Stuffing", "Dropped Frame", "Non Animating",
                "Display not ON", "ModeChange in progress", "PowerModeChange in progress"));
        if (items.stream().anyMatch(s -> !notApp.contains(s))) {
            return "app";
        }
        if (items.stream().anyMatch(system::contains)) {
            return "system";
        }
        if (items.equals(List.of("Buffer Stuffing"))) {
            return "bufferStuffing";
        }
        if (items.equals(List.of("SurfaceFlinger Stuffing"))) {
            return "sfStuffing";
        }
        if (presentState.equals("Dropped")) {
            return "dropped";
        }
        if (items.equals(List.of("Non Animating")) || items.equals(List.of("Display not ON"))
                || items.equals(List.of("PowerModeChange in progress"))) {
            return "nonPerceivable";
        }
        return "none";
    }
}
