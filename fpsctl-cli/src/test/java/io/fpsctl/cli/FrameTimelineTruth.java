package io.fpsctl.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The FrameTimeline side of the simulator's truth files, read here without fpsctl's parsers: which token each
 * frame drew with, what SurfaceFlinger said about each of the app's SurfaceFrames, and the printed jank strings of
 * every version mapped to their keys by hand (docs/metrics.md 10).
 */
final class FrameTimelineTruth {
    /** The printed jank strings of every version → keys. */
    static final Map<String, String> KEYS = Map.ofEntries(
            Map.entry("App Deadline Missed", "appDeadlineMissed"),
            Map.entry("Buffer Stuffing", "bufferStuffing"),
            Map.entry("SurfaceFlinger CPU Deadline Missed", "surfaceFlingerCpu"),
            Map.entry("SurfaceFlinger deadline missed (while in HWC)", "surfaceFlingerCpu"),
            Map.entry("SurfaceFlinger GPU Deadline Missed", "surfaceFlingerGpu"),
            Map.entry("SurfaceFlinger deadline missed (while in GPU comp)", "surfaceFlingerGpu"),
            Map.entry("SurfaceFlinger Scheduling", "surfaceFlingerScheduling"),
            Map.entry("SurfaceFlinger Stuffing", "surfaceFlingerStuffing"),
            Map.entry("Display HAL", "displayHal"),
            Map.entry("Prediction Error", "predictionError"),
            Map.entry("Dropped Frame", "dropped"),
            Map.entry("Unknown jank", "unknown"),
            Map.entry("App Resynced Jitter", "appResyncedJitter"),
            Map.entry("Non Animating", "nonAnimating"),
            Map.entry("Display not ON", "displayNotOn"),
            Map.entry("ModeChange in progress", "modeChange"),
            Map.entry("PowerModeChange in progress", "powerModeChange"));
    /** The order of the keys (the summary's {@code types} object, and a frames.csv {@code jankTypes} cell). */
    static final List<String> ORDER = List.of("appDeadlineMissed", "bufferStuffing", "surfaceFlingerCpu",
            "surfaceFlingerGpu", "surfaceFlingerScheduling", "surfaceFlingerStuffing", "displayHal",
            "predictionError", "dropped", "unknown", "appResyncedJitter", "nonAnimating", "displayNotOn", "modeChange",
            "powerModeChange");

    private FrameTimelineTruth() {
    }

    /**
     * A SurfaceFrame's keys, in {@link #ORDER}: its printed jank strings ({@code None} = none, a string not listed is
     * {@code unknown}), plus {@code dropped} when its present state is {@code Dropped}.
     */
    static List<String> keys(String presentState, String printed) {
        List<String> keys = new ArrayList<>();
        for (String s : printed.split(", ")) {
            if (!s.equals("None")) {
                keys.add(KEYS.getOrDefault(s, "unknown"));
            }
        }
        if (presentState.equals("Dropped")) {
            keys.add("dropped");
        }
        List<String> ordered = new ArrayList<>();
        for (String k : ORDER) {
            if (keys.contains(k)) {
                ordered.add(k);
            }
        }
        return ordered;
    }

    /** IntendedVsync → FrameTimelineVsyncId from the truth's framestats block (split by hand). */
    static Map<Long, Long> tokens(Path truth) throws IOException {
        Map<Long, Long> out = new HashMap<>();
        int idCol = -1;
        int vsyncCol = -1;
        for (String line : Files.readAllLines(truth)) {
            if (line.startsWith("Flags,")) {
                List<String> h = List.of(line.split(","));
                idCol = h.indexOf("FrameTimelineVsyncId");
                vsyncCol = h.indexOf("IntendedVsync");
            } else if (idCol >= 0 && !line.isEmpty() && Character.isDigit(line.charAt(0))) {
                String[] c = line.split(",");
                out.put(Long.parseLong(c[vsyncCol]), Long.parseLong(c[idCol]));
            }
        }
        return out;
    }

    /**
     * token → {presentState, jankType, predictionState, finishMetadata} of the app's buffer SurfaceFrames (the truth's
     * tab-separated lines of layer key {@code app} with {@code isBuffer} 1: the app's pid's SurfaceFrame with that
     * Token that a buffer made — docs/metrics.md 10's join key; bufferless ones and {@code Token: -1} are left out).
     */
    static Map<Long, String[]> surfaceFrames(Path tsv) throws IOException {
        Map<Long, String[]> out = new HashMap<>();
        for (String line : Files.readAllLines(tsv)) {
            String[] c = line.split("\t");
            if (c[0].equals("token") || !c[1].equals("app") || (c.length > 5 && !c[5].equals("1"))
                    || c[0].startsWith("-")) {
                continue;
            }
            out.put(Long.parseLong(c[0]), new String[] {c[3], c[4], c.length > 6 ? c[6] : "Valid",
                    c.length > 7 ? c[7] : ""});
        }
        return out;
    }

    /**
     * The Tokens of the app's buffer SurfaceFrames that some {@code --frametimeline -all} dump showed with their
     * present processed (the truth's {@code frametimeline-dumps.tsv}, split by hand): only those can have been joined
     * by a capture that polled the simulator. A frame whose display frame was still pending at the capture's last
     * poll (SurfaceFlinger processes a present fence only at its next composition: FrameTimeline::setSfPresent →
     * flushPendingPresentFences, frameworks/native services/surfaceflinger/FrameTimeline/FrameTimeline.cpp,
     * android-12.1 … 15), or that left the 64-frame ring between two polls, is in none.
     */
    static Set<Long> shownFinal(Path dumpsTsv) throws IOException {
        Set<Long> out = new HashSet<>();
        for (String line : Files.readAllLines(dumpsTsv)) {
            String[] c = line.split("\t", -1);
            if (c[0].equals("uptimeNs") || c.length < 2 || c[1].isEmpty()) {
                continue;
            }
            for (String shown : c[1].split(",")) {
                if (shown.startsWith("app:")) {
                    out.add(Long.parseLong(shown.substring("app:".length())));
                }
            }
        }
        return out;
    }

    /**
     * Whom docs/metrics.md 10 rev 4 blames for a SurfaceFrame of {@link #surfaceFrames}: Perfetto's jank tag
     * (trace_processor's {@code CalculateSurfaceFrameJankTag}, v58.2) applied here by hand to the printed strings —
     * {@code app} (App Deadline Missed, App Resynced Jitter, Unknown jank or a string not listed), {@code system}
     * (SurfaceFlinger Scheduling / CPU / GPU, Prediction Error, Display HAL), {@code bufferStuffing} and
     * {@code sfStuffing} (that type alone), {@code dropped} (Present State Dropped), {@code nonPerceivable} (Non
     * Animating, Display not ON or PowerModeChange alone), else {@code none}. A {@code Dropped Frame} string beside
     * a Dropped present state is the same fact, not a type of its own.
     */
    static String blame(String[] sf) {
        return rev4(sf[0], sf[1]);
    }

    /** {@link #blame} from a present state and the printed {@code Jank Type} line. */
    static String rev4(String presentState, String printed) {
        return io.fpsctl.testing.JankTagByHand.ofPrinted(presentState, printed);
    }
}
