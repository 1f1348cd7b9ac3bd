package io.fpsctl.source;

import io.fpsctl.engine.SurfaceFrameRecord;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Parses {@code dumpsys SurfaceFlinger --frametimeline -all} / {@code -jank} (FORMATS.md C.4, Android 12–16) as a
 * stream: every SurfaceFrame block ({@code Layer - …} up to the next layer or display frame) goes to a consumer as
 * a {@link SurfaceFrameRecord} once complete. Memory is one block. Nothing is fatal: unknown lines are counted and
 * skipped, unknown jank strings are kept verbatim in the record, and a block without a {@code Token:} is dropped
 * (it cannot be joined). Times are relative to the ring's oldest frame and change between polls, so they are not
 * read at all: callers key on the Token.
 */
public final class FrameTimelineParser {

    private static final String NUMBER_OF_DISPLAY_FRAMES = "Number of display frames";
    private static final String DISPLAY_FRAME = "Display Frame";
    private static final String LAYER = "Layer - ";
    private static final String JANKY_MARK = "[*]";

    private final Consumer<SurfaceFrameRecord> consumer;

    private boolean all;
    private int header = -1;
    private int displayFrames;
    private int jankyDisplayFrames;
    private int surfaceFrames;
    private long oldest = -1;
    private long newest = -1;
    private long unknownLines;

    // the SurfaceFrame being read
    private boolean inSurfaceFrame;
    private String layer;
    private long token;
    private boolean hasToken;
    private int pid;
    private int layerId;
    private boolean buffer;
    private String presentState;
    private List<String> jankTypes;

    public FrameTimelineParser(Consumer<SurfaceFrameRecord> consumer) {
        this.consumer = Objects.requireNonNull(consumer, "consumer");
    }

    /** Reads one dump from {@code in} (not closed). */
    public FrameTimelineDump parse(InputStream in) throws IOException {
        ByteLineReader lines = new ByteLineReader(in, 64 * 1024);
        while (lines.next()) {
            line(lines.line());
        }
        endSurfaceFrame();
        return new FrameTimelineDump(all, header, displayFrames, jankyDisplayFrames, surfaceFrames, oldest, newest,
                unknownLines);
    }

    /**
     * A cheap content sniff: true when the text's first non-blank line is {@code Number of display frames : N} or
     * {@code Display Frame N} (an empty {@code -jank} dump cannot be told from an empty file).
     */
    public static boolean looksLikeFrameTimeline(String head) {
        if (head == null) {
            return false;
        }
        for (String l : head.split("\r?\n", 50)) {
            String t = l.strip();
            if (t.isEmpty()) {
                continue;
            }
            return (t.startsWith(NUMBER_OF_DISPLAY_FRAMES) && t.contains(":"))
                    || (t.startsWith(DISPLAY_FRAME + " ") && t.length() > DISPLAY_FRAME.length() + 1
                    && Character.isDigit(t.charAt(DISPLAY_FRAME.length() + 1)));
        }
        return false;
    }

    private void line(String raw) {
        String t = raw.strip();
        if (t.isEmpty()) {
            return;
        }
        if (t.startsWith(NUMBER_OF_DISPLAY_FRAMES)) {
            all = true;
            header = parseInt(valueOf(t), -1);
            return;
        }
        if (t.startsWith(DISPLAY_FRAME + " ")) {
            endSurfaceFrame();
            displayFrames++;
            if (t.contains(JANKY_MARK)) {
                jankyDisplayFrames++;
            }
            return;
        }
        if (t.startsWith(LAYER)) {
            endSurfaceFrame();
            beginSurfaceFrame(t.substring(LAYER.length()));
            return;
        }
        if (isTableLine(t)) {
            return;
        }
        int colon = t.indexOf(':');
        if (colon < 0) {
            unknownLines++;
            return;
        }
        String key = t.substring(0, colon).strip();
        String value = t.substring(colon + 1).strip();
        if (!inSurfaceFrame) {
            if (!isDisplayFrameKey(key)) {
                unknownLines++;
            }
            return;
        }
        switch (key) {
            case "Token" -> {
                try {
                    token = Long.parseLong(value);
                    hasToken = true;
                } catch (NumberFormatException e) {
                    unknownLines++;
                }
            }
            case "Owner Pid" -> pid = parseInt(value, -1);
            case "Layer ID" -> layerId = parseInt(value, -1);
            case "Is Buffer?" -> buffer = value.equals("1");
            case "Present State" -> presentState = value;
            case "Jank Type" -> jankTypes = splitTypes(value);
            case "Scheduled rendering rate", "Drop time", "Prediction State", "Present Metadata", "Finish Metadata",
                 "Last latch time", "Last expected present time", "Present delta", "Jank Debug Metadata",
                 "Jank Severity Score", "Jank Severity Type", "GPU Composition" -> {
                // read but not needed: times are relative, metadata is implied by the jank types
            }
            default -> unknownLines++;
        }
    }

    private static boolean isDisplayFrameKey(String key) {
        return switch (key) {
            case "Prediction State", "Jank Type", "Present Metadata", "Finish Metadata", "Start Metadata",
                 "Vsync Period", "Present delta", "Present delta % refreshrate", "Jank Debug Metadata",
                 "Last expected present time", "Jank Severity Score", "Jank Severity Type" -> true;
            default -> false;
        };
    }

    /** The prediction/actual table: header, {@code Expected|…}, {@code Actual|…} and the dashed rule. */
    private static boolean isTableLine(String t) {
        return t.startsWith("---") || t.startsWith("Start time") || t.startsWith("Expected") || t.startsWith("Actual");
    }

    private void beginSurfaceFrame(String rest) {
        String name = rest.strip();
        if (name.endsWith(JANKY_MARK)) {
            name = name.substring(0, name.length() - JANKY_MARK.length()).strip();
        }
        inSurfaceFrame = true;
        layer = name;
        hasToken = false;
        token = 0;
        pid = -1;
        layerId = -1;
        buffer = false;
        presentState = "";
        jankTypes = List.of();
    }

    private void endSurfaceFrame() {
        if (!inSurfaceFrame) {
            return;
        }
        inSurfaceFrame = false;
        if (!hasToken) {
            unknownLines++;
            return;
        }
        surfaceFrames++;
        oldest = oldest < 0 ? token : Math.min(oldest, token);
        newest = Math.max(newest, token);
        consumer.accept(new SurfaceFrameRecord(token, layer, pid, layerId, buffer, presentState, jankTypes));
    }

    private static List<String> splitTypes(String value) {
        if (value.isEmpty() || value.equals("None")) {
            return List.of();
        }
        List<String> out = new ArrayList<>(2);
        for (String part : value.split(",")) {
            String p = part.strip();
            if (!p.isEmpty()) {
                out.add(p);
            }
        }
        return out;
    }

    private static String valueOf(String t) {
        int colon = t.indexOf(':');
        return colon < 0 ? "" : t.substring(colon + 1).strip();
    }

    private static int parseInt(String s, int fallback) {
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
