package io.fpsctl.android;

import io.fpsctl.text.LineReader;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Parses {@code dumpsys SurfaceFlinger --list}: one layer name per line (docs/formats.md 5.2). Android 15
 * prints each layer as {@code RequestedLayerState{<name> parentId=… z=… …}}; that wrapper is stripped so
 * the result is always the plain name {@code --latency} expects. Blank lines are dropped; surrounding
 * whitespace and CR are trimmed. A {@link SurfaceFlingerLockWarning} as the first non-blank line is not a layer and
 * is dropped (Android 10 to 14 print it there when the dump ran without SurfaceFlinger's state lock).
 */
public final class LayerList {

    private static final String WRAPPER_START = "RequestedLayerState{";
    private static final String WRAPPER_END = "}";
    /**
     * The attributes {@code RequestedLayerState::getDebugString()} appends after the name, each preceded by
     * a space: parentId, relativeParentId, mirrorId (a list such as <code>{12,13,}</code>), !handle, z,
     * layerStack. Some builds print no closing brace after them.
     */
    private static final Pattern WRAPPER_ATTRIBUTE = Pattern.compile(
            "(?:parentId|relativeParentId|z|layerStack)=-?[0-9]+|mirrorId=\\S*|!handle");

    /** Longest line kept; longer lines are cut (layer names are far shorter). */
    private static final int MAX_LINE_CHARS = 8192;

    /** {@code dumpsys SurfaceFlinger --list}: one layer name a line. */
    public static final String COMMAND = "dumpsys SurfaceFlinger --list";

    private LayerList() {
    }

    /** Layer names in the order printed. {@code in} is not closed. */
    public static List<String> parse(Reader in) throws IOException {
        LineReader lines = new LineReader(in, MAX_LINE_CHARS);
        List<String> names = new ArrayList<>();
        String line;
        boolean first = true;
        while ((line = lines.readLine()) != null) {
            String name = layerName(line);
            if (name.isEmpty()) {
                continue;
            }
            if (first && SurfaceFlingerLockWarning.is(name)) {
                first = false;
                continue;
            }
            first = false;
            names.add(name);
        }
        return Collections.unmodifiableList(names);
    }

    /** Layer names of a whole {@code --list} output held in memory. */
    public static List<String> parse(String text) {
        try {
            return parse(new StringReader(text));
        } catch (IOException impossible) {
            throw new UncheckedIOException(impossible);
        }
    }

    /**
     * The layer name on one {@code --list} line: trimmed, and with an Android 15
     * {@code RequestedLayerState{<name> attr=… …}} wrapper removed (the closing brace is optional). Other
     * lines are returned trimmed.
     */
    public static String layerName(String line) {
        String text = line.strip();
        if (!text.startsWith(WRAPPER_START)) {
            return text;
        }
        String inner = text.substring(WRAPPER_START.length());
        if (inner.endsWith(WRAPPER_END)) {
            inner = inner.substring(0, inner.length() - WRAPPER_END.length());
        }
        int end = inner.length();
        while (true) {
            int space = inner.lastIndexOf(' ', end - 1);
            if (space < 0 || !WRAPPER_ATTRIBUTE.matcher(inner.substring(space + 1, end)).matches()) {
                break;
            }
            end = space;
        }
        return inner.substring(0, end).strip();
    }
}
