package io.fpsctl.sim.device;

/** Builds the bytes of a finished {@link PerfettoSession}'s trace file. */
@FunctionalInterface
interface PerfettoTraceEncoder {

    byte[] encode(PerfettoSession session);
}
