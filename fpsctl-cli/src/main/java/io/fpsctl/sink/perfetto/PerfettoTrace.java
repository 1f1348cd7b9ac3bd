package io.fpsctl.sink.perfetto;

import com.google.protobuf.CodedOutputStream;
import io.fpsctl.engine.FrameEngine;
import io.fpsctl.engine.FrameResult;
import io.fpsctl.engine.LiveWindow;
import io.fpsctl.engine.ResourceCounters;
import io.fpsctl.engine.ResourceUsage;
import io.fpsctl.sink.AtomicFile;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import perfetto.protos.BuiltinClockOuterClass.BuiltinClock;
import perfetto.protos.ClockSnapshotOuterClass.ClockSnapshot;
import perfetto.protos.CounterDescriptorOuterClass.CounterDescriptor;
import perfetto.protos.DebugAnnotationOuterClass.DebugAnnotation;
import perfetto.protos.TraceOuterClass.Trace;
import perfetto.protos.TracePacketOuterClass.TracePacket;
import perfetto.protos.TrackDescriptorOuterClass.TrackDescriptor;
import perfetto.protos.TrackEventOuterClass.TrackEvent;

/**
 * An engine listener that writes a Perfetto trace (TrackEvent protobuf, opens in ui.perfetto.dev) as frames arrive:
 * <ul>
 *   <li>one track per window or layer, with one slice per counted frame: IntendedVsync → FrameCompleted for
 *       rendered frames, previous actualPresent → actualPresent (the gap; one vsync interval for the first frame
 *       of a segment) for SurfaceFlinger frames. Frames of one window that overlap in time (a pipelined frame
 *       starts before the previous one completed) go to child tracks ("lanes"), since slices on one track must
 *       nest;</li>
 *   <li>debug annotations on every slice: {@code durationMs}, {@code dropped}; on janky frames also
 *       {@code dropLevel} and {@code mainCause} (slow frames), and the slice is named {@code janky frame};</li>
 *   <li>an {@code fps} counter track: one value per live window ({@code --window}) at its start; idle windows
 *       write no value (they are not 0 fps);</li>
 *   <li>resource counter tracks (docs/metrics.md section 13), one value per live window with resources at its
 *       start, on the same clock as the frames: {@code app CPU %}, {@code main thread CPU %},
 *       {@code RenderThread CPU %}, {@code RSS MB}, {@code PSS MB}, {@code thermal status}, {@code throttled}
 *       (0/1), {@code cpu policyN MHz}.</li>
 * </ul>
 * Timestamps are the device's own (CLOCK_MONOTONIC ns), and the trace says so: its first packet is a ClockSnapshot
 * with primary_trace_clock MONOTONIC and every event packet has timestamp_clock_id MONOTONIC. Write failures surface as {@link UncheckedIOException}.
 */
public final class PerfettoTrace implements FrameEngine.Listener, Closeable {
    private static final int SEQUENCE = 1;
    private static final String CATEGORY = "fpsctl";

    private final OutputStream stream;
    /** The file being written when this trace owns one (moved into place by {@link #close()}), else null. */
    private final AtomicFile.Pending file;
    private boolean failed;
    private final CodedOutputStream out;
    private final Map<String, Track> tracks = new HashMap<>();
    private long nextUuid = 1;
    private boolean first = true;
    private String run = "";
    private long fpsTrack;
    /** The resource counter tracks of the current run by name (docs/metrics.md section 13). */
    private final Map<String, Long> resourceTracks = new HashMap<>();

    /** One window or layer: its parent track and the lanes its frames are drawn on. */
    private static final class Track {
        final long uuid;
        final List<long[]> lanes = new ArrayList<>(); // {uuid, end of the last slice}

        Track(long uuid) {
            this.uuid = uuid;
        }
    }

    /** Writes to {@code stream}, which {@link #close()} closes. */
    public PerfettoTrace(OutputStream stream) {
        this(stream, null);
    }

    private PerfettoTrace(OutputStream stream, AtomicFile.Pending file) {
        this.stream = stream;
        this.file = file;
        this.out = CodedOutputStream.newInstance(stream, 1 << 16);
    }

    /**
     * A trace written to {@code file} (its folder is created): the bytes go to a temporary file that {@link #close()}
     * moves into place once every packet is written, so the file is a whole trace or is left as it was (a full disk
     * mid-run, a JVM killed) — never a truncated one.
     */
    public static PerfettoTrace create(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        AtomicFile.Pending pending = AtomicFile.open(file);
        return new PerfettoTrace(new BufferedOutputStream(pending, 1 << 16), pending);
    }

