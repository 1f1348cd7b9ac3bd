package io.fpsctl.android;

import static io.fpsctl.android.AsciiBytes.NOT_ASCII;
import static io.fpsctl.android.AsciiBytes.ascii;
import static io.fpsctl.android.AsciiBytes.colonIfAscii;
import static io.fpsctl.android.AsciiBytes.indexOf;
import static io.fpsctl.android.AsciiBytes.isSpace;
import static io.fpsctl.android.AsciiBytes.startsWith;

import io.fpsctl.android.AsciiBytes.AsciiView;
import io.fpsctl.android.AsciiBytes.LastString;
import io.fpsctl.android.AsciiBytes.Words;
import io.fpsctl.engine.SurfaceFrameRecord;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Parses {@code dumpsys SurfaceFlinger --frametimeline -all} / {@code -jank} (docs/formats.md 5.3, Android 12–16) as a
 * stream. The text is AOSP's {@code FrameTimeline::dumpAll} / {@code dumpJank}, {@code DisplayFrame::dump},
 * {@code SurfaceFrame::dump} and {@code dumpTable} (frameworks/native
 * {@code services/surfaceflinger/FrameTimeline/FrameTimeline.cpp}), the same format strings at android-12.0.0_r1,
 * 12.1.0_r1, 13.0.0_r1, 14.0.0_r1, 14.0.0_r29, 15.0.0_r1 and 16.0.0_r2; of a SurfaceFrame it keeps
 * {@code Token: %PRId64}, {@code Layer - %s} (the debug name, {@code TX - } included), {@code Owner Pid : %d},
 * {@code Layer ID : %d}, {@code Is Buffer?: %d}, {@code Present State : %s}, {@code Prediction State : %s},
 * {@code Jank Type : %s} and {@code Finish Metadata: %s}: every SurfaceFrame block ({@code Layer - …} up to the next layer or display frame) goes to a consumer as
 * a {@link SurfaceFrameRecord} once complete. Memory is one block. Nothing is fatal: unknown lines are counted and
 * skipped, unknown jank strings are kept verbatim in the record, and a block without a {@code Token:} is dropped
 * (it cannot be joined). Times are relative to the ring's oldest frame and change between polls, so they are not
 * read at all: callers key on the Token.
 *
 * <p>Its state is in parts named for what they hold: the dump's counts ({@link FrameTimelineCounts}), the SurfaceFrame
 * being read ({@link SurfaceFrameBlock}), the position in the display frames ({@link DisplayFramePosition}: skipping
 * a seen one, its first SurfaceFrame, a pending present), the byte path's reused Strings ({@link AsciiBytes}). It is
 * longer than the project's ~300 lines on purpose: the two readers of the same lines, the String path and the byte
 * path that takes every ASCII line, stay side by side so that a change to one is made to the other
 * ({@code FrameTimelineBytePathPropertyTest} holds them equal).
 */
public final class FrameTimelineParser {
    /** {@code dumpsys SurfaceFlinger --frametimeline -all}: every display frame of the ring (Android 12+). */
    public static final String COMMAND = "dumpsys SurfaceFlinger --frametimeline -all";

    private static final String NUMBER_OF_DISPLAY_FRAMES = "Number of display frames";
    private static final String DISPLAY_FRAME = "Display Frame";
    private static final String LAYER = "Layer - ";
    private static final String JANKY_MARK = "[*]";

    private final Consumer<SurfaceFrameRecord> consumer;

    /**
     * Whether ASCII lines are read from the bytes, with Strings made only for a layer name, present state or jank
     * type that differs from the previous one; false decodes every line (tests compare both ways).
     */
    boolean readBytes = true;
    /** What the dump holds besides its SurfaceFrames (a parser reads one dump). */
    private final FrameTimelineCounts tally = new FrameTimelineCounts();
    /** Where the parse is among the display frames (skipping a seen one, its first SurfaceFrame, a pending present). */
    private final DisplayFramePosition position = new DisplayFramePosition();
    private final SurfaceFrameBlock block = new SurfaceFrameBlock();

    // the byte path's reused objects
    private final AsciiView view = new AsciiView();
    private final LastString layers = new LastString();
    private final LastString presentStates = new LastString();
    private final LastString jankTypeTexts = new LastString();
    private final LastString predictionStates = new LastString();
    private final LastString finishMetadatas = new LastString();
    private String lastJankText;
    private List<String> lastJankTypes = List.of();

    public FrameTimelineParser(Consumer<SurfaceFrameRecord> consumer) {
        this.consumer = Objects.requireNonNull(consumer, "consumer");
    }

