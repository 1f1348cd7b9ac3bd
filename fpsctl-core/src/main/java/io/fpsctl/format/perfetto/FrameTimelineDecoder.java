package io.fpsctl.format.perfetto;

import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameTimelineEvent;
import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameTimelineEvent.ActualDisplayFrameStart;
import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameTimelineEvent.ActualSurfaceFrameStart;
import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameTimelineEvent.ExpectedDisplayFrameStart;
import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameTimelineEvent.ExpectedSurfaceFrameStart;
import com.android.internal.FrameworksNativeTracePacketOuterClass.FrameTimelineEvent.FrameEnd;
import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Decodes one {@code FrameTimelineEvent} (frameworks_native_trace_packet.proto, Perfetto v58.2; the
 * {@code TracePacket} extension 76) straight from the packet's bytes into {@link TraceCollector#frameTimeline}, with
 * the result its generated class gives — without building it: a trace holds about six of these per frame and the
 * generated objects were most of the reader's time. The schema is the generated class's: every field number below
 * is its {@code *_FIELD_NUMBER} constant, and its enums decide which values exist.
 *
 * <p>protobuf-java's rules for a proto2 message, kept here: a field with another wire type than the schema's is an
 * unknown field, skipped (as is every field fpsctl does not read, by {@code CodedInputStream.skipField}); the last
 * value of a repeated scalar wins; a closed enum's value the release does not know leaves the field unset; a oneof
 * member met twice merges, another member replaces it; an end-group tag where none was opened is an error, as are a
 * cut varint and a length past the end. trace_processor (protozero) differs on a repeated or conflicting member and
 * on unknown enum values; docs/metrics.md 15.1 says how, and why fpsctl keeps these rules.
 */
final class FrameTimelineDecoder {

    private static final int VARINT = WireFormat.WIRETYPE_VARINT;
    private static final int LENGTH = WireFormat.WIRETYPE_LENGTH_DELIMITED;

    /** Where a start's fields go ({@link #values}); bit {@code 1 << slot} of {@link #has} says it was set. */
    private static final int COOKIE = 0;
    private static final int TOKEN = 1;
    private static final int DISPLAY_TOKEN = 2;
    private static final int PID = 3;
    private static final int LAYER = 4;        // the length of layer_name; its offset in LAYER_AT
    private static final int PRESENT = 5;
    private static final int ON_TIME = 6;
    private static final int GPU = 7;
    private static final int JANK = 8;
    private static final int PREDICTION = 9;
    private static final int IS_BUFFER = 10;
    private static final int SEVERITY = 11;
    private static final int LAYER_AT = 12;
    private static final int SLOTS = 13;

    /** How a field is read (protobuf-java's read call for its type). */
    private enum Type { INT64, INT32, BOOL, ENUM, STRING }

    /** One field of a start message: its slot and type (an enum's slot names its generated enum: {@link #known}). */
    private record Field(int slot, Type type) {
        int wire() {
            return type == Type.STRING ? LENGTH : VARINT;
        }
    }

    /** Per enum slot, the values its generated enum has (proto2 enums are closed): index = value. */
    private static final boolean[][] KNOWN = new boolean[SLOTS][];

    static {
        KNOWN[PRESENT] = values(FrameTimelineEvent.PresentType.values());
        KNOWN[PREDICTION] = values(FrameTimelineEvent.PredictionType.values());
        KNOWN[SEVERITY] = values(FrameTimelineEvent.JankSeverityType.values());
    }

    private static boolean[] values(com.google.protobuf.ProtocolMessageEnum[] all) {
        int max = 0;
        for (com.google.protobuf.ProtocolMessageEnum e : all) {
            max = Math.max(max, e.getNumber());
        }
        boolean[] t = new boolean[max + 1];
        for (com.google.protobuf.ProtocolMessageEnum e : all) {
            t[e.getNumber()] = true;
        }
        return t;
    }

    /** Whether the generated enum of an enum slot has the value {@code v}. */
    private static boolean known(int slot, int v) {
        boolean[] t = KNOWN[slot];
        return v >= 0 && v < t.length && t[v];
    }

