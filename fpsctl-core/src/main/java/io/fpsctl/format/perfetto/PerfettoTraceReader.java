package io.fpsctl.format.perfetto;

import com.android.internal.FrameworksNativeTracePacketOuterClass;
import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameworksNativeTracePacket;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.ExtensionRegistryLite;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import java.util.zip.ZipException;
import perfetto.protos.ClockSnapshotOuterClass.ClockSnapshot;
import perfetto.protos.ProcessTreeOuterClass.ProcessTree;
import perfetto.protos.SystemInfoOuterClass.SystemInfo;
import perfetto.protos.TracePacketDefaultsOuterClass.TracePacketDefaults;
import perfetto.protos.TracePacketOuterClass.TracePacket;

/**
 * Reads a Perfetto trace file ({@code .perfetto-trace}, {@code .pftrace}; gzip'd too) in one streaming pass and
 * keeps only what fpsctl measures ({@link TraceContents}). The file is a {@code Trace} message: a sequence of
 * {@code packet = 1} fields, each a {@code TracePacket} (Perfetto's {@code protos/perfetto/trace/trace.proto},
 * v58.2). Memory holds one buffer of the file plus the kept frames and slices, never the file.
 *
 * <p>Each packet is walked in place in the read buffer, field by field ({@link CodedInputStream} over the buffer's
 * slice), and only what fpsctl keeps is decoded: the hot kinds — FrameTimeline events and ftrace bundles, most of a
 * real trace's packets — by {@link FrameTimelineDecoder} and {@link FtraceDecoder} without building their generated
 * messages (an object per field was most of the reading time, docs/performance.md "Decoding a Perfetto trace"), the
 * rare ones (process records, clock snapshots, system info, packet defaults) with their generated classes. The
 * generated classes stay the schema: every field number is their {@code *_FIELD_NUMBER} constant, and the decoders
 * give what the generated classes give, byte for byte of fpsctl's output (scripts/check-same-outputs, and
 * {@code LegacyTraceReaderComparisonTest} against the reader that built them).
 *
 * <ul>
 *   <li>{@code compressed_packets} (50): a deflate'd {@code Trace} (zlib stream, {@code TraceConfig.compression_type
 *       = DEFLATE}), read the same way; {@code zstd_compressed_packets} (133) is refused with a one-line error.</li>
 *   <li>Unknown fields and packet kinds are skipped (the trimmed protos drop what fpsctl does not read).</li>
 *   <li>A last packet cut short (a trace copied while still being written) is dropped with a warning; anything else
 *       that is not a trace is a {@link PerfettoTraceException} with one line naming the file.</li>
 * </ul>
 */
public final class PerfettoTraceReader {

    /** The largest packet read (Perfetto's own packets are far smaller; a bigger length means a broken file). */
    static final int MAX_PACKET_BYTES = 64 << 20;
    /** The gzip magic (RFC 1952). */
    private static final int GZIP_1 = 0x1f;
    private static final int GZIP_2 = 0x8b;
    /** {@code Trace.packet = 1}, length-delimited: the tag byte every trace starts with. */
    private static final int TRACE_PACKET_TAG = (1 << 3) | 2;

    private static final ExtensionRegistryLite REGISTRY = registry();

    /** The top-level {@code TracePacket} fields read (trace_packet.proto, v58.2, as generated). */
    private static final int TIMESTAMP = TracePacket.TIMESTAMP_FIELD_NUMBER;
    private static final int CLOCK_ID = TracePacket.TIMESTAMP_CLOCK_ID_FIELD_NUMBER;
    private static final int SEQUENCE_ID = TracePacket.TRUSTED_PACKET_SEQUENCE_ID_FIELD_NUMBER;
    private static final int SEQUENCE_FLAGS = TracePacket.SEQUENCE_FLAGS_FIELD_NUMBER;
    private static final int STATE_CLEARED = TracePacket.INCREMENTAL_STATE_CLEARED_FIELD_NUMBER;
    private static final int FRAME_TIMELINE = FrameworksNativeTracePacket.FRAME_TIMELINE_EVENT_FIELD_NUMBER;
    private static final int FTRACE = TracePacket.FTRACE_EVENTS_FIELD_NUMBER;
    private static final int PROCESS_TREE = TracePacket.PROCESS_TREE_FIELD_NUMBER;
    private static final int CLOCK_SNAPSHOT = TracePacket.CLOCK_SNAPSHOT_FIELD_NUMBER;
    private static final int SYSTEM_INFO = TracePacket.SYSTEM_INFO_FIELD_NUMBER;
    private static final int DEFAULTS = TracePacket.TRACE_PACKET_DEFAULTS_FIELD_NUMBER;
    private static final int COMPRESSED = TracePacket.COMPRESSED_PACKETS_FIELD_NUMBER;
    private static final int ZSTD = TracePacket.ZSTD_COMPRESSED_PACKETS_FIELD_NUMBER;
    private static final int TRACK_EVENT = TracePacket.TRACK_EVENT_FIELD_NUMBER;
    /** {@code TracePacket.SEQ_INCREMENTAL_STATE_CLEARED}, a bit of {@code sequence_flags}. */
    private static final int SEQ_INCREMENTAL_STATE_CLEARED =
            TracePacket.SequenceFlags.SEQ_INCREMENTAL_STATE_CLEARED_VALUE;

