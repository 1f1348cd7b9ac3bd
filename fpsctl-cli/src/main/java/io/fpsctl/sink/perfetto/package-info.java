/**
 * Perfetto traces of the frames ({@code --perfetto FILE}): a {@code Trace} of {@code TracePacket}s holding
 * {@code TrackDescriptor}s and {@code TrackEvent}s, built with the classes generated from Perfetto's own protos
 * (src/main/proto, google/perfetto v58.2: {@code trace.proto}, {@code trace_packet.proto},
 * {@code track_event/track_event.proto}, {@code track_descriptor.proto}, {@code counter_descriptor.proto},
 * {@code debug_annotation.proto}, {@code clock_snapshot.proto}) and written packet by packet.
 */
package io.fpsctl.sink.perfetto;
