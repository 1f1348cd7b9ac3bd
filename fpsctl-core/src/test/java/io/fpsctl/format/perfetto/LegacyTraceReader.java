package io.fpsctl.format.perfetto;

import com.android.internal.FrameworksNativeTracePacketOuterClass;
import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameTimelineEvent;
import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameworksNativeTracePacket;
import com.google.protobuf.ByteString;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.ExtensionRegistryLite;
import com.google.protobuf.InvalidProtocolBufferException;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import java.util.zip.ZipException;
import perfetto.protos.ClockSnapshotOuterClass.ClockSnapshot;
import perfetto.protos.FtraceEventBundleOuterClass.FtraceClock;
import perfetto.protos.FtraceEventBundleOuterClass.FtraceEventBundle;
import perfetto.protos.FtraceEventOuterClass.FtraceEvent;
import perfetto.protos.ProcessTreeOuterClass.ProcessTree;
import perfetto.protos.SystemInfoOuterClass.SystemInfo;
import perfetto.protos.TracePacketDefaultsOuterClass.TracePacketDefaults;
import perfetto.protos.TracePacketOuterClass.TracePacket;

/**
 * The trace reader as it was before {@link PerfettoTraceReader} walked packets in place (git 2f27324): every
 * FrameTimeline event and ftrace bundle parsed with its generated class. Kept in the test sources only as the
 * yardstick {@code LegacyTraceReaderComparisonTest} holds the streaming decoders to — the same {@link TraceContents},
 * or the same error, on every trace the tests build and on mutants of them. Its FrameTimeline mapping (the generated
 * getters to {@link TraceCollector.Start}) is the collector's code of that revision. Four rules were added since, the
 * same as the streaming reader's, so that the comparison goes on comparing the decoding: nested
 * {@code compressed_packets} and an ftrace bundle on an unknown clock refused (with the streaming reader's message), a
 * known packet field with another wire type skipped, TrackEvent packets counted; its {@code print} bytes go to the
 * shared {@link TraceCollector} (docs/metrics.md 15.1).
 */
public final class LegacyTraceReader {

    /** The largest packet read (Perfetto's own packets are far smaller; a bigger length means a broken file). */
    static final int MAX_PACKET_BYTES = 64 << 20;
    /** The gzip magic (RFC 1952). */
    private static final int GZIP_1 = 0x1f;
    private static final int GZIP_2 = 0x8b;
    /** {@code Trace.packet = 1}, length-delimited: the tag byte every trace starts with. */
    private static final int TRACE_PACKET_TAG = (1 << 3) | 2;

    private static final ExtensionRegistryLite REGISTRY = registry();

    private final String name;
    private final TraceCollector out;
    private long packets;
    private boolean inCompressed;

    private LegacyTraceReader(String name, TraceCollector out) {
        this.name = name;
        this.out = out;
    }

    private static ExtensionRegistryLite registry() {
        com.google.protobuf.ExtensionRegistry r = com.google.protobuf.ExtensionRegistry.newInstance();
        FrameworksNativeTracePacketOuterClass.registerAllExtensions(r);
        return r.getUnmodifiable();
    }

