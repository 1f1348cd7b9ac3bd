package io.fpsctl.sim.device;

import io.fpsctl.sim.device.frames.HwuiFrame;
import io.fpsctl.sim.device.frames.LayerFrame;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Streams the ground truth — every frame the simulated device produced — into dumps fpsctl itself can read.
 * Given the path {@code t.txt}:
 *
 * <ul>
 *   <li>{@code t.txt} – the first hwui window; {@code t.w1.txt}, {@code t.w2.txt}, … – further windows. Each
 *       file is one framestats block of that window with ALL its frames, in the emulated version's column set
 *       and header (incl. the 12–15 label swap):
 *       <pre>
 * Window: &lt;title&gt;
 *
 * ---PROFILEDATA---
 * Flags,IntendedVsync,…,
 * 0,3600016666666,…,
 * …
 * ---PROFILEDATA---
 *       </pre>
 *       Rows are appended as frames complete; the closing marker is written by {@link #close()} (a reader of
 *       a still-running sim's file must accept its absence).</li>
 *   <li>{@code t.<layer>.latency} – per SurfaceFlinger layer with buffers, a {@code --latency}-style list:
 *       the refresh period (ns) at the first buffer, then one {@code desired\tactual\tready} row per presented
 *       buffer, all of them (not just 127), final values only. Layers: {@code app} (first window's layer),
 *       {@code app-w1}, … and {@code surfaceview} (the game layer, invisible to gfxinfo).</li>
 *
 *   <li>{@code t.frametimeline.tsv} – Android 12+: one line per SurfaceFrame SurfaceFlinger's FrameTimeline
 *       retained, {@code token\tlayerKey\townerPid\tpresentState\tjankType\tisBuffer\tpredictionState\tfinishMetadata}
 *       after a header line, the strings exactly as the emulated version prints them (e.g. {@code App Deadline
 *       Missed, Buffer Stuffing}, {@code Expired}, {@code Late Finish}); layer keys as above plus
 *       {@code surfaceview-container} (bufferless transactions of the SurfaceView's container layer).</li>
 *   <li>{@code t.frametimeline-dumps.tsv} – Android 12+: one line per {@code dumpsys SurfaceFlinger --frametimeline
 *       -all}, {@code uptimeNs\tfinalBufferSurfaceFrames} after a header line: when it was printed and the buffer
 *       SurfaceFrames it showed with their present processed, as comma-separated {@code layerKey:token} (what a
 *       poll at that moment could join; a SurfaceFrame in no line was never readable with its verdict).</li>
 *   <li>{@code t.flutter.tsv} – Flutter scenarios (docs/metrics.md 16): one line per Flutter frame the engine rasterized
 *       (presented or dropped), {@code number\tvsyncStart\tbuildStart\tbuildFinish\trasterStart\trasterFinish\tactualPresent}
 *       (device monotonic ns) after a header line: the engine's {@code FrameTiming} phases and the present time of
 *       the frame's buffer on the {@code surfaceview} layer (a texture app's: the window frame that showed it); {@code -1} for a frame whose buffer was dropped
 *       (replaced before it was presented: {@code FlutterSpec#dropEveryFrames}).</li>
 *   <li>{@code t.resources.jsonl} – one JSON object per read of the app's {@code /proc} stat files (docs/metrics.md 13):
 *       {@link ResourceTruth} (uptime ns, pid, every thread's exact CPU ns and printed ticks, the process's ticks,
 *       each cpufreq policy's current and maximum kHz, thermal status, RSS and PSS in kB).</li>
 *   <li>{@code t.load.jsonl} – one JSON object per command that read the GPU, battery or network files
 *       (docs/metrics.md 14), and one per read of {@code /proc/uptime} (part {@code uptime}): {@link LoadTruth}
 *       (uptime ns, which part, and what it printed).</li>
 * </ul>
 * A frame is written once its values are final (hwui: FrameCompleted and GpuCompleted passed; SurfaceFlinger:
 * present and acquire fences signalled); buffers are flushed after every batch. I/O errors stop writing and
 * are reported by {@link #checkError()} instead of breaking the device.
 */
public final class TruthWriter implements FrameObserver, Closeable {

    private final Path base;
    private final FramestatsFormatter formatter;
    private final Map<String, Writer> writers = new LinkedHashMap<>();
    private final Map<String, Path> files = new LinkedHashMap<>();
    private final StringBuilder row = new StringBuilder(512);
    private IOException error;
    private boolean closed;

    private TruthWriter(Path base, AndroidVersion version) {
        this.base = base;
        this.formatter = new FramestatsFormatter(version);
    }

    /** A writer for truth files next to {@code base} (see class doc); files are created on first use. */
    public static TruthWriter open(Path base, AndroidVersion version) throws IOException {
        Path parent = base.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        return new TruthWriter(base, version);
    }

    /** The file for a hwui window index. */
    public Path windowFile(int windowIndex) {
        return windowIndex == 0 ? base : sibling(".w" + windowIndex + extension());
    }

    /** The file for a logical SurfaceFlinger layer key ({@code app}, {@code app-w1}, {@code surfaceview}). */
    public Path layerFile(String layerKey) {
        return sibling("." + layerKey + ".latency");
    }

    /** Files written so far, by key ({@code window0}, {@code window1}, … and layer keys). */
    public synchronized Map<String, Path> files() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(files));
    }

    @Override
    public synchronized void hwuiFrame(int windowIndex, String title, HwuiFrame frame) {
        Writer w = writer("window" + windowIndex, windowFile(windowIndex),
                "Window: " + title + FramestatsFormatter.OPEN + formatter.header());
        row.setLength(0);
        row.append('\n');
        formatter.appendRow(row, frame);
        write(w, row);
    }

    @Override
    public synchronized void layerFrame(String layerKey, long periodNs, LayerFrame frame) {
        Writer w = writer(layerKey, layerFile(layerKey), periodNs + "\n");
        row.setLength(0);
        row.append(frame.desiredPresent()).append('\t').append(frame.actualPresent()).append('\t')
                .append(frame.frameReady()).append('\n');
        write(w, row);
    }

    /** The Flutter truth file (see class doc). */
    public Path flutterFile() {
        return sibling(".flutter.tsv");
    }

    @Override
    public synchronized void flutterFrame(io.fpsctl.sim.device.frames.FlutterFrameTiming f) {
        Writer w = writer("flutter", flutterFile(),
                "number\tvsyncStart\tbuildStart\tbuildFinish\trasterStart\trasterFinish\tactualPresent\n");
        row.setLength(0);
        row.append(f.number()).append('\t').append(f.vsyncStart()).append('\t').append(f.buildStart()).append('\t')
                .append(f.buildFinish()).append('\t').append(f.rasterStart()).append('\t').append(f.rasterFinish())
                .append('\t').append(f.actualPresent()).append('\n');
        write(w, row);
    }

    /** The FrameTimeline truth file (see class doc). */
    public Path frameTimelineFile() {
        return sibling(".frametimeline.tsv");
    }

    @Override
    public synchronized void surfaceFrame(SurfaceFrameTruth s) {
        Writer w = writer("frametimeline", frameTimelineFile(), "token\tlayerKey\townerPid\tpresentState\tjankType"
                + "\tisBuffer\tpredictionState\tfinishMetadata\n");
        row.setLength(0);
        row.append(s.token()).append('\t').append(s.layerKey()).append('\t').append(s.ownerPid()).append('\t')
                .append(s.presentState()).append('\t').append(s.jankType()).append('\t')
                .append(s.buffer() ? 1 : 0).append('\t').append(s.predictionState()).append('\t')
                .append(s.finishMetadata()).append('\n');
        write(w, row);
    }

    /** The FrameTimeline dumps truth file (see class doc). */
    public Path frameTimelineDumpsFile() {
        return sibling(".frametimeline-dumps.tsv");
    }

    @Override
    public synchronized void frameTimelineDump(long uptimeNs, java.util.List<String> finalBufferFrames) {
        Writer w = writer("frametimeline-dumps", frameTimelineDumpsFile(), "uptimeNs\tfinalBufferSurfaceFrames\n");
        row.setLength(0);
        row.append(uptimeNs).append('\t').append(String.join(",", finalBufferFrames)).append('\n');
        write(w, row);
    }

    /** The resources truth file (see class doc). */
    public Path resourcesFile() {
        return sibling(".resources.jsonl");
    }

    @Override
    public synchronized void resources(ResourceTruth truth) {
        Writer w = writer("resources", resourcesFile(), "");
        try {
            write(w, JSON.writeValueAsString(truth) + "\n");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            fail(new IOException(e));
        }
    }

    /** The GPU, battery and network truth file (docs/metrics.md 14): one {@link LoadTruth} per read. */
    public Path loadFile() {
        return sibling(".load.jsonl");
    }

    @Override
    public synchronized void load(LoadTruth truth) {
        Writer w = writer("load", loadFile(), "");
        try {
            write(w, JSON.writeValueAsString(truth) + "\n");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            fail(new IOException(e));
        }
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
            new com.fasterxml.jackson.databind.ObjectMapper();

    @Override
    public synchronized void flush() {
        for (Writer w : writers.values()) {
            try {
                w.flush();
            } catch (IOException e) {
                fail(e);
            }
        }
    }

    /** Throws the first I/O error that stopped the writer, if any. */
    public synchronized void checkError() throws IOException {
        if (error != null) {
            throw error;
        }
    }

    /** Writes the closing PROFILEDATA markers and closes every file. */
    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        for (Map.Entry<String, Writer> e : writers.entrySet()) {
            try {
                if (e.getKey().startsWith("window")) {
                    e.getValue().write(FramestatsFormatter.CLOSE);
                }
                e.getValue().close();
            } catch (IOException ex) {
                fail(ex);
            }
        }
        checkError();
    }

    private Writer writer(String key, Path file, String preamble) {
        Writer w = writers.get(key);
        if (w != null || error != null || closed) {
            return w;
        }
        try {
            w = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16);
            w.write(preamble);
            writers.put(key, w);
            files.put(key, file);
        } catch (IOException e) {
            fail(e);
            return null;
        }
        return w;
    }

    private void write(Writer w, CharSequence text) {
        if (w == null || error != null || closed) {
            return;
        }
        try {
            w.append(text);
        } catch (IOException e) {
            fail(e);
        }
    }

    private void fail(IOException e) {
        if (error == null) {
            error = e;
        }
    }

    private String extension() {
        String name = base.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(dot) : "";
    }

    private Path sibling(String suffix) {
        String name = base.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        return base.resolveSibling(stem + suffix);
    }
}