    /** Per oneof member (index = {@link TraceCollector}'s kind), field number → how it is read; null: not read. */
    private static final Field[][] FIELDS = new Field[TraceCollector.END + 1][];

    static {
        Field[] ed = table(ExpectedDisplayFrameStart.COOKIE_FIELD_NUMBER, COOKIE, Type.INT64,
                ExpectedDisplayFrameStart.TOKEN_FIELD_NUMBER, TOKEN, Type.INT64,
                ExpectedDisplayFrameStart.PID_FIELD_NUMBER, PID, Type.INT32);
        Field[] ad = table(ActualDisplayFrameStart.COOKIE_FIELD_NUMBER, COOKIE, Type.INT64,
                ActualDisplayFrameStart.TOKEN_FIELD_NUMBER, TOKEN, Type.INT64,
                ActualDisplayFrameStart.PID_FIELD_NUMBER, PID, Type.INT32,
                ActualDisplayFrameStart.ON_TIME_FINISH_FIELD_NUMBER, ON_TIME, Type.BOOL,
                ActualDisplayFrameStart.GPU_COMPOSITION_FIELD_NUMBER, GPU, Type.BOOL,
                ActualDisplayFrameStart.JANK_TYPE_FIELD_NUMBER, JANK, Type.INT32);
        ad[ActualDisplayFrameStart.PRESENT_TYPE_FIELD_NUMBER] = new Field(PRESENT, Type.ENUM);
        ad[ActualDisplayFrameStart.PREDICTION_TYPE_FIELD_NUMBER] =
                new Field(PREDICTION, Type.ENUM);
        Field[] es = table(ExpectedSurfaceFrameStart.COOKIE_FIELD_NUMBER, COOKIE, Type.INT64,
                ExpectedSurfaceFrameStart.TOKEN_FIELD_NUMBER, TOKEN, Type.INT64,
                ExpectedSurfaceFrameStart.DISPLAY_FRAME_TOKEN_FIELD_NUMBER, DISPLAY_TOKEN, Type.INT64,
                ExpectedSurfaceFrameStart.PID_FIELD_NUMBER, PID, Type.INT32,
                ExpectedSurfaceFrameStart.LAYER_NAME_FIELD_NUMBER, LAYER, Type.STRING);
        Field[] as = table(ActualSurfaceFrameStart.COOKIE_FIELD_NUMBER, COOKIE, Type.INT64,
                ActualSurfaceFrameStart.TOKEN_FIELD_NUMBER, TOKEN, Type.INT64,
                ActualSurfaceFrameStart.DISPLAY_FRAME_TOKEN_FIELD_NUMBER, DISPLAY_TOKEN, Type.INT64,
                ActualSurfaceFrameStart.PID_FIELD_NUMBER, PID, Type.INT32,
                ActualSurfaceFrameStart.LAYER_NAME_FIELD_NUMBER, LAYER, Type.STRING,
                ActualSurfaceFrameStart.ON_TIME_FINISH_FIELD_NUMBER, ON_TIME, Type.BOOL,
                ActualSurfaceFrameStart.GPU_COMPOSITION_FIELD_NUMBER, GPU, Type.BOOL,
                ActualSurfaceFrameStart.JANK_TYPE_FIELD_NUMBER, JANK, Type.INT32,
                ActualSurfaceFrameStart.IS_BUFFER_FIELD_NUMBER, IS_BUFFER, Type.BOOL);
        as[ActualSurfaceFrameStart.PRESENT_TYPE_FIELD_NUMBER] = new Field(PRESENT, Type.ENUM);
        as[ActualSurfaceFrameStart.PREDICTION_TYPE_FIELD_NUMBER] =
                new Field(PREDICTION, Type.ENUM);
        as[ActualSurfaceFrameStart.JANK_SEVERITY_TYPE_FIELD_NUMBER] = new Field(SEVERITY, Type.ENUM);
        FIELDS[TraceCollector.EXPECTED_DISPLAY] = ed;
        FIELDS[TraceCollector.ACTUAL_DISPLAY] = ad;
        FIELDS[TraceCollector.EXPECTED_SURFACE] = es;
        FIELDS[TraceCollector.ACTUAL_SURFACE] = as;
        FIELDS[TraceCollector.END] = table(FrameEnd.COOKIE_FIELD_NUMBER, COOKIE, Type.INT64);
    }

