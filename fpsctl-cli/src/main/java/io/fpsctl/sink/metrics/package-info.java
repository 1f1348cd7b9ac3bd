/**
 * Live frame metrics for Prometheus ({@code fpsctl exporter}): counters, a frame-time histogram and gauges per
 * device, app, window and source, with bounded cardinality. Uses the official Prometheus Java client.
 */
package io.fpsctl.sink.metrics;
