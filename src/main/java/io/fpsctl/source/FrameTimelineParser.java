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

    /** Whether lines that would change nothing are passed over undecoded (tests compare both ways). */
    boolean skipIgnorable = true;
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
            if (!skipIgnorable || !ignorable(lines.buffer(), lines.start(), lines.end())) {
                line(lines.line());
            }
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
            default -> {
                if (!SURFACE_FRAME_IGNORED.contains(key)) {
                    unknownLines++;
                } // else read but not needed: times are relative, metadata is implied by the jank types
            }
        }
    }

    /** Keys of a SurfaceFrame that are read but not needed. */
    private static final List<String> SURFACE_FRAME_IGNORED = List.of("Scheduled rendering rate", "Drop time",
            "Prediction State", "Present Metadata", "Finish Metadata", "Last latch time", "Last expected present time",
            "Present delta", "Jank Debug Metadata", "Jank Severity Score", "Jank Severity Type", "GPU Composition");
    /** Keys of a display frame (none is needed: the display frame's own verdict is not per app). */
    private static final List<String> DISPLAY_FRAME_KEYS = List.of("Prediction State", "Jank Type",
            "Present Metadata", "Finish Metadata", "Start Metadata", "Vsync Period", "Present delta",
            "Present delta % refreshrate", "Jank Debug Metadata", "Last expected present time", "Jank Severity Score",
            "Jank Severity Type");
    private static final byte[][] SURFACE_FRAME_IGNORED_BYTES = ascii(SURFACE_FRAME_IGNORED);
    private static final byte[][] DISPLAY_FRAME_KEY_BYTES = ascii(DISPLAY_FRAME_KEYS);
    private static final byte[][] TABLE_STARTS = ascii(List.of("---", "Start time", "Expected", "Actual"));

    private static boolean isDisplayFrameKey(String key) {
        return DISPLAY_FRAME_KEYS.contains(key);
    }

    /**
     * Whether the line {@code b[s..e)} can be passed over without decoding it, because {@link #line} would do nothing
     * with it: blank, part of a prediction table, or a key that is read but not needed where the parser is. Two
     * thirds of a dump's lines; the rest become Strings.
     */
    private boolean ignorable(byte[] b, int s, int e) {
        int i = s;
        while (i < e && isSpace(b[i])) {
            i++;
        }
        int j = e;
        while (j > i && isSpace(b[j - 1])) {
            j--;
        }
        if (i == j) {
            return true;
        }
        for (byte[] t : TABLE_STARTS) {
            if (startsWith(b, i, j, t)) {
                return true;
            }
        }
        int colon = -1;
        for (int k = i; k < j; k++) {
            if (b[k] < 0) {
                return false; // not ASCII: the String path decides
            }
            if (b[k] == ':') {
                colon = k;
                break;
            }
        }
        if (colon < 0) {
            return false;
        }
        int keyEnd = colon;
        while (keyEnd > i && isSpace(b[keyEnd - 1])) {
            keyEnd--;
        }
        for (byte[] key : inSurfaceFrame ? SURFACE_FRAME_IGNORED_BYTES : DISPLAY_FRAME_KEY_BYTES) {
            if (key.length == keyEnd - i && startsWith(b, i, keyEnd, key)) {
                return true;
            }
        }
        return false;
    }

    /** ASCII white space as {@link String#strip()} sees it. */
    private static boolean isSpace(byte c) {
        return c == ' ' || c == '\t' || (c >= 0x0A && c <= 0x0D) || (c >= 0x1C && c <= 0x1F);
    }

    private static boolean startsWith(byte[] b, int from, int to, byte[] prefix) {
        if (to - from < prefix.length) {
            return false;
        }
        for (int k = 0; k < prefix.length; k++) {
            if (b[from + k] != prefix[k]) {
                return false;
            }
        }
        return true;
    }

    private static byte[][] ascii(List<String> words) {
        byte[][] out = new byte[words.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = words.get(i).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        }
        return out;
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
