/**
 * Perfetto traces of the frames ({@code --perfetto FILE}): a {@code Trace} of {@code TracePacket}s holding
 * {@code TrackDescriptor}s and {@code TrackEvent}s, encoded with protobuf-java's {@code CodedOutputStream}. Only the
 * few fields fpsctl writes are used; their numbers are those of Perfetto's
 * {@code protos/perfetto/trace/trace.proto}, {@code trace_packet.proto}, {@code track_event/track_event.proto},
 * {@code track_event/track_descriptor.proto}, {@code track_event/counter_descriptor.proto} and
 * {@code track_event/debug_annotation.proto} (see {@link io.fpsctl.sink.perfetto.PerfettoFields}).
 */
package io.fpsctl.sink.perfetto;
