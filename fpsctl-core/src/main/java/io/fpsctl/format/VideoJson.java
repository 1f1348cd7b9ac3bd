package io.fpsctl.format;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code video.json}: the screen recording kept beside a run's files ({@code --record}; docs/report.md "Screen recordings"), one
 * schema for its writer and its reader. Every time is the device's CLOCK_MONOTONIC in ns, the clock of
 * {@code frames.csv}; a file's video time {@code s} is device time {@code firstFrameNs + s * 1e9}.
 *
 * <pre>
 * {"version": 1,
 *  "clock": "winscope-boottime-minus-suspended",   // how the files were placed on the device clock
 *  "suspendedNs": 12345000000,                      // gfxinfo Realtime - Uptime (null: not read)
 *  "errorBoundMs": 1,
 *  "end": "stopped" | "device-lost" | "failed",
 *  "endNote": "…" | null,                           // e.g. why the last file is missing
 *  "files": [{"file": "video-1.mp4", "firstFrameNs": 3600…, "lastFrameNs": 3610…, "frames": 300}]}
 * </pre>
 * A file whose times could not be read (no Winscope block) has null first/last times: it is kept, not placed.
 */
public final class VideoJson {
    public static final String FILE = "video.json";
    public static final String CLOCK = "winscope-boottime-minus-suspended";
    public static final String VERSION = "version";
    public static final String K_CLOCK = "clock";
    public static final String SUSPENDED_NS = "suspendedNs";
    public static final String ERROR_BOUND_MS = "errorBoundMs";
    public static final String END = "end";
    public static final String END_NOTE = "endNote";
    public static final String FILES = "files";
    public static final String F_FILE = "file";
    public static final String F_FIRST = "firstFrameNs";
    public static final String F_LAST = "lastFrameNs";
    public static final String F_FRAMES = "frames";
    /** The error bound of the placement: gfxinfo's Uptime and Realtime are whole milliseconds. */
    public static final double ERROR_BOUND_MS_VALUE = 1;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** One MP4 file of a recording. {@code firstFrameNs}/{@code lastFrameNs} are null when not placed. */
    public record VideoFile(String file, Long firstFrameNs, Long lastFrameNs, int frames) {
        public VideoFile {
            if (file.contains("/") || file.contains("\\") || file.startsWith(".")) {
                throw new IllegalArgumentException("not a file name beside video.json: " + file);
            }
        }
    }

    /** A run's recording. {@code end}: stopped, device-lost or failed. */
    public record Recording(Long suspendedNs, String end, String endNote, List<VideoFile> files) {
        public Recording {
            files = List.copyOf(files);
        }

        /** The device time (ns) where the last placed file ends, or null. */
        public Long endsAtNs() {
            Long last = null;
            for (VideoFile f : files) {
                if (f.lastFrameNs() != null) {
                    last = f.lastFrameNs();
                }
            }
            return last;
        }
    }

    private VideoJson() {
    }

    public static void write(Recording r, Writer out) throws IOException {
        try (JsonGenerator g = MAPPER.getFactory().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeNumberField(VERSION, 1);
            g.writeStringField(K_CLOCK, CLOCK);
            if (r.suspendedNs() == null) {
                g.writeNullField(SUSPENDED_NS);
            } else {
                g.writeNumberField(SUSPENDED_NS, r.suspendedNs());
            }
            g.writeNumberField(ERROR_BOUND_MS, ERROR_BOUND_MS_VALUE);
            g.writeStringField(END, r.end());
            g.writeStringField(END_NOTE, r.endNote());
            g.writeArrayFieldStart(FILES);
            for (VideoFile f : r.files()) {
                g.writeStartObject();
                g.writeStringField(F_FILE, f.file());
                writeLong(g, F_FIRST, f.firstFrameNs());
                writeLong(g, F_LAST, f.lastFrameNs());
                g.writeNumberField(F_FRAMES, f.frames());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    /** Reads {@code folder/video.json}; null when there is none. */
    public static Recording read(Path folder) throws IOException {
        Path file = folder.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        if (Files.size(file) > 16L << 20) {
            throw new IOException(file + " is larger than 16 MB: not a video.json fpsctl wrote");
        }
        JsonNode root = MAPPER.readTree(file.toFile());
        if (root == null || root.path(VERSION).asInt() != 1 || !root.path(FILES).isArray()) {
            throw new IOException(file + " is not a video.json fpsctl wrote (version 1)");
        }
        List<VideoFile> files = new ArrayList<>();
        for (JsonNode f : root.path(FILES)) {
            try {
                files.add(new VideoFile(f.path(F_FILE).asText(), longOrNull(f.get(F_FIRST)),
                        longOrNull(f.get(F_LAST)), f.path(F_FRAMES).asInt()));
            } catch (IllegalArgumentException e) {
                throw new IOException(file + ": " + e.getMessage(), e);
            }
        }
        return new Recording(longOrNull(root.get(SUSPENDED_NS)), root.path(END).asText("stopped"),
                root.path(END_NOTE).isTextual() ? root.path(END_NOTE).asText() : null, files);
    }

    private static void writeLong(JsonGenerator g, String key, Long v) throws IOException {
        if (v == null) {
            g.writeNullField(key);
        } else {
            g.writeNumberField(key, v);
        }
    }

    private static Long longOrNull(JsonNode n) {
        return n == null || !n.canConvertToLong() || n.isNull() ? null : n.asLong();
    }
}