    /** Names the run the following frames belong to (several files in one trace); tracks get it as prefix. */
    public void startRun(String label) {
        run = label == null || label.isEmpty() ? "" : label + ": ";
        fpsTrack = 0;
        resourceTracks.clear();
    }

    @Override
    public void frame(FrameResult r) {
        long end = r.end();
        long start;
        if (r.source().presented()) {
            start = end - (r.duration() >= 0 ? r.duration() : r.interval());
        } else {
            start = r.time();
        }
        if (end < start) {
            end = start;
        }
        long lane = lane(r.window(), start, end);
        TrackEvent.Builder begin = TrackEvent.newBuilder()
                .setType(TrackEvent.Type.TYPE_SLICE_BEGIN)
                .setTrackUuid(lane)
                .addCategories(CATEGORY)
                .setName(r.janky() ? "janky frame" : r.timed() ? "frame" : "frame (untimed)");
        if (r.duration() >= 0) {
            begin.addDebugAnnotations(annotation("durationMs").setDoubleValue(r.duration() / 1e6));
        }
        begin.addDebugAnnotations(annotation("dropped").setIntValue(r.dropped()));
        if (r.janky()) {
            begin.addDebugAnnotations(annotation("dropLevel").setStringValue(r.dropLevel().key()));
        }
        if (r.janky() && r.slow()) {
            begin.addDebugAnnotations(annotation("mainCause").setStringValue(r.mainCauseKey()));
        }
        packet(start, begin);
        packet(end, TrackEvent.newBuilder().setType(TrackEvent.Type.TYPE_SLICE_END).setTrackUuid(lane));
    }

    @Override
    public void window(LiveWindow w) {
        resources(w.startNs(), w.resources());
        if (w.stats().idle() || w.stats().fps() == null) {
            return;
        }
        if (fpsTrack == 0) {
            fpsTrack = nextUuid++;
            descriptor(TrackDescriptor.newBuilder().setUuid(fpsTrack).setName(run + "fps")
                    .setCounter(CounterDescriptor.getDefaultInstance()));
        }
        packet(w.startNs(), TrackEvent.newBuilder().setType(TrackEvent.Type.TYPE_COUNTER).setTrackUuid(fpsTrack)
                .setDoubleCounterValue(w.stats().fps()));
    }

    /**
     * A live window's resources (docs/metrics.md 13 rule 8) as counter values at its start, like fps: app, main thread
     * and RenderThread CPU (% of one core), RSS and PSS (MB of 1024 kB), the thermal status (0–6), throttled (0/1)
     * and each cpufreq policy's current frequency (MHz; an unknown one, 0 kHz, is left out). An unknown figure
     * writes no value; a window without resources writes none.
     */
    private void resources(long startNs, ResourceUsage u) {
        if (u == null) {
            return;
        }
        counter(startNs, "app CPU %", u.appCpu());
        counter(startNs, "main thread CPU %", u.mainCpu());
        counter(startNs, "RenderThread CPU %", u.renderThreadCpu());
        counter(startNs, "RSS MB", u.rssKb() == null ? null : u.rssKb() / 1024.0);
        counter(startNs, "PSS MB", u.pssKb() == null ? null : u.pssKb() / 1024.0);
        counter(startNs, "thermal status", u.thermalStatus() == null ? null : u.thermalStatus().doubleValue());
        counter(startNs, "throttled", u.throttled() == null ? null : u.throttled() ? 1.0 : 0.0);
        for (ResourceCounters.Frequency f : u.frequencies()) {
            if (f.known()) {
                counter(startNs, "cpu policy" + f.policy() + " MHz", f.curKhz() / 1000.0);
            }
        }
        io.fpsctl.engine.LoadUsage l = u.load();
        if (l != null) { // docs/metrics.md 14: unknown figures (and a charging phone's drain) write no value
            counter(startNs, "GPU %", l.gpuPercent());
            counter(startNs, "GPU MHz", l.gpuMhz());
            counter(startNs, "battery drain mW", l.powerMw());
            counter(startNs, "app rx kB", l.appRxBytes() == null ? null : l.appRxBytes() / 1024.0);
            counter(startNs, "app tx kB", l.appTxBytes() == null ? null : l.appTxBytes() / 1024.0);
            counter(startNs, "device rx kB", l.deviceRxBytes() == null ? null : l.deviceRxBytes() / 1024.0);
            counter(startNs, "device tx kB", l.deviceTxBytes() == null ? null : l.deviceTxBytes() / 1024.0);
            counter(startNs, "app GPU ms", l.appGpuMs()); // rule 10: dumpsys gpu --gpuwork, Android 13+
        }
    }