    /** Reads one dump from {@code in} (not closed). */
    public FrameTimelineDump parse(InputStream in) throws IOException {
        position.nextDump();
        ByteLineReader lines = new ByteLineReader(in, 64 * 1024);
        boolean first = true;
        while (lines.next()) {
            if (first) {
                String text = lines.line();
                if (text.isBlank()) {
                    continue;
                }
                first = false;
                if (SurfaceFlingerLockWarning.is(text)) {
                    continue; // printed before the dump when the state lock timed out; not a FrameTimeline line
                }
            }
            if (position.skipping()) {
                if (!startsDisplayFrame(lines.buffer(), lines.start(), lines.end())) {
                    continue;
                }
                position.skipEnded();
            }
            if (!readBytes || !readAscii(lines.buffer(), lines.start(), lines.end())) {
                line(lines.line());
            }
        }
        endSurfaceFrame();
        return tally.dump();
    }

    /**
     * Skips the display frames the previous dump read with the same {@code seen} already showed: of those, only the
     * first SurfaceFrame's layer and Token are read (see {@link SeenDisplayFrames}), nothing goes to the consumer and
     * no line is counted; the dump's {@link FrameTimelineDump#skippedDisplayFrames()} says how many. A live capture
     * polls the ring at half its length, so about half of each dump is skipped.
     */
    public FrameTimelineParser skippingSeen(SeenDisplayFrames seen) {
        position.skippingSeen(Objects.requireNonNull(seen, "seen"));
        return this;
    }

    /** Whether {@code b[s..e)}, after leading white space, starts with {@code Display Frame }. */
    private static boolean startsDisplayFrame(byte[] b, int s, int e) {
        while (s < e && isSpace(b[s])) {
            s++;
        }
        return s < e && b[s] == 'D' && startsWith(b, s, e, DISPLAY_FRAME_BYTES);
    }

    /** A SurfaceFrame's Token was read: when it is its display frame's first, the display frame may be skipped. */
    private void tokenRead(long value) {
        block.token(value);
        if (position.tokenRead(block.layer(), value)) {
            block.drop(); // neither handed on nor counted: it was, by the previous dump
            tally.skippedDisplayFrame();
            tally.token(value);
        }
    }