    /** A table from (field number, slot, type) triples, sized for the largest field number the messages have. */
    private static Field[] table(Object... triples) {
        Field[] t = new Field[32];
        for (int i = 0; i < triples.length; i += 3) {
            t[(Integer) triples[i]] = new Field((Integer) triples[i + 1], (Type) triples[i + 2]);
        }
        return t;
    }

    /** The oneof {@code event}'s member of a field number (its kind), 0 for a field that is not one. */
    private static byte kindOf(int field) {
        return switch (field) {
            case FrameTimelineEvent.EXPECTED_DISPLAY_FRAME_START_FIELD_NUMBER -> TraceCollector.EXPECTED_DISPLAY;
            case FrameTimelineEvent.ACTUAL_DISPLAY_FRAME_START_FIELD_NUMBER -> TraceCollector.ACTUAL_DISPLAY;
            case FrameTimelineEvent.EXPECTED_SURFACE_FRAME_START_FIELD_NUMBER -> TraceCollector.EXPECTED_SURFACE;
            case FrameTimelineEvent.ACTUAL_SURFACE_FRAME_START_FIELD_NUMBER -> TraceCollector.ACTUAL_SURFACE;
            case FrameTimelineEvent.FRAME_END_FIELD_NUMBER -> TraceCollector.END;
            default -> 0;
        };
    }

    private final TraceCollector out;
    /** The event being decoded: its oneof member (0: none yet), which slots are set, and their values. */
    private byte kind;
    private int has;
    private final long[] values = new long[SLOTS];
    /** The last layer names seen, as bytes, so that a frame's layer name is matched before a String is built. */
    private final byte[][] layerBytes = new byte[8][];
    private final String[] layerNames = new String[8];
    private int nextLayer;

    FrameTimelineDecoder(TraceCollector out) {
        this.out = out;
    }

    /**
     * Decodes the {@code FrameTimelineEvent} in {@code b[off, off + len)} of a packet stamped {@code ts} on
     * {@code ownClock} (0: none) of sequence {@code seq}, and hands it to the collector (nothing for an event without
     * a member this release knows, or an end without a cookie).
     */
    void decode(byte[] b, int off, int len, long ts, int ownClock, int seq) throws IOException {
        kind = 0;
        has = 0;
        CodedInputStream in = CodedInputStream.newInstance(b, off, len);
        while (true) {
            int tag = in.readTag();
            if (tag == 0) {
                break;
            }
            byte k = WireFormat.getTagWireType(tag) == LENGTH ? kindOf(WireFormat.getTagFieldNumber(tag)) : 0;
            if (k == 0) {
                if (!in.skipField(tag)) {
                    break;
                }
                continue;
            }
            if (k != kind) { // another member of the oneof: it replaces the one before
                kind = k;
                has = 0;
            }
            int length = in.readRawVarint32();
            int limit = in.pushLimit(length);
            message(in, off, FIELDS[k]);
            in.popLimit(limit);
        }
        in.checkLastTagWas(0);
        emit(b, ts, ownClock, seq);
    }