    /** Reads {@code file} (gzip'd or not). */
    public static TraceContents read(Path file) throws IOException, PerfettoTraceException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toString());
        }
    }

    /** Reads a trace from {@code raw} (gzip'd or not) to its end; {@code name} names it in messages. */
    public static TraceContents read(InputStream raw, String name) throws IOException, PerfettoTraceException {
        BufferedInputStream in = new BufferedInputStream(raw, 1 << 16);
        in.mark(2);
        int b1 = in.read();
        int b2 = in.read();
        in.reset();
        if (b1 < 0) {
            throw new PerfettoTraceException(name + ": empty file, not a Perfetto trace");
        }
        InputStream body = in;
        if (b1 == GZIP_1 && b2 == GZIP_2) {
            body = new BufferedInputStream(new GZIPInputStream(in, 1 << 16), 1 << 16);
        }
        TraceCollector collector = new TraceCollector(name);
        LegacyTraceReader reader = new LegacyTraceReader(name, collector);
        try {
            reader.readTrace(body, true);
        } catch (ZipException e) {
            throw new PerfettoTraceException(name + ": the gzip data is broken (" + e.getMessage()
                    + "): copy the trace again");
        } catch (EOFException e) {
            throw new PerfettoTraceException(name + ": the gzip data ends early: copy the trace again");
        }
        if (reader.packets == 0) {
            throw new PerfettoTraceException(name + ": no trace packet in the file: not a Perfetto trace");
        }
        return collector.finish(reader.packets);
    }

    /**
     * True when {@code head} starts like a trace: gzip's magic, or the tag of {@code Trace.packet} with a plausible
     * length whose bytes (when {@code head} holds them) decode as a {@code TracePacket} followed by the next packet's
     * tag or the end — a text dump that starts with a line feed (the same byte as the tag) fails that.
     */
    public static boolean looksLikeTrace(byte[] head, int length) {
        if (length >= 2 && (head[0] & 0xff) == GZIP_1 && (head[1] & 0xff) == GZIP_2) {
            return true;
        }
        if (length < 2 || head[0] != TRACE_PACKET_TAG) {
            return false;
        }
        long len = 0;
        int shift = 0;
        int i = 1;
        for (; i < Math.min(length, 11); i++) {
            int b = head[i] & 0xff;
            len |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                break;
            }
            shift += 7;
        }
        if (i >= Math.min(length, 11) || len <= 0 || len > MAX_PACKET_BYTES) {
            return false;
        }
        int start = i + 1;
        if (start + len > length) {
            return true; // a first packet bigger than the head: the tag and length are all there is to go by
        }
        if (start + len < length && head[(int) (start + len)] != TRACE_PACKET_TAG) {
            return false;
        }
        try {
            TracePacket.parseFrom(CodedInputStream.newInstance(head, start, (int) len), REGISTRY);
            return true;
        } catch (IOException e) {
            return false; // InvalidProtocolBufferException: not a packet
        }
    }

    /**
     * Reads a {@code Trace} message from {@code in} to its end. {@code top}: the file itself (a cut last packet is a
     * warning) rather than the inside of {@code compressed_packets} (where it is an error).
     */
    private void readTrace(InputStream raw, boolean top) throws IOException, PerfettoTraceException {
        Bytes in = new Bytes(raw);
        long offset = 0;
        while (true) {
            long tag = readVarint(in, true);
            if (tag == -1) {
                return; // clean end
            }
            if (tag == -3) {
                throw new PerfettoTraceException(name + ": byte " + offset + " is not protobuf: not a Perfetto trace, "
                        + "or a broken one");
            }
            if (tag == -2) {
                truncated(top, offset);
                return;
            }
            offset += varintSize(tag);
            int field = (int) (tag >>> 3);
            int wire = (int) (tag & 7);
            if (packets == 0 && top && tag != TRACE_PACKET_TAG) {
                throw new PerfettoTraceException(name + ": not a Perfetto trace (it does not start with a trace "
                        + "packet): give a .perfetto-trace / .pftrace file, or a gzip of one");
            }
            switch (wire) {
                case 0 -> {
                    long v = readVarint(in, false);
                    if (v == -2) {
                        truncated(top, offset);
                        return;
                    }
                    offset += varintSize(v);
                }
                case 1, 5 -> {
                    int n = wire == 1 ? 8 : 4;
                    if (in.skip(n) < n) {
                        truncated(top, offset);
                        return;
                    }
                    offset += n;
                }
                case 2 -> {
                    long len = readVarint(in, false);
                    if (len == -2) {
                        truncated(top, offset);
                        return;
                    }
                    offset += varintSize(len);
                    if (len < 0 || len > MAX_PACKET_BYTES) {
                        throw new PerfettoTraceException(name + ": a packet at byte " + offset + " claims " + len
                                + " bytes: not a Perfetto trace, or a broken one");
                    }
                    byte[] bytes = new byte[(int) len];
                    if (in.readFully(bytes) < len) {
                        truncated(top, offset);
                        return;
                    }
                    if (field == 1) {
                        packet(bytes, offset);
                    } // other fields of Trace: unknown, skipped
                    offset += len;
                }
                default -> throw new PerfettoTraceException(name + ": byte " + offset + " is not protobuf (wire type "
                        + wire + "): not a Perfetto trace, or a broken one");
            }
        }
    }

    private void truncated(boolean top, long offset) throws PerfettoTraceException {
        if (!top) {
            throw new PerfettoTraceException(name + ": compressed packets end early (inside the packet after byte "
                    + offset + "): the trace is broken");
        }
        out.warn("the last packet (after byte " + offset + ") is cut short and was dropped: the trace was copied "
                + "while still being written, or truncated");
    }

    /**
     * One {@code TracePacket}. Its top-level fields are walked here by number (trace_packet.proto, v58.2) so that
     * only the parts fpsctl keeps are decoded — each with its generated class — instead of building the whole
     * packet: most packets of a real trace are ftrace bundles and FrameTimeline events of a few dozen bytes, and
     * this is the reader's hot loop.
     */
    private void packet(byte[] bytes, long offset) throws IOException, PerfettoTraceException {
        packets++;
        long ts = 0;
        int clock = 0;
        int seq = 0;
        boolean hasSeq = false;
        boolean cleared = false;
        ByteString defaults = null;
        ByteString frameTimeline = null;
        try {
            CodedInputStream p = CodedInputStream.newInstance(bytes);
            while (true) {
                int tag = p.readTag();
                if (tag == 0) {
                    break;
                }
                int wire = tag & 7;
                int want = switch (tag >>> 3) {
                    case 8, 58, 10, 13, 41 -> 0;                                      // varints
                    case 76, 1, 2, 6, 45, 59, 50, 11, 133 -> 2;                       // length-delimited
                    default -> wire;
                };
                if (wire != want) {
                    p.skipField(tag); // protobuf-java: an unknown field
                    continue;
                }
                switch (tag >>> 3) {
                    case 8 -> ts = p.readUInt64();                                    // timestamp
                    case 58 -> clock = p.readUInt32();                                // timestamp_clock_id
                    case 10 -> {                                                      // trusted_packet_sequence_id
                        seq = p.readUInt32();
                        hasSeq = true;
                    }
                    case 13 -> cleared |= (p.readUInt32() & 1) != 0;                  // SEQ_INCREMENTAL_STATE_CLEARED
                    case 41 -> cleared |= p.readBool();                               // incremental_state_cleared
                    case 76 -> frameTimeline = p.readBytes();                         // frame_timeline_event (ext.)
                    case 1 -> {                                                       // ftrace_events
                        ByteString bundle = p.readBytes();
                        FtraceEventBundle parsed = FtraceEventBundle.parseFrom(bundle);
                        long fclock = rawClock(bundle);
                        if (fclock == FtraceClock.FTRACE_CLOCK_UNKNOWN_VALUE
                                || (fclock != Long.MIN_VALUE && FtraceClock.forNumber((int) fclock) == null)) {
                            throw PerfettoTraceReader.unknownFtraceClock(name, packets, fclock);
                        }
                        ftrace(parsed);
                    }
                    case 2 -> processTree(ProcessTree.parseFrom(p.readBytes()));      // process_tree
                    case 6 -> clockSnapshot(ClockSnapshot.parseFrom(p.readBytes()));  // clock_snapshot
                    case 45 -> {                                                      // system_info
                        SystemInfo info = SystemInfo.parseFrom(p.readBytes());
                        if (info.hasAndroidSdkVersion()) {
                            out.sdk((int) info.getAndroidSdkVersion());
                        }
                    }
                    case 59 -> defaults = p.readBytes();                              // trace_packet_defaults
                    case 50 -> {                                                      // compressed_packets
                        if (inCompressed) {
                            throw PerfettoTraceReader.nested(name, packets); // one level only, as the new reader
                        }
                        inflate(p.readBytes(), offset);
                    }
                    case 11 -> {                                                      // track_event
                        out.trackEvent();
                        p.skipField(tag);
                    }
                    case 133 -> throw new PerfettoTraceException(name + ": the trace's packets are "
                            + "zstd-compressed, which fpsctl does not read: record it without compression or with "
                            + "deflate");
                    default -> p.skipField(tag);
                }
            }
            // trace_processor's order (ProtoTraceReader::ParsePacket, v58.2): a cleared incremental state drops the
            // sequence's defaults, then the packet's own defaults replace them, then its timestamp is read with them.
            // Both are keyed by the packet's trusted_packet_sequence_id, which traced appends after the producer's
            // bytes (TracingServiceImpl "Append a slice with the trusted field data"), so they are applied only
            // once the whole packet was walked. Defaults on a packet without a sequence id are ignored, as there.
            if (hasSeq && cleared) {
                out.clearSequence(seq);
            }
            if (defaults != null) {
                if (hasSeq) {
                    TracePacketDefaults d = TracePacketDefaults.parseFrom(defaults);
                    out.sequenceDefaults(seq, d.hasTimestampClockId() ? d.getTimestampClockId() : 0);
                } else {
                    out.warnOnce("trace_packet_defaults on a packet without trusted_packet_sequence_id were "
                            + "ignored (as trace_processor does)");
                }
            }
            if (frameTimeline != null) {
                // timestamp_clock_id 0 is unset: the sequence's default, else the trace clock (trace_packet.proto)
                frameTimeline(ts, clock, seq, FrameTimelineEvent.parseFrom(frameTimeline));
            }
        } catch (InvalidProtocolBufferException e) {
            throw new PerfettoTraceException(name + ": packet " + packets + " (at byte " + offset
                    + ") is not a valid TracePacket: the trace is broken");
        }
    }

    /** The generated message's getters, as TraceCollector.frameTimeline read them at git 2f27324. */
    private void frameTimeline(long ts, int clock, int seq, FrameTimelineEvent e) {
        byte kind;
        long cookie;
        TraceCollector.Start s = null;
        switch (e.getEventCase()) {
            case EXPECTED_DISPLAY_FRAME_START -> {
                var x = e.getExpectedDisplayFrameStart();
                kind = TraceCollector.EXPECTED_DISPLAY;
                cookie = x.getCookie();
                s = new TraceCollector.Start(x.getToken(), -1, x.getPid(), null, 0, false, false, 0, 0, -1, -1,
                        x.hasCookie() && x.hasToken() && x.hasPid());
            }
            case ACTUAL_DISPLAY_FRAME_START -> {
                var x = e.getActualDisplayFrameStart();
                kind = TraceCollector.ACTUAL_DISPLAY;
                cookie = x.getCookie();
                s = new TraceCollector.Start(x.getToken(), -1, x.getPid(), null,
                        x.hasPresentType() ? x.getPresentType().getNumber() : 0, x.getOnTimeFinish(),
                        x.getGpuComposition(), x.getJankType(),
                        x.hasPredictionType() ? x.getPredictionType().getNumber() : 0, -1, -1,
                        x.hasCookie() && x.hasToken() && x.hasPid());
            }
            case EXPECTED_SURFACE_FRAME_START -> {
                var x = e.getExpectedSurfaceFrameStart();
                kind = TraceCollector.EXPECTED_SURFACE;
                cookie = x.getCookie();
                s = new TraceCollector.Start(x.getToken(), x.getDisplayFrameToken(), x.getPid(),
                        out.intern(x.getLayerName()), 0, false, false, 0, 0, -1, -1,
                        x.hasCookie() && x.hasToken() && x.hasDisplayFrameToken() && x.hasPid());
            }
            case ACTUAL_SURFACE_FRAME_START -> {
                var x = e.getActualSurfaceFrameStart();
                kind = TraceCollector.ACTUAL_SURFACE;
                cookie = x.getCookie();
                s = new TraceCollector.Start(x.getToken(), x.getDisplayFrameToken(), x.getPid(),
                        out.intern(x.getLayerName()),
                        x.hasPresentType() ? x.getPresentType().getNumber() : 0, x.getOnTimeFinish(),
                        x.getGpuComposition(), x.getJankType(),
                        x.hasPredictionType() ? x.getPredictionType().getNumber() : 0,
                        x.hasJankSeverityType() ? x.getJankSeverityType().getNumber() : -1,
                        x.hasIsBuffer() ? (x.getIsBuffer() ? 1 : 0) : -1,
                        x.hasCookie() && x.hasToken() && x.hasDisplayFrameToken() && x.hasPid());
            }
            case FRAME_END -> {
                if (!e.getFrameEnd().hasCookie()) {
                    return;
                }
                kind = TraceCollector.END;
                cookie = e.getFrameEnd().getCookie();
            }
            default -> {
                return;
            }
        }
        out.frameTimeline(ts, clock, seq, kind, cookie, s);
    }

    private void inflate(ByteString compressed, long offset) throws IOException, PerfettoTraceException {
        Inflater inflater = new Inflater();
        inCompressed = true;
        try (InputStream in = new BufferedInputStream(new InflaterInputStream(compressed.newInput(), inflater),
                1 << 16)) {
            readTrace(in, false);
        } catch (ZipException e) {
            throw new PerfettoTraceException(name + ": compressed packets at byte " + offset + " do not inflate ("
                    + e.getMessage() + "): the trace is broken");
        } finally {
            inCompressed = false;
            inflater.end();
        }
    }

    private void processTree(ProcessTree tree) {
        for (ProcessTree.Process pr : tree.getProcessesList()) {
            if (pr.hasPid() && pr.getCmdlineCount() > 0) {
                out.process(pr.getPid(), pr.getCmdline(0));
            }
        }
        for (ProcessTree.Thread t : tree.getThreadsList()) {
            if (t.hasTid()) {
                out.thread(t.getTid(), t.hasTgid() ? t.getTgid() : -1, t.hasName() ? t.getName() : null);
            }
        }
    }

    private void clockSnapshot(ClockSnapshot s) {
        long mono = -1;
        long boot = -1;
        for (ClockSnapshot.Clock c : s.getClocksList()) {
            if (c.getClockId() == TraceCollector.MONOTONIC) {
                mono = c.getTimestamp();
            } else if (c.getClockId() == TraceCollector.BOOTTIME) {
                boot = c.getTimestamp();
            }
        }
        if (mono >= 0 && boot >= 0) {
            out.clockSnapshot(mono, boot);
        }
    }

    /**
     * atrace's slices through ftrace's {@code print} event (atrace writes {@code B|pid|name} and {@code E|pid} to
     * trace_marker; Perfetto's {@code PrintFtraceEvent.buf}). Ftrace timestamps are BOOTTIME unless the bundle names
     * another ftrace clock with a BOOTTIME pair to convert by (ftrace_event_bundle.proto, v58.2).
     */
    /**
     * The bundle's last {@code ftrace_clock} as a raw number (protozero's rule, which the streaming reader follows
     * for it), {@link Long#MIN_VALUE} without one; a bundle that is no message is left to {@code parseFrom}.
     */
    private static long rawClock(ByteString bundle) {
        long clock = Long.MIN_VALUE;
        try {
            CodedInputStream in = bundle.newCodedInput();
            for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
                if (tag == (FtraceEventBundle.FTRACE_CLOCK_FIELD_NUMBER << 3)) {
                    clock = in.readEnum();
                } else if (!in.skipField(tag)) {
                    break;
                }
            }
        } catch (IOException e) {
            return Long.MIN_VALUE;
        }
        return clock;
    }

    private void ftrace(FtraceEventBundle bundle) {
        long shift = 0;
        if (bundle.hasFtraceClock() && bundle.getFtraceClock().getNumber() > 1) {
            if (bundle.hasFtraceTimestamp() && bundle.hasBootTimestamp()) {
                shift = bundle.getBootTimestamp() - bundle.getFtraceTimestamp();
            } else {
                out.warnOnce("ftrace events use clock " + bundle.getFtraceClock() + " without a BOOTTIME pair: "
                        + "their times are taken as they are");
            }
        }
        for (FtraceEvent e : bundle.getEventList()) {
            if (e.hasPrint()) {
                byte[] buf = e.getPrint().getBufBytes().toByteArray(); // the bytes, as trace_processor reads them
                out.print((int) e.getPid(), e.getTimestamp() + shift, buf, 0, buf.length);
            }
        }
    }

    /** A varint; −1 at a clean end before its first byte (when {@code endOk}), −2 when the stream ends inside it. */
    private static long readVarint(Bytes in, boolean endOk) throws IOException {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = in.read();
            if (b < 0) {
                return shift == 0 && endOk ? -1 : -2;
            }
            v |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return v;
            }
        }
        return -3; // more than 10 bytes: caught as an impossible length/tag by the caller
    }

    /**
     * The stream read through a buffer of its own: the trace is walked byte by byte for tags and lengths, and
     * {@code BufferedInputStream.read()} takes a lock per byte.
     */
    private static final class Bytes {
        private final InputStream in;
        private final byte[] buf = new byte[1 << 16];
        private int pos;
        private int end;

        Bytes(InputStream in) {
            this.in = in;
        }

        private boolean fill() throws IOException {
            int n = in.read(buf, 0, buf.length);
            if (n <= 0) {
                return false;
            }
            pos = 0;
            end = n;
            return true;
        }

        int read() throws IOException {
            if (pos == end && !fill()) {
                return -1;
            }
            return buf[pos++] & 0xff;
        }

        /** Fills {@code b} as far as the stream goes; the number of bytes read. */
        int readFully(byte[] b) throws IOException {
            int n = 0;
            while (n < b.length) {
                if (pos == end && !fill()) {
                    return n;
                }
                int k = Math.min(b.length - n, end - pos);
                System.arraycopy(buf, pos, b, n, k);
                pos += k;
                n += k;
            }
            return n;
        }

        /** Skips {@code n} bytes (at most 8 here); the number skipped. */
        int skip(int n) throws IOException {
            int k = 0;
            while (k < n && read() >= 0) {
                k++;
            }
            return k;
        }
    }

    private static int varintSize(long v) {
        int n = 1;
        while ((v & ~0x7fL) != 0) {
            v >>>= 7;
            n++;
        }
        return n;
    }
}
