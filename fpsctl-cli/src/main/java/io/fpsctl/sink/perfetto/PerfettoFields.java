package io.fpsctl.sink.perfetto;

/**
 * The field numbers fpsctl writes, from Perfetto's trace protos (stable: protobuf field numbers never change).
 * Public so that tests can decode the trace with a plain protobuf reader.
 */
public final class PerfettoFields {
    /** {@code Trace.packet} (repeated TracePacket). */
    public static final int TRACE_PACKET = 1;

    /** {@code TracePacket.clock_snapshot} (ClockSnapshot, trace_packet.proto). */
    public static final int PACKET_CLOCK_SNAPSHOT = 6;
    /**
     * {@code TracePacket.timestamp_clock_id} (uint32, trace_packet.proto): the clock of {@code timestamp}; unset
     * means BOOTTIME.
     */
    public static final int PACKET_TIMESTAMP_CLOCK_ID = 58;
    /** {@code ClockSnapshot.primary_trace_clock} (BuiltinClock, clock_snapshot.proto): the trace's time domain. */
    public static final int CLOCK_SNAPSHOT_PRIMARY_TRACE_CLOCK = 2;
    /** {@code BuiltinClock.BUILTIN_CLOCK_MONOTONIC} (common/builtin_clock.proto; BOOTTIME is 6). */
    public static final int BUILTIN_CLOCK_MONOTONIC = 3;
    /** {@code TracePacket.timestamp} (uint64, ns; default clock BOOTTIME). */
    public static final int PACKET_TIMESTAMP = 8;
    /** {@code TracePacket.trusted_packet_sequence_id} (uint32). */
    public static final int PACKET_SEQUENCE_ID = 10;
    /** {@code TracePacket.track_event} (TrackEvent). */
    public static final int PACKET_TRACK_EVENT = 11;
    /** {@code TracePacket.sequence_flags} (uint32; 1 = SEQ_INCREMENTAL_STATE_CLEARED). */
    public static final int PACKET_SEQUENCE_FLAGS = 13;
    /** {@code TracePacket.track_descriptor} (TrackDescriptor). */
    public static final int PACKET_TRACK_DESCRIPTOR = 60;

    /** {@code TrackDescriptor.uuid} (uint64). */
    public static final int TRACK_UUID = 1;
    /** {@code TrackDescriptor.name} (string). */
    public static final int TRACK_NAME = 2;
    /** {@code TrackDescriptor.parent_uuid} (uint64). */
    public static final int TRACK_PARENT_UUID = 5;
    /** {@code TrackDescriptor.counter} (CounterDescriptor; present = a counter track). */
    public static final int TRACK_COUNTER = 8;

    /** {@code TrackEvent.debug_annotations} (repeated DebugAnnotation). */
    public static final int EVENT_DEBUG_ANNOTATIONS = 4;
    /** {@code TrackEvent.type} (enum Type). */
    public static final int EVENT_TYPE = 9;
    /** {@code TrackEvent.track_uuid} (uint64). */
    public static final int EVENT_TRACK_UUID = 11;
    /** {@code TrackEvent.categories} (repeated string). */
    public static final int EVENT_CATEGORIES = 22;
    /** {@code TrackEvent.name} (string). */
    public static final int EVENT_NAME = 23;
    /** {@code TrackEvent.double_counter_value} (double). */
    public static final int EVENT_DOUBLE_COUNTER_VALUE = 44;

    /** {@code TrackEvent.Type} values. */
    public static final int TYPE_SLICE_BEGIN = 1;
    public static final int TYPE_SLICE_END = 2;
    public static final int TYPE_COUNTER = 4;

    /** {@code DebugAnnotation.bool_value} (bool). */
    public static final int ANNOTATION_BOOL = 2;
    /** {@code DebugAnnotation.int_value} (int64). */
    public static final int ANNOTATION_INT = 4;
    /** {@code DebugAnnotation.double_value} (double). */
    public static final int ANNOTATION_DOUBLE = 5;
    /** {@code DebugAnnotation.string_value} (string). */
    public static final int ANNOTATION_STRING = 6;
    /** {@code DebugAnnotation.name} (string). */
    public static final int ANNOTATION_NAME = 10;

    private PerfettoFields() {
    }
}