    /** One start/end message, merged into {@link #values} (protobuf-java's {@code readMessage}). */
    private void message(CodedInputStream in, int base, Field[] fields) throws IOException {
        while (true) {
            int tag = in.readTag();
            if (tag == 0) {
                break;
            }
            int number = WireFormat.getTagFieldNumber(tag);
            Field f = number < fields.length ? fields[number] : null;
            if (f == null || WireFormat.getTagWireType(tag) != f.wire()) {
                if (!in.skipField(tag)) {
                    break;
                }
                continue;
            }
            switch (f.type()) {
                case INT64 -> set(f.slot(), in.readInt64());
                case INT32 -> set(f.slot(), in.readInt32());
                case BOOL -> set(f.slot(), in.readBool() ? 1 : 0);
                case ENUM -> {
                    int v = in.readEnum();
                    if (known(f.slot(), v)) {
                        set(f.slot(), v);
                    } // else an unknown field: the value before stays
                }
                case STRING -> {
                    int n = in.readRawVarint32();
                    int at = base + in.getTotalBytesRead();
                    in.skipRawBytes(n); // checks n against the message's end
                    set(LAYER_AT, at);
                    set(f.slot(), n);
                }
                default -> throw new IllegalStateException();
            }
        }
        in.checkLastTagWas(0);
    }

    private void set(int slot, long v) {
        values[slot] = v;
        has |= 1 << slot;
    }

    /** A slot's value, 0 when unset (the generated getters' default for every field read here). */
    private long v(int slot) {
        return has(slot) ? values[slot] : 0;
    }

    private boolean has(int slot) {
        return (has & (1 << slot)) != 0;
    }

    private boolean hasAll(int... slots) {
        for (int s : slots) {
            if (!has(s)) {
                return false;
            }
        }
        return true;
    }

    /** The collector's call for the decoded event, with the generated getters' values for unset fields. */
    private void emit(byte[] b, long ts, int ownClock, int seq) {
        long cookie = v(COOKIE);
        long token = v(TOKEN);
        int pid = (int) v(PID);
        int present = (int) v(PRESENT);
        int prediction = (int) v(PREDICTION);
        boolean onTime = v(ON_TIME) != 0;
        boolean gpu = v(GPU) != 0;
        int jank = (int) v(JANK);
        TraceCollector.Start s;
        switch (kind) {
            case TraceCollector.EXPECTED_DISPLAY -> s = new TraceCollector.Start(token, -1, pid, null, 0, false,
                    false, 0, 0, -1, -1, hasAll(COOKIE, TOKEN, PID));
            case TraceCollector.ACTUAL_DISPLAY -> s = new TraceCollector.Start(token, -1, pid, null, present, onTime,
                    gpu, jank, prediction, -1, -1, hasAll(COOKIE, TOKEN, PID));
            case TraceCollector.EXPECTED_SURFACE -> s = new TraceCollector.Start(token, v(DISPLAY_TOKEN), pid,
                    layer(b), 0, false, false, 0, 0, -1, -1, hasAll(COOKIE, TOKEN, DISPLAY_TOKEN, PID));
            case TraceCollector.ACTUAL_SURFACE -> s = new TraceCollector.Start(token, v(DISPLAY_TOKEN), pid,
                    layer(b), present, onTime, gpu, jank, prediction,
                    has(SEVERITY) ? (int) v(SEVERITY) : -1,
                    has(IS_BUFFER) ? (v(IS_BUFFER) != 0 ? 1 : 0) : -1,
                    hasAll(COOKIE, TOKEN, DISPLAY_TOKEN, PID));
            case TraceCollector.END -> {
                if (!has(COOKIE)) {
                    return;
                }
                s = null;
            }
            default -> {
                return; // no member this release knows
            }
        }
        out.frameTimeline(ts, ownClock, seq, kind, cookie, s);
    }

    /** The layer name ("" when unset, as the generated getter), the same String for the same bytes. */
    private String layer(byte[] b) {
        if (!has(LAYER)) {
            return out.intern("");
        }
        int at = (int) v(LAYER_AT);
        int n = (int) v(LAYER);
        for (int i = 0; i < layerBytes.length; i++) {
            byte[] known = layerBytes[i];
            if (known != null && Arrays.equals(known, 0, known.length, b, at, at + n)) {
                return layerNames[i];
            }
        }
        String name = out.intern(new String(b, at, n, StandardCharsets.UTF_8));
        layerBytes[nextLayer] = Arrays.copyOfRange(b, at, at + n);
        layerNames[nextLayer] = name;
        nextLayer = (nextLayer + 1) % layerBytes.length;
        return name;
    }
}