    private final String name;
    private final TraceCollector out;
    private final FrameTimelineDecoder frameTimeline;
    private final FtraceDecoder ftrace;
    private long packets;
    /** True while the packets of a {@code compressed_packets} field are read: they may not hold another one. */
    private boolean inCompressed;

    private PerfettoTraceReader(String name, TraceCollector out) {
        this.name = name;
        this.out = out;
        this.frameTimeline = new FrameTimelineDecoder(out);
        this.ftrace = new FtraceDecoder(out);
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
        PerfettoTraceReader reader = new PerfettoTraceReader(name, collector);
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
                    if (!in.request((int) len)) {
                        truncated(top, offset);
                        return;
                    }
                    if (field == 1) {
                        packet(in.buf, in.pos, (int) len, offset);
                    } // other fields of Trace: unknown, skipped
                    in.pos += (int) len;
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
     * One {@code TracePacket}, {@code b[start, start + len)}. Its top-level fields are walked here by number
     * (trace_packet.proto, v58.2) so that only the parts fpsctl keeps are decoded, instead of building the whole
     * packet: most packets of a real trace are ftrace bundles and FrameTimeline events of a few dozen bytes, and this
     * is the reader's hot loop. A length-delimited field is taken as its slice of {@code b} (checked against the
     * packet's end as {@code CodedInputStream.readBytes} checks it), not copied.
     */
    private void packet(byte[] b, int start, int len, long offset) throws IOException, PerfettoTraceException {
        packets++;
        long ts = 0;
        int clock = 0;
        int seq = 0;
        boolean hasSeq = false;
        boolean cleared = false;
        int defaultsAt = -1;
        int defaultsLen = 0;
        int frameTimelineAt = -1;
        int frameTimelineLen = 0;
        try {
            CodedInputStream p = CodedInputStream.newInstance(b, start, len);
            while (true) {
                int tag = p.readTag();
                if (tag == 0) {
                    break;
                }
                if (wrongWireType(tag)) {
                    p.skipField(tag); // an unknown field to protobuf-java's generated parser: skipped, not misread
                    continue;
                }
                switch (tag >>> 3) {
                    case TIMESTAMP -> ts = p.readUInt64();
                    case CLOCK_ID -> clock = p.readUInt32();
                    case SEQUENCE_ID -> {
                        seq = p.readUInt32();
                        hasSeq = true;
                    }
                    case SEQUENCE_FLAGS -> cleared |= (p.readUInt32() & SEQ_INCREMENTAL_STATE_CLEARED) != 0;
                    case STATE_CLEARED -> cleared |= p.readBool();
                    case FRAME_TIMELINE -> {                                         // an extension (v58+)
                        frameTimelineLen = p.readRawVarint32();
                        frameTimelineAt = slice(p, start, frameTimelineLen);
                    }
                    case FTRACE -> {
                        int n = p.readRawVarint32();
                        long refused = ftrace.decode(b, slice(p, start, n), n);
                        if (refused != FtraceDecoder.READ) {
                            throw unknownFtraceClock(name, packets, refused);
                        }
                    }
                    case PROCESS_TREE -> processTree(ProcessTree.parseFrom(bytes(p, b, start)));
                    case CLOCK_SNAPSHOT -> clockSnapshot(ClockSnapshot.parseFrom(bytes(p, b, start)));
                    case SYSTEM_INFO -> {
                        SystemInfo info = SystemInfo.parseFrom(bytes(p, b, start));
                        if (info.hasAndroidSdkVersion()) {
                            out.sdk((int) info.getAndroidSdkVersion());
                        }
                    }
                    case DEFAULTS -> {
                        defaultsLen = p.readRawVarint32();
                        defaultsAt = slice(p, start, defaultsLen);
                    }
                    case COMPRESSED -> {
                        if (inCompressed) {
                            throw nested(name, packets);
                        }
                        int n = p.readRawVarint32();
                        inflate(b, slice(p, start, n), n, offset);
                    }
                    case TRACK_EVENT -> {
                        out.trackEvent(); // only counted: fpsctl reads atrace from ftrace, not from the Perfetto SDK
                        p.skipField(tag);
                    }
                    case ZSTD -> throw new PerfettoTraceException(name + ": the trace's packets are "
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
            if (defaultsAt >= 0) {
                if (hasSeq) {
                    TracePacketDefaults d = TracePacketDefaults.parseFrom(ByteBuffer.wrap(b, defaultsAt, defaultsLen));
                    out.sequenceDefaults(seq, d.hasTimestampClockId() ? d.getTimestampClockId() : 0);
                } else {
                    out.warnOnce("trace_packet_defaults on a packet without trusted_packet_sequence_id were "
                            + "ignored (as trace_processor does)");
                }
            }
            if (frameTimelineAt >= 0) {
                // timestamp_clock_id 0 is unset: the sequence's default, else the trace clock (trace_packet.proto)
                frameTimeline.decode(b, frameTimelineAt, frameTimelineLen, ts, clock, seq);
            }
        } catch (InvalidProtocolBufferException e) {
            throw new PerfettoTraceException(name + ": packet " + packets + " (at byte " + offset
                    + ") is not a valid TracePacket: the trace is broken");
        }
    }

    /**
     * True when {@code tag} names a {@code TracePacket} field this walker reads but with another wire type than the
     * schema's (trace_packet.proto, v58.2: the five scalars are varints, the messages and bytes length-delimited).
     * protobuf-java's generated {@code parseFrom} reads such a field as an unknown one ({@code parseUnknownField}),
     * so the packet keeps the field unset instead of failing or taking a varint for a length.
     */
    private static boolean wrongWireType(int tag) {
        int wire = tag & 7;
        return switch (tag >>> 3) {
            case TIMESTAMP, CLOCK_ID, SEQUENCE_ID, SEQUENCE_FLAGS, STATE_CLEARED -> wire != WireFormat.WIRETYPE_VARINT;
            case FRAME_TIMELINE, FTRACE, PROCESS_TREE, CLOCK_SNAPSHOT, SYSTEM_INFO, DEFAULTS, COMPRESSED, TRACK_EVENT,
                    ZSTD -> wire != WireFormat.WIRETYPE_LENGTH_DELIMITED;
            default -> false;
        };
    }

    /**
     * Skips the {@code n} bytes of a length-delimited field whose length {@code p} just read, and gives where they
     * start in the buffer ({@code p} reads from {@code start}); a length past the packet's end is an
     * {@link InvalidProtocolBufferException}, as {@code readBytes} makes it.
     */
    private static int slice(CodedInputStream p, int start, int n) throws IOException {
        int at = start + p.getTotalBytesRead();
        p.skipRawBytes(n);
        return at;
    }

    /** A length-delimited field's bytes, for a generated class to parse (a rare packet: process records and such). */
    private static ByteBuffer bytes(CodedInputStream p, byte[] b, int start) throws IOException {
        int n = p.readRawVarint32();
        return ByteBuffer.wrap(b, slice(p, start, n), n);
    }

    private void inflate(byte[] b, int at, int n, long offset) throws IOException, PerfettoTraceException {
        Inflater inflater = new Inflater();
        inCompressed = true;
        try (InputStream in = new InflaterInputStream(new ByteArrayInputStream(b, at, n), inflater, 1 << 16)) {
            readTrace(in, false);
        } catch (ZipException e) {
            throw new PerfettoTraceException(name + ": compressed packets at byte " + offset + " do not inflate ("
                    + e.getMessage() + "): the trace is broken");
        } finally {
            inCompressed = false;
            inflater.end();
        }
    }

    /**
     * An ftrace bundle on FTRACE_CLOCK_UNKNOWN or a clock number v58.2 does not know: trace_processor's
     * {@code FtraceTokenizer::HandleFtraceClockSnapshot} returns an error, and {@code TraceProcessorStorageImpl::Parse}
     * makes any parse error unrecoverable (the import stops there), so fpsctl refuses the trace the same way, rather
     * than read the events on a clock nobody can convert. Shared with the test sources' reader.
     */
    static PerfettoTraceException unknownFtraceClock(String name, long packet, long clock) {
        return new PerfettoTraceException(name + ": packet " + packet + " holds ftrace events on ftrace clock " + clock
                + " (unknown), which Perfetto refuses (\"Unable to parse ftrace packets with unknown clock\"): the "
                + "trace cannot be read");
    }

    /**
     * {@code compressed_packets} inside {@code compressed_packets}: Perfetto expands one level only (v58.2,
     * {@code ProtoTraceTokenizer::Tokenize} hands each decompressed packet straight to its callback, and
     * {@code ProtoTraceReader::ParsePacket} then stops at {@code PERFETTO_CHECK(!decoder.has_compressed_packets())}),
     * so such a trace is no trace Perfetto reads; refused here before it could nest deep enough to exhaust the stack.
     * Shared with the test sources' reader so that both give the same message.
     */
    static PerfettoTraceException nested(String name, long packet) {
        return new PerfettoTraceException(name + ": packet " + packet + " holds compressed packets inside compressed "
                + "packets, which Perfetto does not read (one level only): the trace is broken");
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
        private byte[] buf = new byte[1 << 16];
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

        /**
         * Makes {@code buf[pos, pos + n)} hold the stream's next {@code n} bytes, so that a packet is read in place
         * (the buffer grows for a packet bigger than it); false when the stream ends first.
         */
        boolean request(int n) throws IOException {
            if (end - pos >= n) {
                return true;
            }
            int have = end - pos;
            byte[] to = n > buf.length ? new byte[Math.max(n, buf.length * 2)] : buf;
            System.arraycopy(buf, pos, to, 0, have);
            buf = to;
            pos = 0;
            end = have;
            while (end < n) {
                int k = in.read(buf, end, buf.length - end);
                if (k <= 0) {
                    return false;
                }
                end += k;
            }
            return true;
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