    private void counter(long timestampNs, String name, Double value) {
        if (value == null) {
            return;
        }
        Long uuid = resourceTracks.get(name);
        if (uuid == null) {
            uuid = nextUuid++;
            resourceTracks.put(name, uuid);
            descriptor(TrackDescriptor.newBuilder().setUuid(uuid).setName(run + name)
                    .setCounter(CounterDescriptor.getDefaultInstance()));
        }
        packet(timestampNs, TrackEvent.newBuilder().setType(TrackEvent.Type.TYPE_COUNTER).setTrackUuid(uuid)
                .setDoubleCounterValue(value));
    }

    @Override
    public boolean wantsWindows() {
        return true;
    }

    /** The first lane of {@code window} free at {@code start}; a new lane when every lane is still busy. */
    private long lane(String window, long start, long end) {
        Track t = tracks.get(run + window);
        if (t == null) {
            t = new Track(nextUuid++);
            tracks.put(run + window, t);
            descriptor(TrackDescriptor.newBuilder().setUuid(t.uuid).setName(run + window));
        }
        for (long[] lane : t.lanes) {
            if (lane[1] <= start) {
                lane[1] = end;
                return lane[0];
            }
        }
        long uuid = nextUuid++;
        t.lanes.add(new long[] {uuid, end});
        descriptor(TrackDescriptor.newBuilder().setUuid(uuid).setParentUuid(t.uuid)
                .setName(t.lanes.size() == 1 ? "frames" : "frames (overlapping " + t.lanes.size() + ")"));
        return uuid;
    }

    private static DebugAnnotation.Builder annotation(String name) {
        return DebugAnnotation.newBuilder().setName(name);
    }

    private void descriptor(TrackDescriptor.Builder track) {
        write(header().setTrackDescriptor(track));
    }

    /** An event at a device time: CLOCK_MONOTONIC, said on every packet (a packet without a clock is BOOTTIME). */
    private void packet(long timestampNs, TrackEvent.Builder event) {
        write(header().setTimestamp(timestampNs)
                .setTimestampClockId(BuiltinClock.BUILTIN_CLOCK_MONOTONIC_VALUE).setTrackEvent(event));
    }

    /**
     * A packet of fpsctl's sequence. The first packet of the trace declares its time domain: a ClockSnapshot whose
     * primary_trace_clock is MONOTONIC, the clock of every dumpsys timestamp fpsctl reads, so that a viewer shows
     * device times as they are instead of reading them as BOOTTIME (which runs ahead by the time spent suspended).
     */
    private TracePacket.Builder header() {
        TracePacket.Builder p = TracePacket.newBuilder().setTrustedPacketSequenceId(SEQUENCE);
        if (first) {
            first = false;
            write(TracePacket.newBuilder().setTrustedPacketSequenceId(SEQUENCE)
                    .setSequenceFlags(TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE)
                    .setClockSnapshot(ClockSnapshot.newBuilder()
                            .setPrimaryTraceClock(BuiltinClock.BUILTIN_CLOCK_MONOTONIC)));
        }
        return p;
    }

    /** One {@code Trace.packet} (trace.proto): the file is a {@code Trace} written packet by packet. */
    private void write(TracePacket.Builder packet) {
        try {
            out.writeMessage(Trace.PACKET_FIELD_NUMBER, packet.build());
        } catch (IOException e) {
            failed = true;
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Flushes everything written and closes the stream; a trace written to a file is moved into place, unless a
     * write failed (then the file is left as it was and the failure is thrown).
     */
    @Override
    public void close() throws IOException {
        try {
            if (failed) {
                throw new java.nio.file.FileSystemException(file == null ? "the trace" : file.target().toString(), null,
                        "the trace could not be written whole (the file was left as it was)");
            }
            out.flush();
            stream.flush();
            if (file != null) {
                file.commit();
            }
        } finally {
            stream.close();
        }
    }
}
