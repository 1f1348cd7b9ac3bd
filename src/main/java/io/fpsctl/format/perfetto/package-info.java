/**
 * Perfetto traces read back ({@code .perfetto-trace}, {@code .pftrace}, gzip'd): {@link
 * io.fpsctl.format.perfetto.PerfettoTraceReader} streams a trace's packets through the classes generated from
 * Perfetto's own protos (src/main/proto, google/perfetto v58.2) and keeps what fpsctl measures — FrameTimeline
 * SurfaceFrames paired by cookie (trace_processor's semantics), processes and threads, clock snapshots, and atrace
 * slices for Macrobenchmark's frame metrics (docs/metrics.md 14). Depends on {@code engine} and {@code text} only.
 */
package io.fpsctl.format.perfetto;