    /**
     * A cheap content sniff: true when the text's first non-blank line (past a {@link SurfaceFlingerLockWarning}) is
     * {@code Number of display frames : N} or {@code Display Frame N} (an empty {@code -jank} dump cannot be told from
     * an empty file).
     */
    public static boolean looksLikeFrameTimeline(String head) {
        if (head == null) {
            return false;
        }
        boolean first = true;
        for (String l : head.split("\r?\n", 50)) {
            String t = l.strip();
            if (t.isEmpty()) {
                continue;
            }
            if (first && SurfaceFlingerLockWarning.is(t)) {
                first = false;
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
            tally.header(parseInt(valueOf(t), -1));
            return;
        }
        if (t.startsWith(DISPLAY_FRAME + " ")) {
            displayFrame(t.contains(JANKY_MARK));
            return;
        }
        if (t.startsWith(LAYER)) {
            endSurfaceFrame();
            String name = t.substring(LAYER.length()).strip();
            if (name.endsWith(JANKY_MARK)) {
                name = name.substring(0, name.length() - JANKY_MARK.length()).strip();
            }
            beginSurfaceFrame(name);
            return;
        }
        if (isTableLine(t)) {
            if (!block.open() && t.startsWith(ACTUAL)) {
                displayFrameActuals(t.endsWith(NOT_AVAILABLE));
            }
            return;
        }
        int colon = t.indexOf(':');
        if (colon < 0) {
            tally.unknownLine();
            return;
        }
        String key = t.substring(0, colon).strip();
        String value = t.substring(colon + 1).strip();
        if (!block.open()) {
            if (!isDisplayFrameKey(key)) {
                tally.unknownLine();
            }
            return;
        }
        switch (key) {
            case "Token" -> {
                try {
                    tokenRead(Long.parseLong(value));
                } catch (NumberFormatException e) {
                    tally.unknownLine();
                }
            }
            case "Owner Pid" -> block.pid(parseInt(value, -1));
            case "Layer ID" -> block.layerId(parseInt(value, -1));
            case "Is Buffer?" -> block.buffer(value.equals("1"));
            case "Present State" -> block.presentState(value);
            case "Jank Type" -> block.jankTypes(splitTypes(value));
            case "Prediction State" -> block.predictionState(value);
            case "Finish Metadata" -> block.finishMetadata(value);
            default -> {
                if (!SURFACE_FRAME_IGNORED.contains(key)) {
                    tally.unknownLine();
                } // else read but not needed: times are relative, metadata is implied by the jank types
            }
        }
    }

    /**
     * Keys of a SurfaceFrame that are read but not needed. {@code Last expected present time}, {@code Jank Debug
     * Metadata}, {@code Jank Severity Score}, {@code Jank Severity Type} and {@code GPU Composition} are printed at
     * no release tag from android-12.0.0_r1 to android-16.0.0_r2 (inferred: later trees add them, docs/formats.md 5.3
     * rev 2); they are listed so that a newer SurfaceFlinger's dump is read without an "unknown line" warning.
     */
    private static final List<String> SURFACE_FRAME_IGNORED = List.of("Scheduled rendering rate", "Drop time",
            "Present Metadata", "Last latch time", "Last expected present time",
            "Present delta", "Jank Debug Metadata", "Jank Severity Score", "Jank Severity Type", "GPU Composition");
    /** Keys of a display frame (none is needed: the display frame's own verdict is not per app). */
    private static final List<String> DISPLAY_FRAME_KEYS = List.of("Prediction State", "Jank Type",
            "Present Metadata", "Finish Metadata", "Start Metadata", "Vsync Period", "Present delta",
            "Present delta % refreshrate", "Jank Debug Metadata", "Last expected present time", "Jank Severity Score",
            "Jank Severity Type");
    /**
     * A SurfaceFrame's keys: the eight it reads ({@link #TOKEN_KEY} … {@link #FINISH_METADATA_KEY}), then the ignored
     * ones.
     */
    private static final Words SURFACE_FRAME_KEYS = new Words(concat(List.of("Token", "Owner Pid", "Layer ID",
            "Is Buffer?", "Present State", "Jank Type", "Prediction State", "Finish Metadata"),
            SURFACE_FRAME_IGNORED));
    private static final int TOKEN_KEY = 0;
    private static final int OWNER_PID_KEY = 1;
    private static final int LAYER_ID_KEY = 2;
    private static final int IS_BUFFER_KEY = 3;
    private static final int PRESENT_STATE_KEY = 4;
    private static final int JANK_TYPE_KEY = 5;
    private static final int PREDICTION_STATE_KEY = 6;
    private static final int FINISH_METADATA_KEY = 7;
    private static final Words DISPLAY_FRAME_KEY_WORDS = new Words(DISPLAY_FRAME_KEYS);
    private static final String ACTUAL = "Actual";
    /** What {@code dumpTable} prints for a time that is not set; last on an {@code Actual} line: the present time. */
    private static final String NOT_AVAILABLE = "N/A";
    private static final byte[][] TABLE_STARTS = ascii(List.of("---", "Start time", "Expected", ACTUAL));
    private static final byte[] ACTUAL_BYTES = ascii(ACTUAL);
    private static final byte[] NOT_AVAILABLE_BYTES = ascii(NOT_AVAILABLE);
    private static final String TABLE_FIRST_LETTERS = "-SEA";
    private static final byte[] NUMBER_OF_DISPLAY_FRAMES_BYTES = ascii(NUMBER_OF_DISPLAY_FRAMES);
    private static final byte[] DISPLAY_FRAME_BYTES = ascii(DISPLAY_FRAME + " ");
    private static final byte[] LAYER_BYTES = ascii(LAYER);
    private static final byte[] JANKY_MARK_BYTES = ascii(JANKY_MARK);

    private static boolean isDisplayFrameKey(String key) {
        return DISPLAY_FRAME_KEYS.contains(key);
    }

    /**
     * Does what {@link #line} would do with the line {@code b[s..e)}, straight from its bytes, and returns true; or
     * returns false for {@link #line} to do it (a line that is not all ASCII, and the dump's header line). Every
     * dump line but one is taken here; at 144 Hz a live capture reads 4.5 dumps of 2 000 lines a second.
     */
    private boolean readAscii(byte[] b, int s, int e) {
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
        int colon = colonIfAscii(b, i, j);
        if (colon == NOT_ASCII) {
            return false; // the String path decides
        }
        byte first = b[i]; // most lines are keys: the prefixes below are only compared when the first letter fits
        if (first == 'N' && startsWith(b, i, j, NUMBER_OF_DISPLAY_FRAMES_BYTES)) {
            return false;
        }
        if (first == 'D' && startsWith(b, i, j, DISPLAY_FRAME_BYTES)) {
            displayFrame(indexOf(b, i, j, JANKY_MARK_BYTES) >= 0);
            return true;
        }
        if (first == 'L' && startsWith(b, i, j, LAYER_BYTES)) {
            endSurfaceFrame();
            int from = i + LAYER_BYTES.length;
            int to = j;
            if (to - from >= JANKY_MARK_BYTES.length && startsWith(b, to - JANKY_MARK_BYTES.length, to, JANKY_MARK_BYTES)) {
                to -= JANKY_MARK_BYTES.length;
                while (to > from && isSpace(b[to - 1])) {
                    to--;
                }
            }
            while (from < to && isSpace(b[from])) {
                from++;
            }
            beginSurfaceFrame(layers.of(b, from, to));
            return true;
        }
        if (TABLE_FIRST_LETTERS.indexOf(first) >= 0) {
            for (byte[] t : TABLE_STARTS) {
                if (startsWith(b, i, j, t)) {
                    if (!block.open() && first == 'A' && startsWith(b, i, j, ACTUAL_BYTES)) {
                        displayFrameActuals(j - i >= NOT_AVAILABLE_BYTES.length
                                && startsWith(b, j - NOT_AVAILABLE_BYTES.length, j, NOT_AVAILABLE_BYTES));
                    }
                    return true;
                }
            }
        }
        if (colon < 0) {
            tally.unknownLine();
            return true;
        }
        int keyEnd = colon;
        while (keyEnd > i && isSpace(b[keyEnd - 1])) {
            keyEnd--;
        }
        int v = colon + 1;
        while (v < j && isSpace(b[v])) {
            v++;
        }
        if (!block.open()) {
            if (!DISPLAY_FRAME_KEY_WORDS.contains(b, i, keyEnd)) {
                tally.unknownLine();
            }
            return true;
        }
        switch (SURFACE_FRAME_KEYS.indexOf(b, i, keyEnd)) {
            case TOKEN_KEY -> {
                try {
                    tokenRead(Long.parseLong(view.of(b, v, j), 0, j - v, 10));
                } catch (NumberFormatException ex) {
                    tally.unknownLine();
                }
            }
            case OWNER_PID_KEY -> block.pid(parseInt(view.of(b, v, j), -1));
            case LAYER_ID_KEY -> block.layerId(parseInt(view.of(b, v, j), -1));
            case IS_BUFFER_KEY -> block.buffer(j - v == 1 && b[v] == '1');
            case PRESENT_STATE_KEY -> block.presentState(presentStates.of(b, v, j));
            case JANK_TYPE_KEY -> {
                String value = jankTypeTexts.of(b, v, j);
                if (!value.equals(lastJankText)) {
                    lastJankText = value;
                    lastJankTypes = List.copyOf(splitTypes(value));
                }
                block.jankTypes(lastJankTypes);
            }
            case PREDICTION_STATE_KEY -> block.predictionState(predictionStates.of(b, v, j));
            case FINISH_METADATA_KEY -> block.finishMetadata(finishMetadatas.of(b, v, j));
            case Words.NONE -> tally.unknownLine();
            default -> {
                // read but not needed (SURFACE_FRAME_IGNORED)
            }
        }
        return true;
    }

    /** The prediction/actual table: header, {@code Expected|…}, {@code Actual|…} and the dashed rule. */
    private static boolean isTableLine(String t) {
        return t.startsWith("---") || t.startsWith("Start time") || t.startsWith("Expected") || t.startsWith("Actual");
    }

    /**
     * A display frame's own {@code Actual} line (before its SurfaceFrames): a present time of {@code N/A} means
     * SurfaceFlinger had not processed its present fence yet ({@code DisplayFrame::onPresent} sets it; docs/formats.md
     * C.4). SurfaceFlinger puts a display frame into the ring as soon as it is composed, so the newest one or two of
     * a dump are like that, and their SurfaceFrames still print {@code Jank Type : None} whatever they will be.
     */
    private void displayFrameActuals(boolean presentNotAvailable) {
        position.actuals(presentNotAvailable);
    }

    /** A {@code Display Frame N} line: the SurfaceFrame before it ends, a new display frame begins. */
    private void displayFrame(boolean janky) {
        endSurfaceFrame();
        tally.displayFrame(janky);
        position.displayFrame();
    }

    /** @param name the layer's name, without the {@code [*]} mark */
    private void beginSurfaceFrame(String name) {
        block.begin(name);
    }

    private void endSurfaceFrame() {
        if (!block.open()) {
            return;
        }
        position.surfaceFrameEnded(); // (a first SurfaceFrame without Token leaves its display frame without key)
        SurfaceFrameRecord record = block.close();
        if (record == null) {
            tally.unknownLine();
            return;
        }
        tally.token(block.token());
        if (position.pending()) {
            tally.pendingSurfaceFrame(); // its verdict is not final: a later dump hands it on
            return;
        }
        tally.surfaceFrame();
        consumer.accept(record);
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
        return parseInt((CharSequence) s.strip(), fallback);
    }

    private static int parseInt(CharSequence s, int fallback) {
        try {
            return Integer.parseInt(s, 0, s.length(), 10);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

}
